// The /list tabs of the activities (st = 3 group-buy, st = 4 flash sale; section 2) read the whole
// live list of their activity (tens, not thousands) and answer the header search here: the name
// matches every word of the term, the price range (yuan typed, fen compared) and "in stock" filter,
// and the sort bar orders. The category filter is not offered on these tabs (an activity card has
// no category), so nothing on the page is a filter that does nothing.

/** What the filters and the sort read of an activity's card. */
export interface ActivityFacts {
  /** The names the term is matched against (a card matches when one of them has every word). */
  names: readonly string[];
  /** The activity price in fen (the lowest of its SKUs). */
  price: number;
  /** What "sales" sorts by, larger first. */
  sold: number;
  /** The activity's start, ISO text: "newest" sorts later starts first. */
  start: string;
  /** Whether units are left; null when the activity keeps no stock of its own (no in-stock filter). */
  inStock: boolean | null;
}

/** The part of the /list state these tabs honour (prices in fen; sort codes as SORT_OPTIONS). */
export interface ActivityQuery {
  pn: string;
  minPrice?: number;
  maxPrice?: number;
  hasStock: boolean;
  sort?: number;
}

/** A page of matched activities, paged like any list. */
export interface ActivityPage<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Whether a name has every word of the term (case aside; a term without words matches all). */
export function nameMatches(name: string, term: string): boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const lower = name.toLowerCase();
  return words.every((word) => lower.includes(word));
}

const SORTS: Record<number, (a: ActivityFacts, b: ActivityFacts) => number> = {
  1: (a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0),
  2: (a, b) => b.sold - a.sold,
  4: (a, b) => b.price - a.price,
  5: (a, b) => a.price - b.price,
};

/**
 * The cards that pass the query, in the sort's order (the list's own order for "overall"; ties keep
 * it too: the sort is stable), cut to page `current` of `size`.
 */
export function pageActivities<T>(cards: readonly T[], factsOf: (card: T) => ActivityFacts, query: ActivityQuery, current: number, size: number): ActivityPage<T> {
  const matched = cards
    .map((card) => ({ card, facts: factsOf(card) }))
    .filter(({ facts }) => facts.names.some((name) => nameMatches(name, query.pn)))
    .filter(({ facts }) => (query.minPrice === undefined || facts.price >= query.minPrice) && (query.maxPrice === undefined || facts.price <= query.maxPrice))
    .filter(({ facts }) => !query.hasStock || facts.inStock !== false);
  const compare = query.sort === undefined ? undefined : SORTS[query.sort];
  if (compare) matched.sort((a, b) => compare(a.facts, b.facts));
  return {
    records: matched.slice((current - 1) * size, current * size).map(({ card }) => card),
    total: matched.length,
    size,
    current,
    pages: Math.ceil(matched.length / size),
  };
}
