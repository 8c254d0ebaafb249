import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { cartItems, checkoutTokens, jobs, orderAddresses, orderItems, orders, products, shops } from '../../db/schema.ts';
import { countQueries } from '../../db/query-count.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { registerUser } from '../../test/account-test-kit.ts';
import {
  addAddress,
  addToCart,
  confirm,
  confirmRequest,
  createProductIn,
  openShops,
  placeOrder,
  shopperWithAddress,
  skuStock,
  submitRequest,
  userIdOf,
  type OpenShop,
} from '../../test/order-test-kit.ts';

let t: TestApp;
let freeShop: OpenShop;
let paidShop: OpenShop;

beforeAll(async () => {
  t = await ensureSeeded();
  const open = await openShops(t);
  freeShop = open.find((s) => s.freight === 0)!;
  paidShop = open.find((s) => s.freight > 0 && s.freeFreightFrom !== null)!;
});

describe('POST /p/order/confirm', () => {
  it('splits the ticked cart per shop, virtual goods apart, with each shop’s freight rule', async () => {
    const user = await shopperWithAddress(t);
    const cheap = await createProductIn(t, paidShop.id, { price: 1_000 });
    const ebook = await createProductIn(t, paidShop.id, { price: 2_000, mold: 1, stocks: -1 });
    const own = await createProductIn(t, freeShop.id, { price: 3_000 });
    await addToCart(t, user, cheap, 2);
    await addToCart(t, user, ebook, 1);
    await addToCart(t, user, own, 1);
    const result = await confirm(t, user, { addrId: 0, uuid: randomUUID() });

    expect(result.shopCartOrders).toHaveLength(3);
    const physical = result.shopCartOrders.find((o) => o.shopId === paidShop.id && o.orderMold === 0)!;
    expect(physical).toMatchObject({ dvyType: 1, total: 2_000, transFee: paidShop.freight, actualTotal: 2_000 + paidShop.freight, totalCount: 2 });
    expect(physical.shopCartItemDiscounts[0]!.shopCartItems[0]).toMatchObject({ prodName: cheap.nameEn, skuName: 'Red', price: 1_000, prodCount: 2, productTotalAmount: 2_000 });
    const virtual = result.shopCartOrders.find((o) => o.orderMold === 1)!;
    expect(virtual).toMatchObject({ shopId: paidShop.id, dvyType: 3, transFee: 0, actualTotal: 2_000 });
    const selfRun = result.shopCartOrders.find((o) => o.shopId === freeShop.id)!;
    expect(selfRun.transFee).toBe(freeShop.freight);
    expect(result).toMatchObject({ total: 7_000, totalTransFee: paidShop.freight + freeShop.freight, totalCount: 4, orderReduce: 0 });
    expect(result.actualTotal).toBe(7_000 + paidShop.freight + freeShop.freight);
    expect(result.userAddr).toMatchObject({ receiver: '张三', commonAddr: true });
  });

  it('ships free from the shop’s threshold on the goods amount', async () => {
    const user = await shopperWithAddress(t);
    const dear = await createProductIn(t, paidShop.id, { price: paidShop.freeFreightFrom! });
    const result = await confirm(t, user, { addrId: 0, uuid: randomUUID(), orderItem: { prodId: dear.prodId, skuId: dear.skuId, shopId: dear.shopId, prodCount: 1 } });
    expect(result.shopCartOrders[0]).toMatchObject({ transFee: 0, freeFreightFrom: paidShop.freeFreightFrom });
  });

  it('answers names in Chinese by default and uses a chosen address', async () => {
    const user = await shopperWithAddress(t);
    const other = await addAddress(t, user, { receiver: '李四' });
    const p = await createProductIn(t, freeShop.id);
    const res = await confirmRequest(t, user, { addrId: other.addrId, uuid: randomUUID(), orderItem: { prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, prodCount: 1 } }, 'zh');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userAddr.receiver).toBe('李四');
    expect(res.json().shopCartOrders[0].shopCartItemDiscounts[0].shopCartItems[0]).toMatchObject({ prodName: p.nameZh, skuName: '红色' });
  });

  it('skips cart lines that can no longer be bought and refuses an empty selection', async () => {
    const user = await shopperWithAddress(t);
    const gone = await createProductIn(t, freeShop.id);
    await addToCart(t, user, gone);
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, gone.prodId));
    const res = await confirmRequest(t, user, { addrId: 0, uuid: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Please select at least one item');
    const fine = await createProductIn(t, freeShop.id);
    await addToCart(t, user, fine);
    const result = await confirm(t, user, { addrId: 0, uuid: randomUUID() });
    expect(result.shopCartOrders.flatMap((o) => o.shopCartItemDiscounts[0]!.shopCartItems.map((i) => i.skuId))).toEqual([fine.skuId]);
  });

  it('refuses with the specification’s messages', async () => {
    const noAddress = await registerUser(t);
    const p = await createProductIn(t, freeShop.id, { stocks: 3 });
    const item = (over: Record<string, unknown> = {}) => ({ prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, prodCount: 1, ...over });
    // Without an address the goods and totals are still priced; submit asks for the address.
    const uuid = randomUUID();
    const first = await confirmRequest(t, noAddress, { addrId: 0, uuid, orderItem: item({ prodCount: 2 }) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ userAddr: null, totalCount: 2, total: 2 * 5_000 });
    const refused = await submitRequest(t, noAddress, { uuid, orderShopParams: [{ shopId: p.shopId, remarks: '' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('Please add the address first');
    expect((await submitRequest(t, noAddress, { uuid, orderShopParams: [{ shopId: p.shopId, remarks: '' }] }, 'zh')).body).toBe('请先添加收货地址');

    const user = await shopperWithAddress(t);
    const stranger = await shopperWithAddress(t);
    const theirs = await addAddress(t, stranger, { receiver: '王五' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ addrId: theirs.addrId, orderItem: item() }, 'Please select the address first'],
      [{ addrId: 0, orderItem: item({ prodCount: 4 }) }, 'Insufficient inventory'],
      [{ addrId: 0, orderItem: item({ prodCount: 0 }) }, 'Please enter the correct number of items'],
      [{ addrId: 0, orderItem: item({ prodCount: 1.5 }) }, 'Please enter the correct number of items'],
      [{ addrId: 0, orderItem: item({ shopId: paidShop.id }) }, 'Product cannot be bought'],
      [{ addrId: 0, orderItem: item({ skuId: 2_000_000_000 }) }, 'Product cannot be bought'],
      [{ addrId: 0 }, 'Please select at least one item'],
      [{ addrId: 0, orderItem: item(), dvyTypes: [{ shopId: p.shopId, dvyType: 2 }] }, 'This delivery method is not available'],
    ];
    for (const [body, message] of cases) {
      const res = await confirmRequest(t, user, { uuid: randomUUID(), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toBe(message);
    }
    const bad = await confirmRequest(t, user, { addrId: 0, uuid: 'x', orderItem: item() });
    expect(bad.statusCode).toBe(400);

    const soldOut = await createProductIn(t, freeShop.id, { stocks: 0 });
    const res = await confirmRequest(t, user, { addrId: 0, uuid: randomUUID(), orderItem: { prodId: soldOut.prodId, skuId: soldOut.skuId, shopId: soldOut.shopId, prodCount: 1 } });
    expect(res.body).toBe('Product not in stock');
    const offShelf = await createProductIn(t, freeShop.id, { status: 0 });
    const res2 = await confirmRequest(t, user, { addrId: 0, uuid: randomUUID(), orderItem: { prodId: offShelf.prodId, skuId: offShelf.skuId, shopId: offShelf.shopId, prodCount: 1 } });
    expect(res2.body).toBe('Product cannot be bought');
    const [closed] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, 2));
    const closedShop = await createProductIn(t, closed!.id);
    const res3 = await confirmRequest(t, user, { addrId: 0, uuid: randomUUID(), orderItem: { prodId: closedShop.prodId, skuId: closedShop.skuId, shopId: closedShop.shopId, prodCount: 1 } });
    expect(res3.body).toBe('Product cannot be bought');
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/p/order/confirm', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/p/order/submit', payload: {} })).statusCode).toBe(401);
  });
});

