import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { DEFAULT_DEBOUNCE_MS } from '@bazaar/shared/constants/limits';
import { CartInfoSchema, CartTotalSchema, type CartExpiryItem, type CartShop, type CartTotal } from '@bazaar/shared/schemas/cart-view';
import { api } from '../../lib/api.ts';
import { notifyCartChanged } from '../../lib/cart-events.ts';
import { allItems, checkedIds, hasTickedPackage, shopItems, shopLinesOf, withChecked, withCount, type ShopLines } from './cart-state.ts';

export interface CartData {
  shops: CartShop[];
  expired: CartExpiryItem[];
  total: CartTotal;
}

const NOTHING: CartTotal = { totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 };

/**
 * The cart as the page edits it: ticks and quantities change at once on screen, the server
 * follows (quantities debounced and sent one change at a time), and the total is always the
 * server's totalPay of the ticked lines. After each change the server prices the cart again: the
 * promotion groups, their reductions and hints, and the lines' amounts are always its answer. Any
 * refusal reloads the cart from the server.
 */
export function useCart(data: CartData) {
  const revalidator = useRevalidator();
  const [shops, setShops] = useState<ShopLines[]>(() => shopLinesOf(data.shops));
  const [total, setTotal] = useState<CartTotal>(data.total);
  const shopsRef = useRef(shops);
  // What the server holds per line, to send the difference as changeItem's count.
  const confirmed = useRef(new Map<number, number>());
  const timers = useRef(new Map<number, number>());
  // Lines whose quantity changed on screen and is not sent yet (waiting for its timer or its turn).
  const dirty = useRef(new Set<number>());
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));
  const totalSeq = useRef(0);

  const apply = useCallback((next: ShopLines[]) => {
    shopsRef.current = next;
    setShops(next);
  }, []);

  // Fresh loader data (first render, or after a reload) replaces whatever was edited.
  useEffect(() => {
    const next = shopLinesOf(data.shops);
    apply(next);
    setTotal(data.total);
    totalSeq.current += 1;
    confirmed.current = new Map(allItems(next).map((item) => [item.basketId, item.prodCount]));
  }, [data, apply]);

  // useRevalidator answers a new object each render; the callbacks below must stay stable so
  // that the unmount flush runs only on unmount.
  const revalidatorRef = useRef(revalidator);
  useEffect(() => {
    revalidatorRef.current = revalidator;
  }, [revalidator]);
  const reload = useCallback(() => revalidatorRef.current.revalidate(), []);
  const resync = useCallback(() => {
    void reload();
  }, [reload]);

  /**
   * The total of the ticked lines and the cart's groups, priced again by the server. The groups
   * replace the page's only when no quantity waits to be sent (its own refresh follows), so an
   * answer read before a change never undoes it.
   */
  const refreshTotal = useCallback(async () => {
    const seq = ++totalSeq.current;
    const ids = checkedIds(shopsRef.current);
    try {
      const [next, info] = await Promise.all([
        ids.length > 0 || hasTickedPackage(shopsRef.current) ? api('/p/shopCart/totalPay', { method: 'POST', body: ids, schema: CartTotalSchema }) : NOTHING,
        api('/p/shopCart/info', { method: 'POST', body: [], schema: CartInfoSchema }),
      ]);
      if (seq !== totalSeq.current) return;
      setTotal(next);
      if (dirty.current.size > 0) return;
      const priced = shopLinesOf(info);
      apply(priced);
      confirmed.current = new Map(allItems(priced).map((item) => [item.basketId, item.prodCount]));
    } catch {
      resync();
    }
  }, [apply, resync]);

  /** Sends a line's pending quantity; answers false when the server refused it. */
  const flushLine = useCallback(
    (basketId: number): Promise<boolean> => {
      queue.current = queue.current.then(async () => {
        const shop = shopsRef.current.find((s) => shopItems(s).some((item) => item.basketId === basketId));
        const item = shop && shopItems(shop).find((i) => i.basketId === basketId);
        dirty.current.delete(basketId);
        if (!shop || !item) return true;
        const delta = item.prodCount - (confirmed.current.get(basketId) ?? item.prodCount);
        if (delta === 0) return true;
        try {
          await api('/p/shopCart/changeItem', { method: 'POST', body: { basketId, prodId: item.prodId, skuId: item.skuId, shopId: shop.shopId, count: delta } });
          confirmed.current.set(basketId, item.prodCount);
          notifyCartChanged();
          await refreshTotal();
          return true;
        } catch {
          // The API client showed why (for example 'Insufficient inventory').
          notifyCartChanged();
          resync();
          return false;
        }
      });
      return queue.current;
    },
    [refreshTotal, resync],
  );

  /** Sends every pending quantity now; answers false when one was refused. */
  const flushAll = useCallback(async (): Promise<boolean> => {
    const pending = [...timers.current.entries()];
    timers.current.clear();
    const results = await Promise.all(
      pending.map(([basketId, timer]) => {
        window.clearTimeout(timer);
        return flushLine(basketId);
      }),
    );
    return (await queue.current) && results.every(Boolean);
  }, [flushLine]);

  // Leaving the page within the debounce still saves the last quantity.
  useEffect(() => () => void flushAll(), [flushAll]);

  const setCount = useCallback(
    (basketId: number, count: number) => {
      apply(withCount(shopsRef.current, basketId, count));
      dirty.current.add(basketId);
      const previous = timers.current.get(basketId);
      if (previous) window.clearTimeout(previous);
      timers.current.set(
        basketId,
        window.setTimeout(() => {
          timers.current.delete(basketId);
          void flushLine(basketId);
        }, DEFAULT_DEBOUNCE_MS),
      );
    },
    [apply, flushLine],
  );

  const toggle = useCallback(
    async (ids: number[], on: boolean) => {
      if (ids.length === 0) return;
      apply(withChecked(shopsRef.current, ids, on));
      try {
        await api('/p/shopCart/checkItems', { method: 'POST', body: ids.map((basketId) => ({ basketId, isChecked: on ? 1 : 0 })) });
        await refreshTotal();
      } catch {
        resync();
      }
    },
    [apply, refreshTotal, resync],
  );

  /** The shopper's choice of the promotion a line counts in (changeItem with discountId, count 0). */
  const choosePromotion = useCallback(
    (basketId: number, discountId: number): Promise<boolean> => {
      queue.current = queue.current.then(async () => {
        const shop = shopsRef.current.find((s) => shopItems(s).some((item) => item.basketId === basketId));
        const item = shop && shopItems(shop).find((i) => i.basketId === basketId);
        if (!shop || !item) return true;
        try {
          await api('/p/shopCart/changeItem', { method: 'POST', body: { basketId, prodId: item.prodId, skuId: item.skuId, shopId: shop.shopId, count: 0, discountId } });
          await refreshTotal();
          return true;
        } catch {
          resync();
          return false;
        }
      });
      return queue.current;
    },
    [refreshTotal, resync],
  );

  /** Runs a change that removes lines, then reloads the cart and tells the header. */
  const removeWith = useCallback(
    async (call: () => Promise<unknown>): Promise<boolean> => {
      await flushAll();
      let ok = true;
      try {
        await call();
      } catch {
        ok = false;
      }
      notifyCartChanged();
      await reload();
      return ok;
    },
    [flushAll, reload],
  );

  const remove = useCallback((ids: number[]) => removeWith(() => api('/p/shopCart/deleteItem', { method: 'DELETE', body: ids })), [removeWith]);
  const clearExpired = useCallback(() => removeWith(() => api('/p/shopCart/deleteAll', { method: 'DELETE' })), [removeWith]);

  // A discount package moves as a unit (decision 046): each change goes to the server, then the cart is read again.
  const changePackage = useCallback((comboId: number, delta: number) => removeWith(() => api('/p/shopCart/changeCombo', { method: 'POST', body: { comboId, count: delta } })), [removeWith]);
  const togglePackage = useCallback((comboId: number, on: boolean) => removeWith(() => api('/p/shopCart/checkCombos', { method: 'POST', body: [{ comboId, isChecked: on ? 1 : 0 }] })), [removeWith]);
  const removePackage = useCallback((comboId: number) => removeWith(() => api('/p/shopCart/deleteCombos', { method: 'DELETE', body: [comboId] })), [removeWith]);

  /**
   * Before checkout: pending quantities are saved and invalid lines unticked, since the order
   * confirmation reads the ticked lines on the server. Answers false when something was refused.
   */
  const prepareCheckout = useCallback(async (): Promise<boolean> => {
    if (!(await flushAll())) return false;
    const stale = data.expired.filter((item) => item.isChecked === 1);
    if (stale.length === 0) return true;
    try {
      await api('/p/shopCart/checkItems', { method: 'POST', body: stale.map((item) => ({ basketId: item.basketId, isChecked: 0 })) });
      return true;
    } catch {
      return false;
    }
  }, [flushAll, data.expired]);

  return { shops, total, expired: data.expired, setCount, toggle, choosePromotion, remove, clearExpired, prepareCheckout, changePackage, togglePackage, removePackage };
}
