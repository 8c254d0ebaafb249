// One auth for every audience (decision 015). A route says which audience it needs in its config,
// `{ config: { auth: 'merchant' } }`; routes under /p/, /merchant/ and /admin/ need the shopper,
// merchant and admin audience unless they say otherwise (`auth: 'public'` for the logins). A token
// of one audience is refused by every route of another. Routes that need no audience still see a
// shopper's session when one is sent (the password reset pins the phone to it).
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ADMIN_PERMISSIONS, MERCHANT_PERMISSIONS, permits, type AdminPermission, type MerchantPermission, type RoutePermission } from '@bazaar/shared/constants/permissions';
import { unauthorized } from '../lib/app-error.ts';
import { userIsActive } from '../modules/account/service.ts';
import { adminIsActive } from '../modules/admin/service.ts';
import { sessionLookup, tokenFromHeader, type Audience, type Session } from '../modules/auth/service.ts';
import { activeMerchantSession } from '../flows/merchant-session.ts';
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
  }
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

/** What a route needs: its own config, else its path's audience, else nothing (also the API docs' rule). */
export function audienceOf(path: string, declared: RouteAuth | undefined): RouteAuth {
  if (declared) return declared;
  return PATH_AUDIENCES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'public';
}

/** What the route of a request needs. */
export function routeAuth(request: FastifyRequest): RouteAuth {
  return audienceOf(request.routeOptions.url ?? request.url.split('?')[0] ?? '', request.routeOptions.config?.auth);
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
  app.decorateRequest('session', null);
  app.decorateRequest('userId', null);
  app.decorateRequest('merchant', null);
  app.decorateRequest('adminId', null);
  app.decorateRequest('permissions', []);
  // Shoppers and staff are checked inside the token lookup; a merchant session also needs its shop.
  const lookup = sessionLookup(ctx, { shopper: userIsActive, admin: adminIsActive });

  /** Fills the request from a live session; false when its merchant account or shop may no longer act. */
  async function admit(request: FastifyRequest, session: Session): Promise<boolean> {
    switch (session.audience) {
      case 'shopper':
        request.userId = session.subject;
        break;
      case 'merchant': {
        const merchant = await activeMerchantSession(ctx, Number(session.subject));
        if (!merchant) return false;
        request.merchant = merchant;
        request.permissions = MERCHANT_PERMISSIONS; // issue 25: the account's role
        break;
      }
      case 'admin':
        request.adminId = Number(session.subject);
        request.permissions = ADMIN_PERMISSIONS; // issue 25: the staff member's role
        break;
    }
    request.session = session;
    return true;
  }

  app.addHook('onRequest', async (request) => {
    const needs = routeAuth(request);
    const token = tokenFromHeader(request.headers.authorization);
    const session = token ? await lookup(token) : null;
    if (needs === 'public') {
      if (session?.audience === 'shopper') await admit(request, session);
      return;
    }
    if (!session || session.audience !== needs || !(await admit(request, session))) throw unauthorized(UNAUTHORIZED_KEY[needs]);
    const needed = request.routeOptions.config?.permission;
    if (needed !== undefined && !permits(request.permissions, needed)) {
      // issue 25: audit the refusal and answer 403 with the audience's message
      throw unauthorized(UNAUTHORIZED_KEY[needs]);
    }
  });
});
