import type { Language } from '@bazaar/shared/constants/limits';
import type { HotSearch } from '@bazaar/shared/schemas/search';
import type { AppContext } from '../../context.ts';
import * as repo from './repository.ts';

// The search module owns the hot words. The product search page is a flow (flows/search-products.ts).

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(ctx: AppContext) {
  return {
    async hotSearches(shopId: number, number: number, lang: Language): Promise<HotSearch[]> {
      const rows = await repo.listHotSearches(ctx.db, shopId, number);
      return rows.map((r) => ({ hotSearchId: r.id, title: lang === 'en' && r.wordEn ? r.wordEn : r.wordZh }));
    },
  };
}
