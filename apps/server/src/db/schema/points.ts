import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt, userIdColumn } from './columns.ts';

/**
 * The points rules staff configure (one row, id 1; code defaults apply while it is missing):
 * earning per fen spent, the registration gift, the batch lifetime, what points are worth at
 * checkout and the share of the goods amount they may pay, and the sign-in rewards by streak day.
 */
export const pointsSettings = pgTable(
  'points_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Fen spent per point earned on receipt (100 = 1 point per yuan). */
    earnFenPerPoint: integer('earn_fen_per_point').notNull(),
    registerScore: integer('register_score').notNull(),
    expireYears: smallint('expire_years').notNull(),
    /** Whether batches expire at all (issue 25): off, the nightly run expires nothing. */
    expireEnabled: boolean('expire_enabled').notNull().default(true),
    /** Points worth one yuan at checkout (100 = 1 point per fen). */
    usePointsPerYuan: integer('use_points_per_yuan').notNull(),
    /** Percent of the goods amount (after other reductions, without freight) points may pay. */
    useCapPercent: smallint('use_cap_percent').notNull(),
    /** Points for streak day 1, 2, ...; days past the list earn its last value. */
    signInRewards: jsonb('sign_in_rewards').$type<number[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('points_settings_ck', sql`${t.id} = 1 and ${t.earnFenPerPoint} > 0 and ${t.usePointsPerYuan} > 0 and ${t.useCapPercent} between 0 and 100`)],
);

/**
 * What a spend took from each batch (bizId: the order number, or the adjustment's id), so a
 * return puts the points back into the batches they came from, with their own expiry, once.
 */
export const scoreSpends = pgTable(
  'score_spends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn().notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    bizId: varchar('biz_id', { length: 64 }).notNull(),
    score: integer('score').notNull(),
    returnedAt: tstz('returned_at'),
    createdAt: createdAt(),
  },
  (t) => [index('score_spends_biz_idx').on(t.userId, t.bizId), check('score_spends_ck', sql`${t.score} > 0`)],
);
