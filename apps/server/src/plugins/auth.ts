import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { userTokens, users } from '../db/schema.ts';
import { unauthorized } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user on /p/ paths; null elsewhere unless a valid token was sent. */
    userId: string | null;
    /** The token hash of this request, for logout. */
    tokenHash: string | null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Accepts a raw token and tolerates a leading `bearer` (reference section 1). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^bearer\s+/i, '').trim();
  return token.length >= 16 && token.length <= 128 ? token : null;
}

export function requireUser(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

/** Paths that need a token although they are not under /p/ (specification section 6). */
const EXTRA_PROTECTED = new Set<string>([]);

export const authPlugin = fp(async (app) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('tokenHash', null);
  // Every /p/ request asks this, so it is a prepared statement: built once, parsed once per connection.
  const findSession = app.ctx.db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(userTokens.revokedAt),
        gt(userTokens.expiresAt, sql.placeholder('now')),
        eq(users.status, 1),
      ),
    )
    .limit(1)
    .prepare('auth_find_session');
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    const needsToken = path.startsWith('/p/') || EXTRA_PROTECTED.has(path);
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) {
      if (needsToken) throw unauthorized();
      return;
    }
    const tokenHash = hashToken(token);
    const [row] = await findSession.execute({ tokenHash, now: app.ctx.now() });
    if (!row) {
      if (needsToken) throw unauthorized();
      return;
    }
    request.userId = row.userId;
    request.tokenHash = tokenHash;
  });
});
