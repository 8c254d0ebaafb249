import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hotSearches } from '../../db/schema/search.ts';

/** Hot words of the platform (shop 0) or of one shop, in display order. */
export async function listHotSearches(db: Db, shopId: number, limit: number) {
  return db
    .select({ id: hotSearches.id, wordZh: hotSearches.wordZh, wordEn: hotSearches.wordEn })
    .from(hotSearches)
    .where(and(eq(hotSearches.shopId, shopId), eq(hotSearches.status, 1)))
    .orderBy(asc(hotSearches.seq), asc(hotSearches.id))
    .limit(limit);
}
