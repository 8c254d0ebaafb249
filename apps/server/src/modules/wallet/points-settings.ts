// The points rules staff configure (one row); the code's defaults until they save their own.
import { eq, sql } from 'drizzle-orm';
import { POINTS_DEFAULTS } from '@bazaar/shared/constants/points';
import type { PointsSettings } from '@bazaar/shared/schemas/points';
import type { Db, Tx } from '../../db/client.ts';
import { pointsSettings } from '../../db/schema/points.ts';

const DEFAULTS: PointsSettings = { ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards] };

const pick = (row: typeof pointsSettings.$inferSelect): PointsSettings => ({
  earnFenPerPoint: row.earnFenPerPoint,
  registerScore: row.registerScore,
  expireYears: row.expireYears,
  expireEnabled: row.expireEnabled,
  usePointsPerYuan: row.usePointsPerYuan,
  useCapPercent: row.useCapPercent,
  signInRewards: row.signInRewards,
});

export async function readPointsSettings(db: Db | Tx): Promise<PointsSettings> {
  const [row] = await db.select().from(pointsSettings).where(eq(pointsSettings.id, 1));
  return row ? pick(row) : DEFAULTS;
}

/** Saves the rules; answers them before (locked while the transaction runs) and after, for the audit log. */
export async function writePointsSettings(tx: Tx, input: PointsSettings, now: Date): Promise<{ before: PointsSettings; after: PointsSettings }> {
  const [locked] = await tx.select().from(pointsSettings).where(eq(pointsSettings.id, 1)).for('update');
  const before = locked ? pick(locked) : DEFAULTS;
  const after: PointsSettings = { ...input, signInRewards: [...input.signInRewards] };
  await tx
    .insert(pointsSettings)
    .values({ id: 1, ...after, updatedAt: now })
    .onConflictDoUpdate({
      target: pointsSettings.id,
      set: {
        earnFenPerPoint: sql`excluded.earn_fen_per_point`,
        registerScore: sql`excluded.register_score`,
        expireYears: sql`excluded.expire_years`,
        expireEnabled: sql`excluded.expire_enabled`,
        usePointsPerYuan: sql`excluded.use_points_per_yuan`,
        useCapPercent: sql`excluded.use_cap_percent`,
        signInRewards: sql`excluded.sign_in_rewards`,
        updatedAt: now,
      },
    });
  return { before, after };
}
