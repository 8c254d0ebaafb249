// Buyers as a shop's order search and export see them: a nickname, and the ids of the buyers a
// merchant's "buyer" box matches. The match is a subquery handed to the order module by a flow
// (flows/shop-order-search.ts), so the order list stays one query and no module reads another's tables.
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { maskMobile } from './service.ts';

type Queryable = Db | Tx;

const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids of the buyers whose nickname contains `term` (case ignored) or, when `term` is digits,
 * whose mobile number contains it, or the buyer whose id `term` is; as a subquery, not run here.
 */
export function buyerIdsMatching(db: Queryable, term: string): SQL {
  // A whole user id (staff paste it from the users page) is that shopper.
  if (/^[0-9a-f]{32}$/.test(term)) return sql`(${db.select({ id: users.id }).from(users).where(eq(users.id, term))})`;
  const pattern = likeLiteral(term);
  const where = /^\d+$/.test(term) ? or(sql`${users.nickName} ilike ${pattern}`, sql`${users.mobile} like ${pattern}`) : sql`${users.nickName} ilike ${pattern}`;
  return sql`(${db.select({ id: users.id }).from(users).where(where)})`;
}

/** Nicknames of the given buyers, by id. */
export async function buyerNicknames(db: Queryable, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, nickName: users.nickName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.nickName]));
}

/** Nickname and masked mobile (138****1234) of the given shoppers, by id: a shopper as staff lists show them. */
export async function shopperCards(db: Queryable, userIds: string[]): Promise<Map<string, { nickName: string; mobile: string }>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, nickName: users.nickName, mobile: users.mobile }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { nickName: r.nickName, mobile: r.mobile ? maskMobile(r.mobile) : '' }]));
}

/** Nickname and avatar of the given shoppers, by id: a member of a group-buy team as other shoppers see it (decision 065). */
export async function memberCards(db: Queryable, userIds: string[]): Promise<Map<string, { nickName: string; pic: string }>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, nickName: users.nickName, pic: users.pic }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { nickName: r.nickName, pic: r.pic ?? '' }]));
}
