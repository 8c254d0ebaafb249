// Voucher codes of virtual goods: one per piece bought, issued when the order is paid and shown on
// the order detail. A code is a bearer token of what was paid for, so it comes from the operating
// system's random source, never from a counter or Math.random.
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderItems, orderVirtualCodes } from '../../db/schema/order.ts';

/** 32 letters and digits with no 0/O or 1/I to misread; 32 divides 256, so every one is as likely. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

/** A 12-character code, 60 bits of randomness: guessing one is hopeless, and the unique index refuses a clash. */
export function newVoucherCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return code;
}

/** Issues the codes of the given (virtual, just paid) orders: one per piece of each line. */
export async function issueVoucherCodes(tx: Tx, orderNumbers: string[], now: Date): Promise<void> {
  if (orderNumbers.length === 0) return;
  const lines = await tx
    .select({ orderNumber: orderItems.orderNumber, orderItemId: orderItems.id, count: orderItems.prodCount })
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, orderNumbers));
  const codes = lines.flatMap((line) =>
    Array.from({ length: line.count }, () => ({ orderNumber: line.orderNumber, orderItemId: line.orderItemId, code: newVoucherCode(), status: 0, createdAt: now })),
  );
  if (codes.length > 0) await tx.insert(orderVirtualCodes).values(codes);
}
