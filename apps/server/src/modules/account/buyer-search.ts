// Buyers as a shop's order search and export see them: a nickname, and the ids of the buyers a
// merchant's "buyer" box matches. The match is a subquery handed to the order module by a flow
// (flows/shop-order-search.ts), so the order list stays one query and no module reads another's tables.
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';

type Queryable = Db | Tx;

const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids of the buyers whose nickname contains `term` (case ignored) or, when `term` is digits,
 * whose mobile number contains it; as a subquery, not run here.
 */
export function buyerIdsMatching(db: Queryable, term: string): SQL {
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
