// Platform staff's hold on shoppers' logins (issue 10): the console's list and search (nickname,
// mobile, user name), disabling a login with a reason and enabling it again. Each move is a
// conditional UPDATE answering the row before and after it, for the audit log.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { USER_STATUS } from '@bazaar/shared/schemas/admin-users';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';

export interface StaffUserFilter {
  keyword?: string;
  status?: number;
}

/** `%` and `_` typed into a search box are literal. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: users.id,
  userName: users.userName,
  nickName: users.nickName,
  mobile: users.mobile,
  pic: users.pic,
  status: users.status,
  disabledReason: users.disabledReason,
  createdAt: users.createdAt,
};
export type StaffUserRow = Pick<typeof users.$inferSelect, keyof typeof columns>;

function whereOf(filter: StaffUserFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.keyword) {
    const like = containing(filter.keyword);
    parts.push(or(ilike(users.nickName, like), ilike(users.mobile, like), ilike(users.userName, like)) as SQL);
  }
  if (filter.status !== undefined) parts.push(eq(users.status, filter.status));
  return parts.length ? and(...parts) : undefined;
}

/** Newest accounts first. */
export async function pageUsers(db: Db, filter: StaffUserFilter, limit: number, offset: number): Promise<{ rows: StaffUserRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findStaffUser(db: Db | Tx, userId: string): Promise<StaffUserRow | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export interface UserMove {
  before: StaffUserRow;
  after: StaffUserRow;
}

async function moveUser(tx: Tx, userId: string, from: number, values: { status: number; disabledReason: string | null }, now: Date): Promise<UserMove | null> {
  const [before] = await tx.select(columns).from(users).where(eq(users.id, userId)).for('update');
  if (!before || before.status !== from) return null;
  const [after] = await tx
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, from)))
    .returning(columns);
  return after ? { before, after } : null;
}

/** Enabled -> disabled, with the reason the login shows. */
export const disableUser = (tx: Tx, userId: string, reason: string, now: Date) =>
  moveUser(tx, userId, USER_STATUS.enabled, { status: USER_STATUS.disabled, disabledReason: reason }, now);

/** Disabled -> enabled; the reason goes. */
export const enableUser = (tx: Tx, userId: string, now: Date) => moveUser(tx, userId, USER_STATUS.disabled, { status: USER_STATUS.enabled, disabledReason: null }, now);
