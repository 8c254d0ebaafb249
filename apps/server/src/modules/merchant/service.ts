// The merchant API's store accounts: login checks and sessions (tokens and the lockout are the
// auth module's), the owner's staff accounts with their roles (decision 057) and the shop's log of
// staff changes. A shop's orders and shipping them are the ship-order flow's (flows/ship-order.ts).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Language } from '@bazaar/shared/constants/limits';
import { MERCHANT_ROLE_KEYS, MERCHANT_ROLE_PERMISSIONS, type MerchantPermission, type MerchantRoleKey } from '@bazaar/shared/constants/permissions';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Page } from '@bazaar/shared/schemas/common';
import type { MerchantAuditAction, MerchantAuditLog, MerchantAuditQuery, StaffMember, StaffRoleKey } from '@bazaar/shared/schemas/merchant-staff';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import * as repo from './repository.ts';
import { localized } from '../../lib/localized.ts';

export interface MerchantSession {
  accountId: number;
  shopId: number;
  /** The account's role, read on every request: a change applies to the next one. */
  role: MerchantRoleKey;
  permissions: readonly MerchantPermission[];
  /** The login name, read with the role: what the shop's log copies for the account. */
  username: string;
}

/** A role read from the database; anything unknown holds no permission at all. */
function roleOf(value: string): MerchantRoleKey | null {
  return (MERCHANT_ROLE_KEYS as readonly string[]).includes(value) ? (value as MerchantRoleKey) : null;
}

export function permissionsOf(role: string): readonly MerchantPermission[] {
  const known = roleOf(role);
  return known ? MERCHANT_ROLE_PERMISSIONS[known] : [];
}

export type MerchantAccount = NonNullable<Awaited<ReturnType<typeof repo.findAccountByUsername>>>;
export type ShopCard = repo.ShopCard;

// Unknown accounts still cost one argon2 verification, so timing does not reveal them.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

// ---- Login (the sign-in flow joins these with the auth module's lockout and tokens) ----

/** `shopCard` is the shop module's named query for the shop's state and names (the sign-in flow hands it in). */
export async function findLoginAccount(ctx: AppContext, username: string, shopCard: repo.ShopCard): Promise<MerchantAccount | null> {
  return repo.findAccountByUsername(ctx.db, username, shopCard);
}

/** The account when the password is right; null otherwise. */
export async function checkPassword(account: MerchantAccount | null, password: string): Promise<MerchantAccount | null> {
  const matches = await verify(account?.passwordHash ?? (await getDummyHash()), password);
  return account && matches ? account : null;
}

/** The last step of a login: the account must be enabled and its shop open. Answers the shop. */
export async function admitMerchant(ctx: AppContext, account: MerchantAccount, lang: Language): Promise<{ shopId: number; shopName: string }> {
  if (account.status !== repo.ACCOUNT_ENABLED) throw invalid(account.role === repo.OWNER_ROLE ? 'merchant.errors.disabled' : 'merchantStaff.errors.disabled');
  // An offline shop's owner is told why (staff's reason) and to consult the platform (decision 030).
  if (account.shopStatus === SHOP_STATUS.offline) throw invalid('staff.errors.shopOffline', { reason: account.shopOfflineReason ?? '-' });
  if (account.shopStatus !== SHOP_STATUS.open) throw invalid('merchant.errors.shopClosed');
  await repo.touchLogin(ctx.db, account.id, ctx.now());
  return { shopId: account.shopId, shopName: localized(lang, account.shopNameZh, account.shopNameEn) };
}

/** The session of a merchant account, while it is enabled and its shop open (flows/merchant-session.ts hands in the shop card). */
export async function activeSession(ctx: AppContext, accountId: number, shopCard: repo.ShopCard): Promise<MerchantSession | null> {
  if (!Number.isSafeInteger(accountId)) return null;
  const active = await repo.findActiveAccount(ctx.db, accountId, shopCard);
  const role = active ? roleOf(active.role) : null;
  return active && role ? { accountId: active.id, shopId: active.shopId, role, permissions: MERCHANT_ROLE_PERMISSIONS[role], username: active.username } : null;
}

