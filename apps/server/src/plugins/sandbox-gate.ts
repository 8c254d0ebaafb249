import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error.ts';
import { isLoopback } from '../providers/sandboxes.ts';
import { addRouteOnRequest } from './route-hooks.ts';

/**
 * Sandbox pages (/sandbox/...) answer only clients on this machine unless SANDBOX_PROVIDERS=true.
 * request.ip is the client after the trusted-proxy rule, so a visitor coming through the
 * storefront's proxy is judged by their own address, not the proxy's.
 */
export const sandboxGatePlugin = fp(async (app) => {
  const open = app.ctx.env.SANDBOX_PROVIDERS === 'true';
  if (open) return;
  const refused = (request: FastifyRequest) => (isLoopback(request.ip) ? undefined : forbidden('errors.sandboxLoopbackOnly'));
  // Every route of the sandboxes, judged by the path it was registered under: the router matches a
  // path after decoding it, so a spelling of the request's URL (/%73andbox/...) must not get past.
  app.addHook('onRoute', (route) => {
    if (route.url === '/sandbox' || route.url.startsWith('/sandbox/')) addRouteOnRequest(route, (request, _reply, done) => done(refused(request)));
  });
  // And on every request by the path's start (a path no route matches too, which answers 404 to this machine).
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    if (!url.startsWith('/sandbox')) {
      done();
      return;
    }
    const path = url.split('?', 1)[0]!;
    done(path === '/sandbox' || path.startsWith('/sandbox/') ? refused(request) : undefined);
  });
});
