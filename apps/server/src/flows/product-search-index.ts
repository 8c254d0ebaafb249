// Keeps an API instance's in-memory search index (lib/search-index.ts, decision 050) in step with
// the database. It loads every indexed product once (in batches), then reads only the products
// changed since: a statement trigger logs each product written (product_changes, with the writing
// transaction's id), and a read takes the changes of every transaction at or past the oldest one
// that was still running at its previous read, so a transaction that commits late is never
// skipped. A keyword search reads the changes first when the index is older than
// SEARCH_INDEX_SYNC_MS, or when the search caches were dropped (here or, through Redis, by another
// instance) since its last read, so a writer that drops them is read at once by every instance.
// A timer (keepWarm, started with the server) reads the changes every minute and compacts the index,
// so no search pays for a reload after an idle spell or for a compaction.
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
/** How often the keeper reads the changes and compacts: well inside RELOAD_AFTER_MS, so an idle instance never reloads. */
export const SEARCH_INDEX_KEEP_WARM_MS = 60_000;

export interface LiveSearchIndex {
  /** The index, once it has read every change older than the sync interval and every dropped-cache event. */
  fresh(): Promise<SearchIndex>;
  /** Upkeep outside any request: reads the changes (loading the index when it has none or is too old) and compacts it when wasteful. */
  tend(): Promise<void>;
  /** Tends the index every `everyMs` until the returned function is called (server start to close); a failed tend is reported and tried again at the next tick. */
  keepWarm(onError: (error: unknown) => void, everyMs?: number): () => void;
}

export interface LiveSearchIndexOptions {
  syncMs: number;
  /** An index that has not read the changes for this long loads afresh. */
  reloadAfterMs?: number;
  /** The clock of the sync interval and the reload age, in ms (tests move it). */
  now?: () => number;
}

const instances = new WeakMap<AppContext, LiveSearchIndex>();

/**
 * The instance's index (one per app context): loaded on the first keyword search, read again when
 * `invalidatedBy` (the search page cache) is dropped.
 */
export function liveSearchIndex(ctx: AppContext, invalidatedBy: string): LiveSearchIndex {
  let live = instances.get(ctx);
  if (!live) {
    live = createLiveSearchIndex(ctx, invalidatedBy, { syncMs: ctx.env.SEARCH_INDEX_SYNC_MS });
    instances.set(ctx, live);
  }
  return live;
}

export function createLiveSearchIndex(ctx: AppContext, invalidatedBy: string, { syncMs, reloadAfterMs = RELOAD_AFTER_MS, now = () => performance.now() }: LiveSearchIndexOptions): LiveSearchIndex {
  let index: SearchIndex | null = null;
  let xmin = '';
  /** now() when the last completed read began. */
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
    const started = now();
    const dropsAtStart = drops;
    if (!index || started - lastRead > reloadAfterMs) {
      index = await load();
    } else {
      const changes = await listChangedProducts(ctx.db, xmin, openShopIds);
      for (const id of changes.gone) index.remove(id);
      for (const product of changes.products) index.put(product);
      index.setOpenShops(changes.openShops);
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

  /** One read at a time, shared by whoever asks while it runs. */
  function readOnce(): Promise<void> {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  }

  async function tend(): Promise<void> {
    await readOnce();
    // Synchronous: requests arriving meanwhile wait for it, but none has it inside its own await.
    index?.compactIfWasteful();
  }

  return {
    async fresh() {
      const asked = now();
      const dropsAsked = drops;
      // A read that began before this call may have missed a write committed before it: wait for
      // one that began late enough, and after every cache drop heard before this call (drops heard
      // later are the later searches' business, so a stream of them cannot hold this one).
      while (!index || dropsRead < dropsAsked || lastRead < asked - syncMs) await readOnce();
      return index;
    },
    tend,
    keepWarm(onError, everyMs = SEARCH_INDEX_KEEP_WARM_MS) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        // The searches read for themselves meanwhile.
        tend()
          .catch(onError)
          .finally(() => {
            busy = false;
          });
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
