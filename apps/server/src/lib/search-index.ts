// The in-memory product search index of an API instance (decision 050): for each lexeme of the
// products' search documents (lib/search-tokenizer.ts writes them), a compact posting list of the
// products that have it and what the lexeme weighs in each; beside them, per product, the columns
// that search filters and sorts on. A keyword page is matched, filtered, ranked and counted here
// in a few hundred microseconds; only the page's rows are then read from the database by id.
// It holds no database code: flows/product-search-index.ts fills it and keeps it in step.
import type { QueryItem } from './search-tokenizer.ts';

/** The columns of one product as search reads them; `doc` is the search_vector as PostgreSQL prints it. */
export interface IndexedProduct {
  id: number;
  status: number;
  shopId: number;
  categoryId: number;
  shopCategoryId: number | null;
  price: number;
  totalStocks: number;
  soldNum: number;
  /** Microseconds since the epoch (created_at at PostgreSQL's precision). */
  createdAtUs: number;
  doc: string | null;
}

export type SortKey = 'rank' | 'sold' | 'created' | 'price';

export interface IndexQuery {
  items: readonly QueryItem[];
  /** Platform categories (a subtree) a product's category must be among. */
  categoryIds?: ReadonlySet<number>;
  shopId?: number;
  /** Shop categories a product's must be among. */
  shopCategoryIds?: ReadonlySet<number>;
  minPrice?: number;
  maxPrice?: number;
  hasStock?: boolean;
  /** Sort: a key and direction; sales then id (rank), or id (others) break ties in the same direction. */
  sort: { key: SortKey; desc: boolean };
  offset: number;
  limit: number;
}

/** PostgreSQL's ts_rank default weights, indexed by the weight bits (D 0, C 1, B 2, A 3). */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(Math.fround);
const ON_SHELF = 1;

/**
 * What one lexeme of a document adds to ts_rank for a query item that matches it: PostgreSQL's
 * calc_rank_or term, in its float4 arithmetic, from the weights of the lexeme's positions in order.
 */
export function lexemeRank(weights: readonly number[]): number {
  const f = Math.fround;
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  const list = weights.length ? weights : [0];
  for (let j = 0; j < list.length; j++) {
    const w = WEIGHTS[list[j] as number] as number;
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685;
}

/**
 * Parses PostgreSQL's text form of a tsvector ('lexeme':1A,2,3B ..., quotes doubled, backslashes
 * escaped) and calls `each` with every lexeme and its lexemeRank, without building arrays: a first
 * load parses 4 million of them.
 */
export function parseVector(text: string, each: (lexeme: string, rank: number) => void): void {
  const f = Math.fround;
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text.charCodeAt(i) !== 39 /* ' */) {
      i++;
      continue;
    }
    const start = ++i;
    let escaped = false;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 92 /* \ */) {
        escaped = true;
        i++;
      } else if (c === 39) {
        if (text.charCodeAt(i + 1) !== 39) break;
        escaped = true;
        i++;
      }
    }
    const raw = text.slice(start, i);
    const lexeme = escaped ? raw.replace(/''/g, "'").replace(/\\(.)/g, '$1') : raw;
    i++;
    if (text.charCodeAt(i) !== 58 /* : */) {
      each(lexeme, lexemeRank([]));
      continue;
    }
    i++;
    // lexemeRank over the positions as they are read.
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    let j = 0;
    while (i < n && text.charCodeAt(i) !== 32 /* space */) {
      while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
      const c = text.charCodeAt(i);
      let bits = 0;
      if (c >= 65 && c <= 68) {
        bits = 68 - c; // A 3, B 2, C 1, D 0
        i++;
      }
      const w = WEIGHTS[bits] as number;
      resj = f(resj + f(w / ((j + 1) * (j + 1))));
      if (w > wjm) {
        wjm = w;
        jm = j;
      }
      j++;
      if (text.charCodeAt(i) === 44 /* , */) i++;
    }
    each(lexeme, f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
  }
}

/** A lexeme's products (slots, ascending, as variable-length gaps) and the rank code of each. */
class Postings {
  gaps = new Uint8Array(8);
  bytes = 0;
  codes = new Uint16Array(4);
  count = 0;
  last = -1;

  /** A list made at its exact final size (a first load measures it first). */
  static sized(bytes: number, count: number): Postings {
    const list = new Postings();
    list.gaps = new Uint8Array(bytes);
    list.codes = new Uint16Array(count);
    return list;
  }

