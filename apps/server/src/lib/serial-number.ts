// orderNumber, payNo and refundSn: 19-digit snowflake numbers sent as strings (reference section 1).
// 41 bits of milliseconds since 2020, 10 bits of instance, 12 bits of sequence: unique across
// instances without a round trip per number, and sortable by time. The instance id comes from a
// database sequence when the process starts (a random one collided with probability ~N²/2048).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { SERIAL_NUMBER_SEQUENCE } from '../db/schema.ts';

const EPOCH = 1_577_808_000_000n; // 2020-01-01T00:00:00+08:00
export const SERIAL_INSTANCES = 1024;

export interface SerialNumbers {
  readonly instance: number;
  next(now?: number): string;
}

export function createSerialNumbers(instanceId: number): SerialNumbers {
  if (!Number.isInteger(instanceId) || instanceId < 0 || instanceId >= SERIAL_INSTANCES) throw new RangeError(`serial-number instance ${instanceId} is not in 0-1023`);
  const instance = BigInt(instanceId);
  let lastMs = 0n;
  let sequence = 0n;
  return {
    instance: instanceId,
    next(now = Date.now()) {
      let ms = BigInt(now);
      if (ms < lastMs) ms = lastMs; // the clock went back: keep counting from the last instant
      if (ms === lastMs) {
        sequence = (sequence + 1n) & 4095n;
        if (sequence === 0n) ms = lastMs + 1n; // 4096 in one millisecond: borrow the next one
      } else {
        sequence = 0n;
      }
      lastMs = ms;
      const value = ((ms - EPOCH) << 22n) | (instance << 12n) | sequence;
      // Offset by 10^18 so every number has exactly 19 digits for centuries.
      return (value + 1_000_000_000_000_000_000n).toString();
    },
  };
}

/** The next instance id of the database's sequence. */
export async function claimSerialInstance(db: Db): Promise<number> {
  const result = await db.execute<{ id: string | number }>(sql`select nextval(${SERIAL_NUMBER_SEQUENCE}) as id`);
  return Number(result.rows[0]!.id);
}

let processNumbers: Promise<SerialNumbers> | undefined;
let ready: SerialNumbers | undefined;

/** Claims this process's instance id once (server start, seed, test app); later calls reuse it. */
export function ensureSerialInstance(db: Db): Promise<SerialNumbers> {
  processNumbers ??= claimSerialInstance(db).then((id) => (ready = createSerialNumbers(id)));
  return processNumbers;
}

/** The next number of this process; its instance id must have been claimed at start. */
export function nextSerialNumber(now: number = Date.now()): string {
  if (!ready) throw new Error('serial numbers have no instance id yet: call ensureSerialInstance(db) at start');
  return ready.next(now);
}
