// The header search from /flash-sale (section 2: st = 4; reference §2.2: prodType = 2) lists the
// flash sales on now or to come whose product name has every word of the term. They are few (a
// session holds tens): the live list (GET /seckill/pageProd, public, earliest first) is read whole,
// a page of 100 at a time, and matched here, so the answer pages like any list.
import { SeckillCardPageSchema, SeckillSessionsResultSchema, type SeckillCard } from '@bazaar/shared/schemas/seckill';
import { api } from '../../lib/api.ts';
import type { apiContextFor } from '../../lib/request-api.server.ts';

const READ_SIZE = 100;
/** At most this many live activities are searched (10 pages of 100). */
const READ_PAGES = 10;

export interface FlashSaleResults {
  records: SeckillCard[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** The server's clock, for the cards' countdowns. */
  serverTime: number;
}

/** Whether a product name has every word of the term (case aside; a term without words matches all). */
export function nameMatches(name: string, term: string): boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const lower = name.toLowerCase();
  return words.every((word) => lower.includes(word));
}

export async function searchFlashSales(context: ReturnType<typeof apiContextFor>, term: string, current: number, size: number): Promise<FlashSaleResults> {
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
  const matched = [first, ...rest].flatMap((page) => page.records).filter((card) => nameMatches(card.prodName, term));
  const pages = Math.ceil(matched.length / size);
  return { records: matched.slice((current - 1) * size, current * size), total: matched.length, size, current, pages, serverTime };
}
