import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error.ts';
import { isLoopback } from '../providers/sandboxes.ts';

/**
 * Sandbox pages (/sandbox/...) answer only clients on this machine unless SANDBOX_PROVIDERS=true.
 * request.ip is the client after the trusted-proxy rule, so a visitor coming through the
 * storefront's proxy is judged by their own address, not the proxy's.
 */
export const sandboxGatePlugin = fp(async (app) => {
  const open = app.ctx.env.SANDBOX_PROVIDERS === 'true';
  if (open) return;
  // On every request (a path no route matches too), so it stays a synchronous check of the path's start.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    if (!url.startsWith('/sandbox')) {
      done();
      return;
    }
    const path = url.split('?', 1)[0]!;
    done((path === '/sandbox' || path.startsWith('/sandbox/')) && !isLoopback(request.ip) ? forbidden('errors.sandboxLoopbackOnly') : undefined);
  });
});
