// What the points flows need of an order (issue 12): its owner (a cancelled order's points go
// back to them) and, at receipt, what each line paid, to earn by; each line keeps what it earned.
import { eq, sql } from 'drizzle-orm';
import { ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import type { Db, Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/order.ts';

export async function findOrderOwner(db: Db | Tx, orderNumber: string): Promise<string | null> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row?.userId ?? null;
}

/** A received order's lines and what each paid; points orders earn nothing (reference 5.7), so none. */
export async function findEarningLines(tx: Tx, orderNumber: string): Promise<{ userId: string; lines: Array<{ id: number; paid: number }> } | null> {
  const rows = await tx
    .select({ userId: orders.userId, orderType: orders.orderType, id: orderItems.id, paid: orderItems.actualTotal })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderNumber, orders.orderNumber))
    .where(eq(orders.orderNumber, orderNumber))
    .orderBy(orderItems.id);
  const first = rows[0];
  if (!first || first.orderType === ORDER_TYPE.points) return null;
  return { userId: first.userId, lines: rows.map((r) => ({ id: r.id, paid: r.paid })) };
}

/** Records what each line earned (a refund later takes back its line's points). */
export async function recordGainScores(tx: Tx, orderNumber: string, lines: Array<{ id: number; gainScore: number }>): Promise<void> {
  const earning = lines.filter((l) => l.gainScore > 0);
  if (earning.length === 0) return;
  await tx.execute(sql`
    update order_items i set gain_score = g.gain
    from jsonb_to_recordset(${JSON.stringify(earning.map((l) => ({ id: l.id, gain: l.gainScore })))}::jsonb) as g(id int, gain int)
    where i.id = g.id and i.order_number = ${orderNumber}`);
}
