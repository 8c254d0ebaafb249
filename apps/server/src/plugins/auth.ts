// One auth for every audience (decision 015). A route says which audience it needs in its config,
// `{ config: { auth: 'merchant' } }`; routes under /p/, /merchant/ and /admin/ need the shopper,
// merchant and admin audience unless they say otherwise (`auth: 'public'` for the logins). A token
// of one audience is refused by every route of another. Routes that need no audience still see a
// shopper's session when one is sent (the password reset pins the phone to it).
import fp from 'fastify-plugin';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { permits, type AdminPermission, type MerchantPermission, type RoutePermission } from '@bazaar/shared/constants/permissions';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import { userIsActive } from '../modules/account/service.ts';
import { adminGrants, adminIsActive, readGrants } from '../modules/admin/service.ts';
import { recordRefusal } from '../modules/audit/service.ts';
import { sessionLookup, tokenFromHeader, type Audience, type Session, type SessionMark } from '../modules/auth/service.ts';
import { merchantSessionOfGrants, merchantTokenGrants, recordMerchantRefusal } from '../flows/merchant-session.ts';
import { addRouteOnRequest } from './route-hooks.ts';
import type { MerchantSession } from '../modules/merchant/service.ts';

export type RouteAuth = Audience | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audience whose token the route needs; by default from its path (see PATH_AUDIENCES). */
    auth?: RouteAuth;
    /**
     * The permission an /admin or /merchant route needs (decision 057): one, any of a list, or
     * SELF for every account of the audience. Declared where the route is registered; a test walks
     * the registered routes and fails on a staff route without one.
     */
    permission?: RoutePermission<AdminPermission> | RoutePermission<MerchantPermission>;
    /**
     * The shopper's or merchant's session may come from the instance's session cache (decision 068:
     * the flash sale's hot routes, the checkout and after-sales round's; its amendment: the merchant
     * after-sales routes, with the account's role and shop read with the session and every change
     * of them marked). 'route': the route checks the revocation mark itself, in its own atomic
     * step (`request.sessionMark`; the flash sale's submit, in the gate's script), so the hook reads
     * nothing from the kv.
     */
    sessionCache?: boolean | 'route';
  }
  interface FastifyInstance {
    /** Every route of the merchant and admin audiences with the permission it declares (the route-permission test reads it). */
    staffRoutes: StaffRoute[];
  }
  interface FastifyRequest {
    /** The request's live session of any audience, once checked. */
    session: Session | null;
    /** The logged-in shopper; set on shopper routes, and elsewhere when a shopper token was sent. */
    userId: string | null;
    merchant: MerchantSession | null;
    adminId: number | null;
    /** The permissions of the request's staff or merchant account (empty for shoppers). */
    permissions: readonly string[];
    /** On a `sessionCache: 'route'` route: the cached session's mark, which the route must check before it acts (null: verified in this request). */
    sessionMark: SessionMark | null;
  }
}

export interface StaffRoute {
  method: string;
  url: string;
  audience: RouteAuth;
  permission: FastifyContextConfig['permission'];
}

const PATH_AUDIENCES: Array<[prefix: string, audience: Audience]> = [
  ['/p/', 'shopper'],
  ['/merchant/', 'merchant'],
  ['/admin/', 'admin'],
];

const UNAUTHORIZED_KEY: Record<Audience, string> = {
  shopper: 'errors.unauthorized',
  merchant: 'merchant.errors.unauthorized',
  admin: 'admin.errors.unauthorized',
};

const NO_PERMISSIONS: readonly string[] = Object.freeze([]);

/** The 403 of a staff route the account's role does not permit (decision 057). */
const FORBIDDEN_KEY: Record<'merchant' | 'admin', string> = {
  merchant: 'merchant.errors.forbidden',
  admin: 'admin.errors.forbidden',
};

