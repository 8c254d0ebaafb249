import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onSend hook for the sandbox pages: their one inline <style> gets this reply's CSP nonce
 * (@fastify/helmet's enableCSPNonces), so the pages pass the policy without 'unsafe-inline'.
 */
export async function nonceInlineStyles(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
  return payload.replaceAll('<style>', `<style nonce="${reply.cspNonce.style}">`);
}
