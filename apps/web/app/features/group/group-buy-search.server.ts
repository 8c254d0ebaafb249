// The header search from /group-buy (section 2: st = 3) lists the running group activities whose
// product name has every word of the term. The product search (/search/page) cannot filter by
// activity, and the running group buys are few: their list (GET /group/activities, public, newest
// first) is read whole, a page of 100 at a time, and matched here, so the answer pages like any list.
import { GroupActivityCardPageSchema, type GroupActivityCard } from '@bazaar/shared/schemas/group';
import { api } from '../../lib/api.ts';
import type { apiContextFor } from '../../lib/request-api.server.ts';

const READ_SIZE = 100;
/** At most this many running activities are searched (10 pages of 100). */
const READ_PAGES = 10;

export interface GroupBuyResults {
  records: GroupActivityCard[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Whether a product name has every word of the term (case aside; a term without words matches all). */
export function nameMatches(name: string, term: string): boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const lower = name.toLowerCase();
  return words.every((word) => lower.includes(word));
}

export async function searchGroupBuys(context: ReturnType<typeof apiContextFor>, term: string, current: number, size: number): Promise<GroupBuyResults> {
  const publicContext = { ...context, token: null };
  const read = (page: number) => api('/group/activities', { ...publicContext, query: { current: page, size: READ_SIZE }, schema: GroupActivityCardPageSchema });
  const first = await read(1);
  const rest = await Promise.all(Array.from({ length: Math.min(first.pages, READ_PAGES) - 1 }, (_, i) => read(i + 2)));
  const matched = [first, ...rest].flatMap((page) => page.records).filter((card) => nameMatches(card.prodName, term) || nameMatches(card.activityName, term));
  return { records: matched.slice((current - 1) * size, current * size), total: matched.length, size, current, pages: Math.ceil(matched.length / size) };
}
