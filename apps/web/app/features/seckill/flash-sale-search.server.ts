// The header search from /flash-sale (section 2: st = 4; reference §2.2: prodType = 2) lists the
// flash sales on now or to come whose product name has every word of the term. They are few (a
// session holds tens): the live list (GET /seckill/pageProd, public, earliest first) is read whole,
// a page of 100 at a time, and filtered, sorted and paged by lib/activity/activity-search.server.ts.
import { SeckillCardPageSchema, SeckillSessionsResultSchema, type SeckillCard } from '@bazaar/shared/schemas/seckill';
import { pageActivities, type ActivityFacts, type ActivityPage, type ActivityQuery } from '../../lib/activity/activity-search.server.ts';
import { api } from '../../lib/api.ts';
import type { apiContextFor } from '../../lib/request-api.server.ts';

const READ_SIZE = 100;
/** At most this many live activities are searched (10 pages of 100). */
const READ_PAGES = 10;

export interface FlashSaleResults extends ActivityPage<SeckillCard> {
  /** The server's clock, for the cards' countdowns. */
  serverTime: number;
}

/** What the list's filters and sort read of a flash sale: its flash price, share sold, start and units left. */
export function flashFacts(card: SeckillCard): ActivityFacts {
  return { names: [card.prodName], price: card.seckillPrice, sold: card.soldPercent, start: card.startTime, inStock: card.stocksLeft > 0 };
}

export async function searchFlashSales(context: ReturnType<typeof apiContextFor>, query: ActivityQuery, current: number, size: number): Promise<FlashSaleResults> {
  const publicContext = { ...context, token: null };
  const [{ serverTime }, first] = await Promise.all([
    api('/seckill/sessions', { ...publicContext, schema: SeckillSessionsResultSchema }),
    api('/seckill/pageProd', { ...publicContext, query: { current: 1, size: READ_SIZE }, schema: SeckillCardPageSchema }),
  ]);
  const rest = await Promise.all(
    Array.from({ length: Math.min(first.pages, READ_PAGES) - 1 }, (_, i) =>
      api('/seckill/pageProd', { ...publicContext, query: { current: i + 2, size: READ_SIZE }, schema: SeckillCardPageSchema }),
    ),
  );
  return { ...pageActivities([first, ...rest].flatMap((page) => page.records), flashFacts, query, current, size), serverTime };
}