/** The session a merchant token's grants carry (repository activeAccountGrants), or null: no enabled account of an open shop, or a role unknown. */
export function sessionOfGrants(grants: unknown): MerchantSession | null {
  const value = typeof grants === 'string' ? (JSON.parse(grants) as unknown) : grants;
  if (!value || typeof value !== 'object') return null;
  const { id, shopId, role, username } = value as { id?: unknown; shopId?: unknown; role?: unknown; username?: unknown };
  const known = typeof role === 'string' ? roleOf(role) : null;
  if (!known || typeof id !== 'number' || typeof shopId !== 'number' || typeof username !== 'string') return null;
  return { accountId: id, shopId, role: known, permissions: MERCHANT_ROLE_PERMISSIONS[known], username };
}

/** GET /merchant/me: the account's name and its shop's name in the asked language. */
export async function profile(
  ctx: AppContext,
  session: MerchantSession,
  lang: Language,
  shopCard: repo.ShopCard,
): Promise<{ accountId: number; shopId: number; shopName: string; username: string; displayName: string | null; role: MerchantRoleKey; permissions: MerchantPermission[] }> {
  const row = await repo.findAccountProfile(ctx.db, session.accountId, shopCard);
  if (!row) throw invalid('merchant.errors.unauthorized');
  return {
    accountId: session.accountId,
    shopId: row.shopId,
    shopName: localized(lang, row.shopNameZh, row.shopNameEn),
    username: row.username,
    displayName: row.displayName,
    role: session.role,
    permissions: [...session.permissions],
  };
}

// ---- The store account, set once by the shop owner after approval (flows/shop-account.ts) ----

export async function findShopAccount(ctx: Pick<AppContext, 'db'>, shopId: number): Promise<{ id: number; username: string } | null> {
  const row = await repo.findAccountOfShop(ctx.db, shopId);
  return row ? { id: row.id, username: row.username } : null;
}

export function isUsernameTaken(ctx: Pick<AppContext, 'db'>, username: string): Promise<boolean> {
  return repo.isUsernameTaken(ctx.db, username);
}

/** Creates the shop's one store account; a second one, or a name another shop uses, is refused. */
export async function createShopAccount(ctx: Pick<AppContext, 'db'>, input: { shopId: number; username: string; password: string }): Promise<number> {
  const passwordHash = await hash(input.password);
  try {
    return await repo.insertAccount(ctx.db, { shopId: input.shopId, username: input.username, passwordHash });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'merchant_accounts_owner_uq') throw invalid('shopAccount.errors.alreadySet');
    if (constraint === 'merchant_accounts_username_uq') throw invalid('shopAccount.errors.mobileTaken');
    throw err;
  }
}

/**
 * Changes a store password after checking the current one: the shop owner's (`shopId`, from the
 * storefront) or a signed-in account's own (`accountId`, staff too). Answers the account id.
 */
export async function changeShopPassword(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: ({ shopId: number } | { accountId: number }) & { password: string; newPassword: string },
): Promise<number> {
  const account = 'accountId' in input ? await repo.findAccountById(ctx.db, input.accountId) : await repo.findAccountOfShop(ctx.db, input.shopId);
  if (!account) throw invalid('shopAccount.errors.notSet');
  if (!(await verify(account.passwordHash, input.password))) throw invalid('shopAccount.errors.wrongPassword');
  if (input.password === input.newPassword) throw invalid('shopAccount.errors.samePassword');
  const changed = await repo.replacePasswordHash(ctx.db, account.id, account.passwordHash, await hash(input.newPassword), ctx.now());
  if (!changed) throw invalid('shopAccount.errors.wrongPassword');
  return account.id;
}

// ---- Staff (the owner's staff.manage; decision 057) ----

function staffRow(row: Awaited<ReturnType<typeof repo.listShopAccounts>>[number]): StaffMember {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: roleOf(row.role) ?? 'service',
    status: row.status,
    lastLoginTime: row.lastLoginAt ? formatApiTime(row.lastLoginAt) : null,
    createTime: formatApiTime(row.createdAt),
  };
}

