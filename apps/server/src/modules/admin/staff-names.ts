// Staff user names by id, for lists that name who did something (the balance approvals' requester
// and decider) without joining another module's table.
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adminUsers } from '../../db/schema/admin.ts';

export async function staffNames(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: adminUsers.id, username: adminUsers.username }).from(adminUsers).where(inArray(adminUsers.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}
