// Platform staff: their accounts and password check. Tokens and the lockout belong to the auth
// module; the sign-in flow joins them.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { AdminProfile } from '@bazaar/shared/schemas/admin';
import type { AppContext } from '../../context.ts';
import { invalid, unauthorized } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

export type AdminAccount = NonNullable<Awaited<ReturnType<typeof repo.findAdminByUsername>>>;

// Unknown accounts still cost one argon2 verification, so timing does not reveal them.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

export async function findAdmin(ctx: Pick<AppContext, 'db'>, username: string): Promise<AdminAccount | null> {
  return repo.findAdminByUsername(ctx.db, username);
}

/** The account when the password is right; null otherwise (unknown accounts cost the same). */
export async function checkPassword(account: AdminAccount | null, password: string): Promise<AdminAccount | null> {
  const matches = await verify(account?.passwordHash ?? (await getDummyHash()), password);
  return account && matches ? account : null;
}

/** The last step of a login once the password was right: a disabled account stays out. */
export async function admitAdmin(ctx: Pick<AppContext, 'db' | 'now'>, account: AdminAccount): Promise<void> {
  if (account.status !== 1) throw invalid('admin.errors.disabled');
  await repo.touchLogin(ctx.db, account.id, ctx.now());
}

/** The staff member behind a session, while the account is enabled. */
export async function findActiveAdmin(ctx: Pick<AppContext, 'db'>, id: number): Promise<{ id: number; username: string } | null> {
  return Number.isSafeInteger(id) ? repo.findActiveAdmin(ctx.db, id) : null;
}

export async function getProfile(ctx: Pick<AppContext, 'db'>, id: number): Promise<AdminProfile> {
  const admin = await findActiveAdmin(ctx, id);
  if (!admin) throw unauthorized('admin.errors.unauthorized');
  return { adminId: admin.id, username: admin.username };
}

/** Creates a staff account (the seed, tests); the password is hashed with argon2id. */
export async function createAdmin(ctx: Pick<AppContext, 'db'>, username: string, password: string): Promise<number> {
  return repo.insertAdmin(ctx.db, { username, passwordHash: await hash(password) });
}

export { adminIsActive } from './repository.ts';