/** The shop's accounts: the owner first, then its staff. */
export async function listStaff(ctx: Pick<AppContext, 'db'>, shopId: number): Promise<StaffMember[]> {
  return (await repo.listShopAccounts(ctx.db, shopId)).map(staffRow);
}

interface LogEntry {
  action: MerchantAuditAction;
  targetType: string;
  targetId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function record(tx: Tx | AppContext['db'], session: MerchantSession, entry: LogEntry, now: Date): Promise<void> {
  await repo.insertAuditLog(tx, {
    shopId: session.shopId,
    accountId: session.accountId,
    accountName: await repo.accountName(tx, session.accountId),
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before,
    after: entry.after,
    createdAt: now,
  });
}

/** A refused call (the permission the route needs), in the shop's log. */
export async function recordRefusal(ctx: Pick<AppContext, 'db' | 'now'>, session: MerchantSession, route: string): Promise<void> {
  await record(ctx.db, session, { action: 'permission.denied', targetType: 'route', targetId: route.slice(0, 64), before: null, after: { role: session.role } }, ctx.now());
}

/** Adds a staff account to the caller's shop; the login name is unique across every shop. */
export async function createStaff(
  ctx: Pick<AppContext, 'db' | 'now'>,
  session: MerchantSession,
  input: { username: string; displayName: string | null; role: StaffRoleKey; password: string },
): Promise<StaffMember> {
  const passwordHash = await hash(input.password);
  const now = ctx.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const created = await repo.insertAccount(tx, { shopId: session.shopId, username: input.username, passwordHash, role: input.role, displayName: input.displayName });
      await record(tx, session, { action: 'staff.create', targetType: 'merchantAccount', targetId: created, before: null, after: { username: input.username, displayName: input.displayName, role: input.role } }, now);
      return created;
    });
    const row = (await repo.listShopAccounts(ctx.db, session.shopId)).find((r) => r.id === id);
    if (!row) throw new Error('staff account vanished after insert');
    return staffRow(row);
  } catch (err) {
    if (uniqueViolation(err) === 'merchant_accounts_username_uq') throw invalid('merchantStaff.errors.usernameTaken');
    throw err;
  }
}

export type StaffChange = { role: StaffRoleKey } | { status: 0 | 1 } | { passwordHash: string };

/**
 * Changes one staff account of the caller's shop, with its log entry, in one transaction. Another
 * shop's account, the owner's and an unknown id are the same 404. Answers the account as it is now.
 */
export async function changeStaff(ctx: Pick<AppContext, 'db' | 'now'>, session: MerchantSession, accountId: number, change: StaffChange): Promise<StaffMember> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockShopStaff(tx, session.shopId, accountId);
    if (!row) throw notFound('merchantStaff.errors.notFound');
    let entry: LogEntry;
    let next = row;
    if ('role' in change) {
      entry = { action: 'staff.role', targetType: 'merchantAccount', targetId: row.id, before: { role: row.role }, after: { role: change.role } };
      next = { ...row, role: change.role };
    } else if ('status' in change) {
      entry = { action: change.status === repo.ACCOUNT_ENABLED ? 'staff.enable' : 'staff.disable', targetType: 'merchantAccount', targetId: row.id, before: { status: row.status }, after: { status: change.status } };
      next = { ...row, status: change.status };
    } else {
      entry = { action: 'staff.password', targetType: 'merchantAccount', targetId: row.id, before: null, after: null };
    }
    await repo.updateStaff(tx, row.id, change, now);
    await record(tx, session, entry, now);
    return staffRow(next);
  });
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A page of the shop's log, newest first. */
export async function pageShopLog(ctx: Pick<AppContext, 'db'>, shopId: number, query: MerchantAuditQuery): Promise<Page<MerchantAuditLog>> {
  const { rows, total } = await repo.pageAuditLogs(ctx.db, shopId, query);
  return {
    records: rows.map((r) => ({
      id: r.id,
      accountId: r.accountId,
      accountName: r.accountName,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before ?? null,
      after: r.after ?? null,
      createdAt: formatApiTime(r.createdAt),
    })),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}
