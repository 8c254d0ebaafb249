import type { FastifyReply, FastifyRequest } from 'fastify';
import { cspWithNonces, documentHeaders } from '../plugins/security-headers.ts';

/**
 * onSend hook for the sandbox pages: their one inline <style> gets a nonce drawn for this answer,
 * and the answer's policy allows that nonce, so the pages pass the policy without 'unsafe-inline'.
 * Only HTML answers draw nonces and carry the document set of headers; every other answer keeps the
 * API's (plugins/security-headers.ts, decision 070).
 */
export async function nonceInlineStyles(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
  const { nonces, policy } = cspWithNonces();
  // On the reply, where the API's headers are (plugins/security-headers.ts): the page's replace them.
  documentHeaders(reply);
  reply.header('content-security-policy', policy);
  return payload.replaceAll('<style>', `<style nonce="${nonces.style}">`);
}