  add(slot: number, code: number) {
    if (this.bytes + varintLength(slot - this.last) > this.gaps.length) this.gaps = grow(this.gaps, this.bytes + 5);
    if (this.count + 1 > this.codes.length) this.codes = grow(this.codes, this.count + 1);
    let gap = slot - this.last;
    while (gap >= 0x80) {
      this.gaps[this.bytes++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    this.gaps[this.bytes++] = gap;
    this.codes[this.count++] = code;
    this.last = slot;
  }

  /** Calls `each(slot, code)` for every posting, in slot order. */
  forEach(each: (slot: number, code: number) => void) {
    const { gaps, codes, count } = this;
    let p = 0;
    let slot = -1;
    for (let k = 0; k < count; k++) {
      let gap = 0;
      let shift = 0;
      let b: number;
      do {
        b = gaps[p++] as number;
        gap |= (b & 0x7f) << shift;
        shift += 7;
      } while (b & 0x80);
      slot += gap;
      each(slot, codes[k] as number);
    }
  }

  /** Exact-size copies, once the bulk load is over (growth leaves up to half unused). */
  trim() {
    this.gaps = this.gaps.slice(0, this.bytes);
    this.codes = this.codes.slice(0, this.count);
  }
}

type Typed = Uint8Array<ArrayBuffer> | Int8Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Float32Array<ArrayBuffer> | Float64Array<ArrayBuffer>;

function grow<T extends Typed>(array: T, need: number): T {
  const next = new (array.constructor as new (n: number) => T)(Math.max(need, Math.ceil(array.length * 1.5), 16));
  next.set(array);
  return next;
}

/** FNV-1a of a document's text: a changed document gets a new slot and new postings, an unchanged one keeps them. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

const CHUNK = 1 << 20;
const varintLength = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/** Postings of a first load as (lexeme, slot, code) in chunks of a million (each its own mapping, returned when freed). */
class BulkPostings {
  private readonly lexemes = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly chunks: { lexeme: Int32Array; slot: Int32Array; code: Uint16Array }[] = [];
  private used = CHUNK;

  add(lexeme: string, slot: number, code: number) {
    let id = this.lexemes.get(lexeme);
    if (id === undefined) {
      id = this.names.length;
      // A copy of its own: a long slice would keep the whole document alive as the map's key.
      const own = Buffer.from(lexeme).toString();
      this.names.push(own);
      this.lexemes.set(own, id);
    }
    if (this.used === CHUNK) {
      this.chunks.push({ lexeme: new Int32Array(CHUNK), slot: new Int32Array(CHUNK), code: new Uint16Array(CHUNK) });
      this.used = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1]!;
    chunk.lexeme[this.used] = id;
    chunk.slot[this.used] = slot;
    chunk.code[this.used] = code;
    this.used++;
  }

  /** Every lexeme's list at its exact size: one pass to measure, one to fill (slots arrive in order). */
  build(): Map<string, Postings> {
    const n = this.names.length;
    const count = new Int32Array(n);
    const bytes = new Int32Array(n);
    const last = new Int32Array(n).fill(-1);
    const each = (visit: (lexeme: number, slot: number, code: number) => void) =>
      this.chunks.forEach((chunk, c) => {
        const end = c === this.chunks.length - 1 ? this.used : CHUNK;
        for (let i = 0; i < end; i++) visit(chunk.lexeme[i] as number, chunk.slot[i] as number, chunk.code[i] as number);
      });
    each((l, slot) => {
      count[l] = (count[l] as number) + 1;
      bytes[l] = (bytes[l] as number) + varintLength(slot - (last[l] as number));
      last[l] = slot;
    });
    const lists = this.names.map((_, l) => Postings.sized(bytes[l] as number, count[l] as number));
    each((l, slot, code) => lists[l]!.add(slot, code));
    return new Map(this.names.map((name, l) => [name, lists[l]!]));
  }
}

export class SearchIndex {
  private readonly postings = new Map<string, Postings>();
  /** Lexemes in code-unit order, for prefix items; rebuilt when a new lexeme came since. */
  private sorted: string[] = [];
  private sortedStale = false;
  /** Rank of each code (the distinct lexeme ranks, at most 65,536). */
  private readonly rankCodes = new Map<number, number>();
  private ranks = new Float64Array(64);

  // Per slot. A product's slot changes when its document does; the old one is dead.
  private slots = 0;
  private dead = 0;
  private ids = new Int32Array(1024);
  private alive = new Uint8Array(1024);
  private status = new Int8Array(1024);
  private shop = new Int32Array(1024);
  private category = new Int32Array(1024);
  private shopCategory = new Int32Array(1024);
  private price = new Int32Array(1024);
  private stocks = new Int32Array(1024);
  private sold = new Int32Array(1024);
  private created = new Float64Array(1024);
  private docHash = new Int32Array(1024);
  /** Slot of each product id (-1: none). */
  private slotOf = new Int32Array(1024).fill(-1);
  private openShops = new Uint8Array(64);

  // Per query scratch, sized to the slots: a stamp per slot instead of clearing.
  private bulk: BulkPostings | null = null;
  private mark = new Int32Array(0);
  /** The slots that matched the first item (then every item), reused by every query. */
  private found = new Int32Array(0);
  private score = new Float32Array(0);
  private stamp = 0;

  /** How many products it holds (on shelf or not). */
  get size(): number {
    return this.slots - this.dead;
  }

  /** The shops whose products may be shown (open shops); replaces the previous set. */
  setOpenShops(shopIds: readonly number[]): void {
    const max = shopIds.reduce((m, id) => Math.max(m, id), 0);
    const open = new Uint8Array(Math.max(64, max + 1));
    for (const id of shopIds) if (id >= 0) open[id] = 1;
    this.openShops = open;
  }

  /**
   * A first load: postings are gathered in a few large chunks and each list is then made once at
   * its exact size (endBulk), instead of growing thousands of small arrays, whose freed copies would
   * stay in the process's memory.
   */
  beginBulk(): void {
    this.bulk = new BulkPostings();
  }

  endBulk(): void {
    const bulk = this.bulk;
    if (!bulk) return;
    this.bulk = null;
    for (const [lexeme, list] of bulk.build()) {
      const existing = this.postings.get(lexeme);
      if (existing) list.forEach((slot, code) => existing.add(slot, code));
      else this.postings.set(lexeme, list);
    }
    this.sortedStale = true;
  }

  /** Adds or updates a product; a null document (not yet indexed) removes it, as does `remove`. */
  put(p: IndexedProduct): void {
    if (p.doc === null) return this.remove(p.id);
    const hash = hashOf(p.doc);
    let slot = p.id < this.slotOf.length ? (this.slotOf[p.id] as number) : -1;
    if (slot < 0 || this.docHash[slot] !== hash) {
      if (slot >= 0) this.kill(slot);
      slot = this.newSlot(p.id, hash);
      const bulk = this.bulk;
      if (bulk) {
        parseVector(p.doc, (lexeme, rank) => bulk.add(lexeme, slot, this.codeOf(rank)));
      } else
        parseVector(p.doc, (lexeme, rank) => {
          let list = this.postings.get(lexeme);
          if (!list) {
            list = new Postings();
            // A copy of its own: a long slice would keep the whole document alive as the map's key.
            const key = Buffer.from(lexeme).toString();
            this.postings.set(key, list);
            // One new word goes into the sorted list where it belongs (a prefix search would otherwise
            // sort every word of the catalogue again after each change read bringing a new one).
            if (!this.sortedStale) insertSorted(this.sorted, key);
          }
          list.add(slot, this.codeOf(rank));
        });
    }
    this.status[slot] = p.status;
    this.shop[slot] = p.shopId;
    this.category[slot] = p.categoryId;
    this.shopCategory[slot] = p.shopCategoryId ?? -1;
    this.price[slot] = p.price;
    this.stocks[slot] = p.totalStocks;
    this.sold[slot] = p.soldNum;
    this.created[slot] = p.createdAtUs;
  }

  remove(id: number): void {
    const slot = id < this.slotOf.length ? (this.slotOf[id] as number) : -1;
    if (slot < 0) return;
    this.kill(slot);
    this.slotOf[id] = -1;
  }

  /** After a bulk load, and when dead slots pile up: postings renumbered over the live slots, exact sizes. */
  compact(): void {
    const remap = new Int32Array(this.slots);
    let next = 0;
    for (let s = 0; s < this.slots; s++) remap[s] = this.alive[s] ? next++ : -1;
    for (const [lexeme, list] of this.postings) {
      const fresh = new Postings();
      list.forEach((slot, code) => {
        const to = remap[slot] as number;
        if (to >= 0) fresh.add(to, code);
      });
      if (fresh.count === 0) {
        this.postings.delete(lexeme);
        this.sortedStale = true;
      } else {
        fresh.trim();
        this.postings.set(lexeme, fresh);
      }
    }
    const columns = ['ids', 'alive', 'status', 'shop', 'category', 'shopCategory', 'price', 'stocks', 'sold', 'created', 'docHash'] as const;
    for (const name of columns) {
      const from = this[name] as Typed;
      const to = new (from.constructor as new (n: number) => Typed)(Math.max(next, 16));
      for (let s = 0; s < this.slots; s++) if ((remap[s] as number) >= 0) to[remap[s] as number] = from[s] as number;
      (this as unknown as Record<string, Typed>)[name] = to;
    }
    for (let s = 0; s < next; s++) this.slotOf[this.ids[s] as number] = s;
    this.slots = next;
    this.dead = 0;
    this.mark = new Int32Array(0);
    this.score = new Float32Array(0);
    this.found = new Int32Array(0);
  }

  /** Compacts when a quarter of the slots are dead (documents changed or products removed). */
  compactIfWasteful(): void {
    if (this.dead > 1000 && this.dead * 4 > this.slots) this.compact();
  }

  /**
   * The page of product ids a query asks for, in order, and how many products match. Only on-shelf
   * products of open shops match. Relevance is ts_rank's (default weights, no normalization): one
   * item ranks exactly as PostgreSQL's ts_rank; several items rank by the mean of their terms.
   */
  search(q: IndexQuery): { ids: number[]; matches: number } {
    if (q.items.length === 0) return { ids: [], matches: 0 };
    if (this.mark.length < this.slots) {
      this.mark = new Int32Array(this.ids.length);
      this.score = new Float32Array(this.ids.length);
      this.stamp = 0;
    }
    if (this.stamp > 0x3fff0000) {
      this.mark.fill(0);
      this.stamp = 0;
    }
    const { mark, score, ranks } = this;
    const f = Math.fround;
    const rejected = ++this.stamp;
    const first = this.stamp + 1;
    this.stamp += q.items.length;
    if (this.found.length < this.slots) this.found = new Int32Array(this.ids.length);
    const found = this.found;
    let n = 0;
    const passes = this.filter(q);

    for (let k = 0; k < q.items.length; k++) {
      const want = first + k;
      const before = want - 1;
      for (const list of this.listsOf(q.items[k] as QueryItem)) {
        // The postings decoded in line (this loop is the search's whole cost for a common word).
        const { gaps, codes, count } = list;
        let p = 0;
        let slot = -1;
        for (let j = 0; j < count; j++) {
          let b = gaps[p++] as number;
          let gap = b & 0x7f;
          for (let shift = 7; b & 0x80; shift += 7) {
            b = gaps[p++] as number;
            gap |= (b & 0x7f) << shift;
          }
          slot += gap;
          const m = mark[slot] as number;
          if (m === want) score[slot] = f((score[slot] as number) + (ranks[codes[j] as number] as number));
          else if (k === 0) {
            if (m === rejected) continue;
            if (passes(slot)) {
              mark[slot] = want;
              score[slot] = f(ranks[codes[j] as number] as number);
              found[n++] = slot;
            } else mark[slot] = rejected;
          } else if (m === before) {
            mark[slot] = want;
            score[slot] = f((score[slot] as number) + (ranks[codes[j] as number] as number));
          }
        }
      }
    }
    const last = first + q.items.length - 1;
    const size = q.items.length;
    if (size > 1) {
      // Keep the slots that matched every item, in place.
      let kept = 0;
      for (let i = 0; i < n; i++) {
        const slot = found[i] as number;
        if (mark[slot] === last) {
          found[kept++] = slot;
          score[slot] = f((score[slot] as number) / size);
        }
      }
      n = kept;
    }
    const matched = found.subarray(0, n);
    const k = Math.min(q.offset + q.limit, matched.length);
    if (k <= q.offset) return { ids: [], matches: matched.length };
    const before = this.comparator(q.sort);
    let top: number[];
    if (k * 8 > matched.length) top = Array.from(matched.sort(before).subarray(0, k));
    else top = bestOf(matched, k, before);
    return { ids: top.slice(q.offset, k).map((slot) => this.ids[slot] as number), matches: matched.length };
  }

  private filter(q: IndexQuery): (slot: number) => boolean {
    const { alive, status, shop, openShops, category, shopCategory, price, stocks } = this;
    const { categoryIds, shopId, shopCategoryIds, minPrice, maxPrice, hasStock } = q;
    return (slot) => {
      if (!alive[slot] || status[slot] !== ON_SHELF || !openShops[shop[slot] as number]) return false;
      if (shopId !== undefined && shop[slot] !== shopId) return false;
      if (categoryIds && !categoryIds.has(category[slot] as number)) return false;
      if (shopCategoryIds && !shopCategoryIds.has(shopCategory[slot] as number)) return false;
      if (minPrice !== undefined && (price[slot] as number) < minPrice) return false;
      if (maxPrice !== undefined && (price[slot] as number) > maxPrice) return false;
      if (hasStock && stocks[slot] === 0) return false;
      return true;
    };
  }

  /** Negative when slot a comes first. */
  private comparator({ key, desc }: IndexQuery['sort']): (a: number, b: number) => number {
    const { ids, sold } = this;
    const dir = desc ? -1 : 1;
    const byId = (a: number, b: number) => dir * ((ids[a] as number) - (ids[b] as number));
    if (key === 'rank') {
      const { score } = this;
      return (a, b) => (score[b] as number) - (score[a] as number) || (sold[b] as number) - (sold[a] as number) || (ids[b] as number) - (ids[a] as number);
    }
    const column = key === 'sold' ? sold : key === 'price' ? this.price : this.created;
    return (a, b) => dir * ((column[a] as number) - (column[b] as number)) || byId(a, b);
  }

  private listsOf(item: QueryItem): Postings[] {
    if (!item.prefix) {
      const list = this.postings.get(item.lexeme);
      return list ? [list] : [];
    }
    if (this.sortedStale) {
      this.sorted = [...this.postings.keys()].sort();
      this.sortedStale = false;
    }
    const { sorted } = this;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] as string) < item.lexeme) lo = mid + 1;
      else hi = mid;
    }
    const lists: Postings[] = [];
    for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(item.lexeme); i++) {
      const list = this.postings.get(sorted[i] as string);
      if (list) lists.push(list);
    }
    return lists;
  }

  private codeOf(rank: number): number {
    let code = this.rankCodes.get(rank);
    if (code === undefined) {
      if (this.rankCodes.size >= 0x10000) return this.nearestCode(rank);
      code = this.rankCodes.size;
      if (code >= this.ranks.length) this.ranks = grow(this.ranks, code + 1);
      this.ranks[code] = rank;
      this.rankCodes.set(rank, code);
    }
    return code;
  }

  /** Past 65,536 distinct ranks (never seen in a real catalogue) a rank shares the nearest code. */
  private nearestCode(rank: number): number {
    let best = 0;
    for (let c = 1; c < this.rankCodes.size; c++) if (Math.abs((this.ranks[c] as number) - rank) < Math.abs((this.ranks[best] as number) - rank)) best = c;
    return best;
  }

  private newSlot(id: number, hash: number): number {
    const slot = this.slots++;
    if (slot >= this.ids.length) {
      const need = slot + 1;
      this.ids = grow(this.ids, need);
      this.alive = grow(this.alive, need);
      this.status = grow(this.status, need);
      this.shop = grow(this.shop, need);
      this.category = grow(this.category, need);
      this.shopCategory = grow(this.shopCategory, need);
      this.price = grow(this.price, need);
      this.stocks = grow(this.stocks, need);
      this.sold = grow(this.sold, need);
      this.created = grow(this.created, need);
      this.docHash = grow(this.docHash, need);
    }
    if (id >= this.slotOf.length) {
      const bigger = new Int32Array(Math.max(id + 1, Math.ceil(this.slotOf.length * 1.5))).fill(-1);
      bigger.set(this.slotOf);
      this.slotOf = bigger;
    }
    this.ids[slot] = id;
    this.alive[slot] = 1;
    this.docHash[slot] = hash;
    this.slotOf[id] = slot;
    return slot;
  }

  private kill(slot: number) {
    if (!this.alive[slot]) return;
    this.alive[slot] = 0;
    this.dead++;
  }
}

/**
 * The best k of many slots in order: a bounded heap whose root is the worst slot kept, so each
 * candidate costs one comparison, and one that beats the root log k more (n log k in all, whatever
 * order the slots come in; inserting into a sorted list cost n times k when every newer slot sorts
 * first, as for "newest first").
 */
export function bestOf(slots: Int32Array, k: number, before: (a: number, b: number) => number): number[] {
  const heap = new Int32Array(k);
  let size = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    if (size < k) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (before(slot, heap[parent] as number) <= 0) break;
        heap[at] = heap[parent] as number;
        at = parent;
      }
      heap[at] = slot;
    } else if (before(slot, heap[0] as number) < 0) {
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= k) break;
        if (child + 1 < k && before(heap[child + 1] as number, heap[child] as number) > 0) child++;
        if (before(heap[child] as number, slot) <= 0) break;
        heap[at] = heap[child] as number;
        at = child;
      }
      heap[at] = slot;
    }
  }
  return Array.from(heap.subarray(0, size)).sort(before);
}

/** Inserts `key` into `sorted` (ascending, as Array.prototype.sort orders strings) by binary search. */
export function insertSorted(sorted: string[], key: string): void {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  sorted.splice(lo, 0, key);
}
