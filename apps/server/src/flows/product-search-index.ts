// Keeps an API instance's in-memory search index (lib/search-index.ts, decision 050) in step with
// the database. It loads every indexed product once (in batches), then reads only the products
// changed since: a statement trigger logs each product written (product_changes, with the writing
// transaction's id), and a read takes the changes of every transaction at or past the oldest one
// that was still running at its previous read, so a transaction that commits late is never
// skipped. A keyword search reads the changes first when the index is older than
// SEARCH_INDEX_SYNC_MS, or when the search caches were dropped (here or, through Redis, by another
// instance) since its last read, so a writer that drops them is read at once by every instance.
import type { AppContext } from '../context.ts';
import { SearchIndex } from '../lib/search-index.ts';
import { currentXmin, dropOldProductChanges, listChangedProducts, listIndexProducts } from '../modules/product/search-document.ts';
import { listOpenShopIds, openShopIds } from '../modules/shop/repository.ts';

/** Products per statement of the first load: under a MB of documents at a time (young garbage, so the heap does not grow for it), not the whole catalogue's. */
const LOAD_BATCH = 1_000;
/** Logged changes are kept this long; an index that has not read them for RELOAD_AFTER_MS loads afresh. */
const CHANGES_KEPT_MS = 60 * 60_000;
const RELOAD_AFTER_MS = 50 * 60_000;
/** How often an instance deletes the changes older than CHANGES_KEPT_MS. */
const PRUNE_EVERY_MS = 10 * 60_000;

export interface LiveSearchIndex {
  /** The index, once it has read every change older than the sync interval and every dropped-cache event. */
  fresh(): Promise<SearchIndex>;
}

const instances = new WeakMap<AppContext, LiveSearchIndex>();

/**
 * The instance's index (one per app context): loaded on the first keyword search, read again when
 * `invalidatedBy` (the search page cache) is dropped.
 */
export function liveSearchIndex(ctx: AppContext, invalidatedBy: string): LiveSearchIndex {
  let live = instances.get(ctx);
  if (!live) {
    live = createLiveSearchIndex(ctx, ctx.env.SEARCH_INDEX_SYNC_MS, invalidatedBy);
    instances.set(ctx, live);
  }
  return live;
}

function createLiveSearchIndex(ctx: AppContext, syncMs: number, invalidatedBy: string): LiveSearchIndex {
  let index: SearchIndex | null = null;
  let xmin = '';
  /** performance.now() when the last completed read began. */
  let lastRead = -Infinity;
  let lastPrune = -Infinity;
  /** Cache drops heard so far, and how many had been heard when the last completed read began. */
  let drops = 0;
  let dropsRead = 0;
  let running: Promise<void> | null = null;
  ctx.caches.onInvalidate(invalidatedBy, () => {
    drops++;
  });

  async function load(): Promise<SearchIndex> {
    const next = new SearchIndex();
    next.beginBulk();
    // The oldest running transaction before any row: whatever the batches miss is at or past it.
    const since = await currentXmin(ctx.db);
    next.setOpenShops(await listOpenShopIds(ctx.db));
    for (let after = 0; ;) {
      const batch = await listIndexProducts(ctx.db, after, LOAD_BATCH);
      for (const product of batch) next.put(product);
      if (batch.length < LOAD_BATCH) break;
      after = batch[batch.length - 1]!.id;
    }
    next.endBulk();
    xmin = since;
    return next;
  }

  async function read(): Promise<void> {
    const started = performance.now();
    const dropsAtStart = drops;
    if (!index || started - lastRead > RELOAD_AFTER_MS) {
      index = await load();
    } else {
      const changes = await listChangedProducts(ctx.db, xmin, openShopIds);
      for (const id of changes.gone) index.remove(id);
      for (const product of changes.products) index.put(product);
      index.setOpenShops(changes.openShops);
      index.compactIfWasteful();
      xmin = changes.xmin;
    }
    lastRead = started;
    // A failed read leaves these as they were, so the next search reads again.
    dropsRead = dropsAtStart;
    if (started - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = started;
      // Housekeeping, not the search's business: it runs beside the request, and a failure (a lock
      // wait, say) only means the next read tries again.
      dropOldProductChanges(ctx.db, CHANGES_KEPT_MS).catch(() => {
        lastPrune = -Infinity;
      });
    }
  }

  return {
    async fresh() {
      const asked = performance.now();
      const dropsAsked = drops;
      // A read that began before this call may have missed a write committed before it: wait for
      // one that began late enough, and after every cache drop heard before this call (drops heard
      // later are the later searches' business, so a stream of them cannot hold this one).
      while (!index || dropsRead < dropsAsked || lastRead < asked - syncMs) {
        running ??= read().finally(() => {
          running = null;
        });
        await running;
      }
      return index;
    },
  };
}
