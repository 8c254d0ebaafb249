// The session cache's revocation tests (decision 068), shared by the audiences it serves (shoppers,
// merchants): each way a session ends or changes, done on one instance, is seen at once by a session
// that instance cached, and, on PostgreSQL + Redis, by the one a second instance cached, both ways
// round; another subject's cached session is left alone.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BazaarApp } from '../app.ts';
import { authTokens } from '../db/schema.ts';
import { hashToken } from '../modules/auth/service.ts';
import { SHARED_INFRASTRUCTURE, type TestInstance } from './instances.ts';
import type { TestApp } from './test-app.ts';

/** What issueToken records of the client, for tokens the tests issue directly. */
export const TOKEN_META = { ip: '127.0.0.1', userAgent: 'test' };

export type Instance = TestApp | TestInstance;

/** The account a token belongs to (its subject), from the token store. */
export async function subjectOf(t: Pick<TestApp, 'ctx'>, token: string): Promise<string> {
  const [row] = await t.ctx.db.select({ subject: authTokens.subject }).from(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
  return row!.subject;
}

/** One way a session's use ends or changes, done through the instance `by`. */
export interface Revocation {
  name: string;
  revoke(by: Instance, token: string): Promise<void>;
  /** What the session's next request answers after it (401 unless the session lives on with less, e.g. a role without the route's permission: 403). */
  after?: number;
}

/** The revocations as `it.each` rows: [name, revocation]. */
export const eachRevocation = (revocations: readonly Revocation[]) => revocations.map((r) => [r.name, r] as const);

export interface RevocationSuite {
  /** The app under test and, on PostgreSQL + Redis, a second instance (read when a test runs). */
  instances(): { t: TestApp; b: TestInstance | undefined };
  /** A fresh session to end, and another subject's that must be left alone. */
  sessions(): Promise<{ token: string; other: string }>;
  /** The status a route that takes its session from the cache answers the token, on the app (200 while the session may act). */
  status(app: BazaarApp, token: string): Promise<number>;
  revocations: readonly Revocation[];
}

/** The revocation tests of decision 068 for one audience: on one instance, and on two with PostgreSQL + Redis, both ways round. */
export function describeRevocations(audience: string, suite: RevocationSuite): void {
  const statuses = (app: BazaarApp, tokens: string[]) => Promise.all(tokens.map((token) => suite.status(app, token)));

  describe(`the ${audience} session cache, one instance (embedded kv on PGlite, Redis on PostgreSQL)`, () => {
    it.each(eachRevocation(suite.revocations))('ends a cached session at once: %s', async (_name, revocation) => {
      const { t } = suite.instances();
      const { token, other } = await suite.sessions();
      expect(await statuses(t.app, [token, other])).toEqual([200, 200]);
      await revocation.revoke(t, token);
      expect(await suite.status(t.app, token)).toBe(revocation.after ?? 401);
      expect(await suite.status(t.app, other)).toBe(200);
    });
  });

  describe.skipIf(!SHARED_INFRASTRUCTURE)(`the ${audience} session cache, two instances on PostgreSQL + Redis`, () => {
    it.each(eachRevocation(suite.revocations))('a revocation on one instance ends the session cached by the other at once: %s', async (_name, revocation) => {
      const { t, b } = suite.instances();
      const { token, other } = await suite.sessions();
      // Both instances cache both sessions.
      for (const app of [t.app, b!.app]) expect(await statuses(app, [token, other])).toEqual([200, 200]);
      await revocation.revoke(t, token);
      expect(await suite.status(b!.app, token)).toBe(revocation.after ?? 401);
      expect(await suite.status(t.app, token)).toBe(revocation.after ?? 401);
      expect(await suite.status(b!.app, other)).toBe(200);
    });

    it('and the other way round', async () => {
      const { t, b } = suite.instances();
      const { token } = await suite.sessions();
      const [revocation] = suite.revocations;
      for (const app of [t.app, b!.app]) expect(await suite.status(app, token)).toBe(200);
      await revocation!.revoke(b!, token);
      expect(await suite.status(t.app, token)).toBe(revocation!.after ?? 401);
    });
  });
}
