// Hooks that only some routes need are added to those routes when they are registered (an
// `onRoute` hook of the plugin), not to the app: a route then runs only what it needs, and the
// hook's decision (the route's config) is made once, not read from `request.routeOptions` (a
// getter that builds an object) on every request. Route hooks run after the app's own hooks, in the
// order the plugins that add them were registered.
import type { onRequestHookHandler, RouteOptions } from 'fastify';

/** Appends an onRequest hook to one route (called from an onRoute hook, before the route is built). */
export function addRouteOnRequest(route: RouteOptions, hook: onRequestHookHandler): void {
  const own = route.onRequest as onRequestHookHandler | onRequestHookHandler[] | undefined;
  // A new array, never a push: fastify copies a GET's options for its HEAD route before the hooks run.
  route.onRequest = own === undefined ? [hook] : Array.isArray(own) ? [...own, hook] : [own, hook];
}
