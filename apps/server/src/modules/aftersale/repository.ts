// After-sales (refund requests and their returns). Only the user center's count lives here so far;
// the refund flows come with their own issue.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { refunds } from '../../db/schema/aftersale.ts';

/** Requests still in progress: applied, accepted, buyer shipped, seller received. */
const OPEN_REFUND_STATES = [1, 2, 3, 4];

const openRefundsStatement = preparedPer((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(and(eq(refunds.userId, sql.placeholder('userId')), inArray(refunds.returnMoneySts, OPEN_REFUND_STATES)))
    .prepare('aftersale_open_refunds'),
);

export async function countOpenRefunds(db: Db, userId: string): Promise<number> {
  const [row] = await openRefundsStatement(db).execute({ userId });
  return row?.n ?? 0;
}
