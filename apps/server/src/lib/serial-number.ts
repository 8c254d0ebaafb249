// orderNumber, payNo and refundSn: 19-digit snowflake numbers sent as strings (reference section 1).
// 41 bits of milliseconds since 2020, 10 bits of instance, 12 bits of sequence: unique across
// instances without a round trip to the database, and sortable by time.
import { randomInt } from 'node:crypto';

const EPOCH = 1_577_808_000_000n; // 2020-01-01T00:00:00+08:00
const instance = BigInt(randomInt(0, 1024));
let lastMs = 0n;
let sequence = 0n;

export function nextSerialNumber(now: number = Date.now()): string {
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
}