describe('POST /p/order/submit', () => {
  it('another shopper cannot place someone else’s confirmed checkout; its owner still can', async () => {
    const owner = await shopperWithAddress(t);
    const stranger = await shopperWithAddress(t);
    const product = await createProductIn(t, freeShop.id);
    await addToCart(t, owner, product);
    const uuid = randomUUID();
    const confirmed = await confirm(t, owner, { addrId: 0, uuid });
    const orderShopParams = confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' }));
    const stolen = await submitRequest(t, stranger, { uuid, orderShopParams });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toBe('The order has expired, please place a new order');
    expect(await t.ctx.db.select().from(orders).where(eq(orders.userId, await userIdOf(t, stranger)))).toEqual([]);
    expect(await skuStock(t, product.skuId)).toBe(100);
    const placed = await submitRequest(t, owner, { uuid, orderShopParams });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await skuStock(t, product.skuId)).toBe(99);
  });

  it('creates one order per shop with items, address copy, remarks and an auto-cancel job; takes stock; empties the bought cart lines', async () => {
    const user = await shopperWithAddress(t);
    const a = await createProductIn(t, paidShop.id, { price: 1_500, stocks: 10 });
    const b = await createProductIn(t, freeShop.id, { price: 2_500, stocks: 10 });
    const unticked = await createProductIn(t, freeShop.id);
    await addToCart(t, user, a, 2);
    await addToCart(t, user, b, 1);
    await addToCart(t, user, unticked, 1);
    await t.ctx.db.update(cartItems).set({ isChecked: false }).where(eq(cartItems.skuId, unticked.skuId));

    const numbers = await placeOrder(t, user, undefined, { [paidShop.id]: '请周末送货' });
    expect(numbers).toHaveLength(2);
    for (const n of numbers) expect(n).toMatch(/^\d{19}$/);
    const rows = await t.ctx.db.select().from(orders).where(eq(orders.userId, await userIdOf(t, user)));
    expect(rows).toHaveLength(2);
    const paid = rows.find((r) => r.shopId === paidShop.id)!;
    expect(paid).toMatchObject({ status: 1, orderType: 0, orderMold: 0, dvyType: 1, total: 3_000, freight: paidShop.freight, actualTotal: 3_000 + paidShop.freight, productNums: 2, remarks: '请周末送货' });
    expect(paid.prodName).toContain(a.nameZh);
    expect(rows.find((r) => r.shopId === freeShop.id)!.remarks).toBeNull();

    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderNumber, paid.orderNumber));
    expect(items).toMatchObject([{ skuId: a.skuId, prodCount: 2, price: 1_500, productTotalAmount: 3_000, prodNameEn: a.nameEn, skuNameZh: '红色' }]);
    const [address] = await t.ctx.db.select().from(orderAddresses).where(eq(orderAddresses.orderNumber, paid.orderNumber));
    expect(address).toMatchObject({ receiver: '张三', province: '浙江省', city: '杭州市', area: '西湖区' });

    expect(await skuStock(t, a.skuId)).toBe(8);
    expect(await skuStock(t, b.skuId)).toBe(9);
    const left = await t.ctx.db.select({ skuId: cartItems.skuId }).from(cartItems).where(eq(cartItems.userId, rows[0]!.userId));
    expect(left.map((l) => l.skuId)).toEqual([unticked.skuId]);

    const [job] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, 'order.autoCancel'), eq(jobs.ref, paid.orderNumber)));
    expect(job!.runAt.getTime() - paid.createdAt.getTime()).toBe(t.ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000);
  });

  it('places a two-shop checkout in two statements and no transaction: the live check, and the stock with the writes (the session cached since confirm)', async () => {
    const user = await shopperWithAddress(t);
    await addToCart(t, user, await createProductIn(t, paidShop.id));
    await addToCart(t, user, await createProductIn(t, freeShop.id));
    const uuid = randomUUID();
    const confirmed = await confirm(t, user, { addrId: 0, uuid });
    const { result, queries } = await countQueries(() =>
      submitRequest(t, user, { uuid, orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(SubmitResultSchema.parse(result.json()).orderNumbers.split(',')).toHaveLength(2);
    // The session was verified by confirm and is kept by the instance (decision 068): no token statement.
    expect(queries.some((q) => q.includes('"auth_tokens"')), queries.join('\n')).toBe(false);
    expect(queries).toHaveLength(2);
    expect(queries[1]).toMatch(/^with stock_wanted as \(.*\), w0 as \(insert into "checkout_tokens".* select raise_unless\(/s);
  });


  it('the detail page’s cached stock follows a submit and a cancel at once', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, freeShop.id, { stocks: 10 });
    const shown = async () => (await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${p.prodId}` })).json().skuList[0].stocks as number;
    expect(await shown()).toBe(10);
    const [n] = await placeOrder(t, user, { product: p, count: 4 });
    expect(await shown()).toBe(6);
    await t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${n}`, headers: { authorization: user.token } });
    expect(await shown()).toBe(10);
  });

  it('keeps virtual goods in their own order without an address', async () => {
    const user = await shopperWithAddress(t);
    const ebook = await createProductIn(t, paidShop.id, { mold: 1, stocks: -1 });
    const [n] = await placeOrder(t, user, { product: ebook });
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, n!));
    expect(order).toMatchObject({ orderMold: 1, dvyType: 3, freight: 0 });
    expect(await t.ctx.db.select().from(orderAddresses).where(eq(orderAddresses.orderNumber, n!))).toEqual([]);
    expect(await skuStock(t, ebook.skuId)).toBe(-1);
  });

  it('refuses a replayed uuid, an unconfirmed or expired checkout, and long remarks', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, freeShop.id, { stocks: 10 });
    const uuid = randomUUID();
    await confirm(t, user, { addrId: 0, uuid, orderItem: { prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, prodCount: 1 } });
    const long = await submitRequest(t, user, { uuid, orderShopParams: [{ shopId: p.shopId, remarks: '长'.repeat(201) }] });
    expect(long.statusCode).toBe(400);
    expect(long.body).toBe('The message to the merchant cannot exceed 200 characters');
    const ok = await submitRequest(t, user, { uuid, orderShopParams: [{ shopId: p.shopId, remarks: '好'.repeat(200) }] });
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await submitRequest(t, user, { uuid, orderShopParams: [] });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toBe('Please do not submit orders at the same time');
    expect((await submitRequest(t, user, { uuid, orderShopParams: [] }, 'zh')).body).toBe('请勿同时提交订单');

    const never = await submitRequest(t, user, { uuid: randomUUID(), orderShopParams: [] });
    expect(never.statusCode).toBe(400);
    expect(never.body).toBe('The order has expired, please place a new order');

    const stale = randomUUID();
    await confirm(t, user, { addrId: 0, uuid: stale, orderItem: { prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, prodCount: 1 } });
    t.advanceClock(31 * 60_000);
    try {
      // Redis keeps its own clock: there the entry is removed as its TTL would.
      if (t.ctx.env.REDIS_URL) await t.ctx.kv.del(`order:confirm:${await userIdOf(t, user)}:${stale}`);
      const expired = await submitRequest(t, user, { uuid: stale, orderShopParams: [] });
      expect(expired.body).toBe('The order has expired, please place a new order');
    } finally {
      t.resetClock();
    }
    expect(await skuStock(t, p.skuId)).toBe(9);
  });

  it('refuses a product taken off the shelf after confirm and rolls everything back', async () => {
    const user = await shopperWithAddress(t);
    const a = await createProductIn(t, freeShop.id, { stocks: 5 });
    const b = await createProductIn(t, paidShop.id, { stocks: 5 });
    await addToCart(t, user, a);
    await addToCart(t, user, b);
    const uuid = randomUUID();
    await confirm(t, user, { addrId: 0, uuid });
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, b.prodId));
    const res = await submitRequest(t, user, { uuid, orderShopParams: [] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Product cannot be bought');
    expect(await skuStock(t, a.skuId)).toBe(5);
    expect(await t.ctx.db.select().from(checkoutTokens).where(eq(checkoutTokens.uuid, uuid))).toEqual([]);
  });

  it('rolls the whole checkout back when one line is short', async () => {
    const user = await shopperWithAddress(t);
    const plenty = await createProductIn(t, freeShop.id, { stocks: 50 });
    const scarce = await createProductIn(t, paidShop.id, { stocks: 2 });
    await addToCart(t, user, plenty, 3);
    await addToCart(t, user, scarce, 2);
    const uuid = randomUUID();
    await confirm(t, user, { addrId: 0, uuid });
    // Someone else buys the scarce piece between confirm and submit.
    const rival = await shopperWithAddress(t);
    await placeOrder(t, rival, { product: scarce });
    const res = await submitRequest(t, user, { uuid, orderShopParams: [] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Insufficient inventory');
    expect(await skuStock(t, plenty.skuId)).toBe(50);
    expect(await skuStock(t, scarce.skuId)).toBe(1);
    // Nothing of the statement stays: no order, no token, the cart lines kept for another try.
    const userId = await userIdOf(t, user);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
    expect(await t.ctx.db.select().from(checkoutTokens).where(eq(checkoutTokens.uuid, uuid))).toEqual([]);
    expect(await t.ctx.db.select().from(cartItems).where(eq(cartItems.userId, userId))).toHaveLength(2);
  });
});

