// The header search from /group-buy (section 2: st = 3) lists the running group activities whose
// product name has every word of the term. The product search (/search/page) cannot filter by
// activity, and the running group buys are few: their list (GET /group/activities, public, newest
// first) is read whole, a page of 100 at a time, and filtered, sorted and paged by lib/activity/activity-search.server.ts.
import { GroupActivityCardPageSchema, type GroupActivityCard } from '@bazaar/shared/schemas/group';
import { pageActivities, type ActivityFacts, type ActivityPage, type ActivityQuery } from '../../lib/activity/activity-search.server.ts';
import { api } from '../../lib/api.ts';
import type { apiContextFor } from '../../lib/request-api.server.ts';

const READ_SIZE = 100;
/** At most this many running activities are searched (10 pages of 100). */
const READ_PAGES = 10;

/** What the list's filters and sort read of a group buy: its names, group price, units sold and start (no stock of its own). */
export function groupFacts(card: GroupActivityCard): ActivityFacts {
  return { names: [card.prodName, card.activityName], price: card.groupPrice, sold: card.soldNum, start: card.startTime, inStock: null };
}

export async function searchGroupBuys(context: ReturnType<typeof apiContextFor>, query: ActivityQuery, current: number, size: number): Promise<ActivityPage<GroupActivityCard>> {
  const publicContext = { ...context, token: null };
  const read = (page: number) => api('/group/activities', { ...publicContext, query: { current: page, size: READ_SIZE }, schema: GroupActivityCardPageSchema });
  const first = await read(1);
  const rest = await Promise.all(Array.from({ length: Math.min(first.pages, READ_PAGES) - 1 }, (_, i) => read(i + 2)));
  return pageActivities([first, ...rest].flatMap((page) => page.records), groupFacts, query, current, size);
}
