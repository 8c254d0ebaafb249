// Opaque access tokens: 32 random bytes as hex for the client, only their sha256 in the database.
import { randomBytes } from 'node:crypto';
import { TOKEN_TTL_SECONDS } from '@bazaar/shared/constants/limits';
import type { Token } from '@bazaar/shared/schemas/account';
import type { AppContext } from '../../context.ts';
import { hashToken } from '../../plugins/auth.ts';
import { insertToken } from './repository.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
}

export async function issueToken(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, meta: ClientMeta): Promise<Token> {
  const accessToken = randomBytes(32).toString('hex');
  const now = ctx.now();
  await insertToken(ctx.db, {
    tokenHash: hashToken(accessToken),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
    userAgent: meta.userAgent?.slice(0, 255) ?? null,
    ip: meta.ip.slice(0, 64),
  });
  return { accessToken, expiresIn: TOKEN_TTL_SECONDS };
}