describe('correctness under load', () => {
  it('the same checkout submitted 50 times in parallel gives one set of orders', async () => {
    const user = await shopperWithAddress(t);
    const a = await createProductIn(t, freeShop.id, { stocks: 100 });
    const b = await createProductIn(t, paidShop.id, { stocks: 100 });
    await addToCart(t, user, a, 2);
    await addToCart(t, user, b, 1);
    const uuid = randomUUID();
    await confirm(t, user, { addrId: 0, uuid });
    const results = await Promise.all(Array.from({ length: 50 }, () => submitRequest(t, user, { uuid, orderShopParams: [] })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.body).toBe('Please do not submit orders at the same time');
    }
    const numbers = SubmitResultSchema.parse(ok[0]!.json()).orderNumbers.split(',');
    const placed = await t.ctx.db.select().from(orders).where(eq(orders.checkoutUuid, uuid));
    expect(placed.map((o) => o.orderNumber).sort()).toEqual([...numbers].sort());
    expect(await skuStock(t, a.skuId)).toBe(98);
    expect(await skuStock(t, b.skuId)).toBe(99);
  });

  it('20 times the stock in parallel purchase attempts sells exactly the stock', async () => {
    const STOCK = 5;
    const product = await createProductIn(t, paidShop.id, { stocks: STOCK });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => shopperWithAddress(t)));
    // Every attempt is confirmed first (each sees the full stock), then all submit at once.
    const attempts = await Promise.all(
      Array.from({ length: STOCK * 20 }, async (_, i) => {
        const user = buyers[i % buyers.length]!;
        const uuid = randomUUID();
        await confirm(t, user, { addrId: 0, uuid, orderItem: { prodId: product.prodId, skuId: product.skuId, shopId: product.shopId, prodCount: 1 } });
        return { user, uuid };
      }),
    );
    const results = await Promise.all(attempts.map(({ user, uuid }) => submitRequest(t, user, { uuid, orderShopParams: [] })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(STOCK);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.body).toBe('Insufficient inventory');
    const sold = await t.ctx.db.select({ n: orderItems.prodCount }).from(orderItems).where(eq(orderItems.skuId, product.skuId));
    const left = await skuStock(t, product.skuId);
    expect(left).toBe(0);
    expect(sold.reduce((s, r) => s + r.n, 0) + left).toBe(STOCK);
    const [prod] = await t.ctx.db.select({ total: products.totalStocks }).from(products).where(eq(products.id, product.prodId));
    expect(prod!.total).toBe(0);
  });
});
