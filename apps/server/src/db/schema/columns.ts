// Column helpers shared by the domain schema files, so every table spells them the same way.
import { bigint, integer, numeric, timestamp, varchar } from 'drizzle-orm/pg-core';

/** timestamptz; the API formats it as 'yyyy-MM-dd HH:mm:ss' GMT+8. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();

/** Money in integer fen (docs decision: no float money anywhere): unit prices, fees and limits. */
export const fen = (name: string) => integer(name);
/** Fen for sums (order and payment totals, refunds, balances), which may pass 2^31; a JS number holds them exactly up to 2^53. */
export const bigFen = (name: string) => bigint(name, { mode: 'number' });

/** A user id: 32-char hex, as in users.id. */
export const userIdColumn = (name = 'user_id') => varchar(name, { length: 32 });
/** orderNumber, refundSn, payNo: 19-digit snowflake numbers kept as strings. */
export const serialNumber = (name: string) => varchar(name, { length: 20 });

/** A "per ten" rate such as 8.5 (= 85 %), or a multiplier such as 1.5. */
export const rate = (name: string) => numeric(name, { precision: 4, scale: 2, mode: 'number' });