/** A route's permission as the audit log names it. */
const routeName = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0] ?? ''}`.slice(0, 64);

/** What a route needs: its own config, else its path's audience, else nothing (also the API docs' rule). */
export function audienceOf(path: string, declared: RouteAuth | undefined): RouteAuth {
  if (declared) return declared;
  return PATH_AUDIENCES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'public';
}

/** The shopper of a shopper route (the hook has checked it). */
export function shopperId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized(UNAUTHORIZED_KEY.shopper);
  return request.userId;
}

/** The merchant session of a merchant route. */
export function merchantSession(request: FastifyRequest): MerchantSession {
  if (!request.merchant) throw unauthorized(UNAUTHORIZED_KEY.merchant);
  return request.merchant;
}

/** The staff member of an admin route. */
export function adminId(request: FastifyRequest): number {
  if (request.adminId === null) throw unauthorized(UNAUTHORIZED_KEY.admin);
  return request.adminId;
}

export const authPlugin = fp(async (app) => {
  const { ctx } = app;
  // Registered before the routes, so it sees each one: the staff routes and what they declare.
  app.decorate('staffRoutes', [] as StaffRoute[]);
  app.addHook('onRoute', (route) => {
    const config = route.config as FastifyContextConfig | undefined;
    const audience = audienceOf(route.url, config?.auth);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url.startsWith('/admin') || route.url.startsWith('/merchant') || audience === 'admin' || audience === 'merchant') {
      for (const method of methods) if (method !== 'HEAD') app.staffRoutes.push({ method, url: route.url, audience, permission: config?.permission });
    }
  });
  app.decorateRequest('session', null);
  app.decorateRequest('userId', null);
  app.decorateRequest('merchant', null);
  app.decorateRequest('adminId', null);
  app.decorateRequest('sessionMark', null);
  // A reference type cannot be a decorator's default (fastify shares it); each request gets its own below.
  app.decorateRequest('permissions', null as unknown as readonly string[]);
  // Shoppers and staff are checked inside the token lookup. A staff member's role permissions, and a
  // merchant account with its role while it is enabled and its shop open, ride along in the same
  // statement (decision 057), so a role or permission change applies on the next request, on every
  // instance, at no extra round trip.
  // Shopper and merchant sessions of the routes that opt in are cached in process and ended on every
  // instance by the revocation mark (decision 068); a merchant's cached session keeps the role and
  // shop read with it until a mark (every role, account or shop change writes one: the amendment).
  // Staff sessions, and merchant sessions on routes that do not opt in, read their role on every request.
  const lookup = sessionLookup(ctx, { shopper: userIsActive, admin: adminIsActive }, { admin: adminGrants, merchant: merchantTokenGrants }, ['shopper', 'merchant']);
  /** The staff member's name, from the lookup's grants (for the audit entry of a refusal). */
  const staffNames = new WeakMap<FastifyRequest, string>();

  /**
   * Records a refusal, per audience: a staff member's goes to the audit log (who, which route,
   * what the route needs and what the role holds); a merchant account's to its shop's own log
   * (flows/merchant-session.ts, decision 057's shop half).
   */
  const recordRefused: Record<'merchant' | 'admin', ((request: FastifyRequest, needed: unknown) => Promise<void>) | null> = {
    admin: async (request, needed) => {
      const admin = { id: request.adminId ?? 0, username: staffNames.get(request) ?? '' };
      try {
        await recordRefusal(ctx, { admin, route: routeName(request), needed: needed ?? null, held: [...request.permissions] }, ctx.now());
      } catch (err) {
        request.log.error({ err }, 'could not audit a refused staff request');
      }
    },
    merchant: async (request) => {
      if (request.merchant) await recordMerchantRefusal(ctx, request.merchant, routeName(request)).catch((err: unknown) => request.log.error({ err }, 'could not log a refused merchant request'));
    },
  };

  /** Fills the request from a live session; false when its merchant account or shop may no longer act. */
  async function admit(request: FastifyRequest, session: Session): Promise<boolean> {
    switch (session.audience) {
      case 'shopper':
        request.userId = session.subject;
        break;
      case 'merchant': {
        const merchant = merchantSessionOfGrants(session.grants);
        if (!merchant) return false;
        request.merchant = merchant;
        request.permissions = merchant.permissions; // the account's role, read on every request
        break;
      }
      case 'admin': {
        const grants = readGrants(session.grants);
        if (!grants) return false;
        request.adminId = Number(session.subject);
        request.permissions = grants.permissions;
        staffNames.set(request, grants.username);
        break;
      }
    }
    request.session = session;
    return true;
  }

  /** Checks a request against what its route needs (its audience, session cache use and permission, decided once per route). */
  async function authorize(request: FastifyRequest, needs: RouteAuth, cacheUse: FastifyContextConfig['sessionCache'], needed: FastifyContextConfig['permission']): Promise<void> {
    request.permissions = NO_PERMISSIONS;
    const token = tokenFromHeader(request.headers.authorization);
    let session: Session | null = null;
    if (token && cacheUse === 'route') {
      const found = await lookup.deferred(token);
      session = found?.session ?? null;
      request.sessionMark = found?.mark ?? null;
    } else if (token) session = await lookup(token, cacheUse === true);
    if (needs === 'public') {
      if (session?.audience === 'shopper') await admit(request, session);
      return;
    }
    if (!session || session.audience !== needs || !(await admit(request, session))) throw unauthorized(UNAUTHORIZED_KEY[needs]);
    if (needs === 'shopper') return;
    // Staff routes: a route that declares no permission is refused to staff (deny by default).
    const allowed = needed === undefined ? needs !== 'admin' : permits(request.permissions, needed);
    if (!allowed) {
      await recordRefused[needs]?.(request, needed);
      throw forbidden(FORBIDDEN_KEY[needs]);
    }
  }

  // Each route gets its own hook, with what it needs decided when it is registered (plugins/route-hooks.ts).
  // A request that needs no lookup (a public route without a token, a route that refuses a missing
  // token, a cached session on a 'route' route such as the flash sale's submit) is answered without a promise.
  app.addHook('onRoute', (route) => {
    const config = route.config as FastifyContextConfig | undefined;
    const needs = audienceOf(route.url, config?.auth);
    const cacheUse = config?.sessionCache;
    const needed = config?.permission;
    const deferShopper = needs === 'shopper' && cacheUse === 'route';
    addRouteOnRequest(route, (request, _reply, done) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (!token) {
        request.permissions = NO_PERMISSIONS;
        done(needs === 'public' ? undefined : unauthorized(UNAUTHORIZED_KEY[needs]));
        return;
      }
      if (deferShopper) {
        // The route checks the mark in its own step (decision 068): nothing to wait for.
        const found = lookup.cached(token);
        if (found?.session.audience === 'shopper') {
          request.permissions = NO_PERMISSIONS;
          request.sessionMark = found.mark;
          request.userId = found.session.subject;
          request.session = found.session;
          done();
          return;
        }
      }
      authorize(request, needs, cacheUse, needed).then(() => done(), done);
    });
  });
  // A request no route matches (answered 404 by the not-found handler) is judged by its path, as a
  // route there would be: a shopper or staff path still wants its token first.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.is404) {
      done();
      return;
    }
    authorize(request, audienceOf(request.url.split('?', 1)[0] ?? '', undefined), undefined, undefined).then(() => done(), done);
  });
});
