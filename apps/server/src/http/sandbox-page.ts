import type { FastifyReply, FastifyRequest } from 'fastify';
import { cspWithNonces } from '../plugins/security-headers.ts';

/**
 * onSend hook for the sandbox pages: their one inline <style> gets a nonce drawn for this answer,
 * and the answer's policy allows that nonce, so the pages pass the policy without 'unsafe-inline'.
 * Only HTML answers draw nonces; every other answer keeps the static policy (plugins/security-headers.ts).
 */
export async function nonceInlineStyles(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
  const { nonces, policy } = cspWithNonces();
  // On the reply, where the static policy is (plugins/security-headers.ts): this one replaces it.
  reply.header('content-security-policy', policy);
  return payload.replaceAll('<style>', `<style nonce="${nonces.style}">`);
}
