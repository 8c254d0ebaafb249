// The shopper's side of reviews (decision 054): POST /p/prodComm, GET /p/myOrder/myOrderItemsComment
// and GET /p/prodComm/prodCommPageByUser, on the real database. One order goes the whole way through
// the API (checkout, payment, shipping, receipt); the others are written by the order factory in
// the state a test needs.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MyOrderSchema } from '@bazaar/shared/schemas/order';
import { MyReviewSchema, ReviewItemSchema, ReviewSchema, ReviewSummarySchema } from '@bazaar/shared/schemas/review';
import { orderItems, orders, reviews, shops } from '../db/schema.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { buildOrderRows, insertOrderRows } from '../modules/order/order-rows.ts';
import { markOrdersPaid, markShipped } from '../modules/order/transitions.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, type RegisteredUser } from '../test/account-test-kit.ts';
import { addToCart, as, createProductIn, openShops, placeOrder, shopperWithAddress, userIdOf } from '../test/order-test-kit.ts';
import { createShopper, type TestShopper } from '../test/payment-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { uploadImage } from '../test/shop-application-test-kit.ts';

let t: TestApp;
let shop: { id: number; nameZh: string; nameEn: string | null };
const ReviewItemPage = pageOf(ReviewItemSchema);
const MyReviewPage = pageOf(MyReviewSchema);
const ReviewPage = pageOf(ReviewSchema);
const MyOrderPage = pageOf(MyOrderSchema);
const DAY = 86_400_000;
const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

type Lang = 'zh' | 'en';
const post = (user: RegisteredUser | null, body: unknown, lang: Lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/p/prodComm', ...json(body, { headers: { 'accept-language': lang, ...(user ? { authorization: user.token } : {}) } }) });
const get = (user: RegisteredUser, url: string, lang: Lang = 'en') => t.app.inject({ method: 'GET', url, headers: as(user, { 'accept-language': lang }) });

async function reviewItems(user: RegisteredUser, query = '', lang: Lang = 'en') {
  const res = await get(user, `/p/myOrder/myOrderItemsComment${query}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return ReviewItemPage.parse(res.json());
}
async function myReviews(user: RegisteredUser, query = '', lang: Lang = 'en') {
  const res = await get(user, `/p/prodComm/prodCommPageByUser${query}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return MyReviewPage.parse(res.json());
}
async function summary(prodId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/prod/prodCommData?prodId=${prodId}` });
  expect(res.statusCode, res.body).toBe(200);
  return ReviewSummarySchema.parse(res.json());
}
async function productReviews(prodId: number, lang: Lang = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/prod/prodCommPageByProd?prodId=${prodId}`, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return ReviewPage.parse(res.json());
}
async function expectRefused(res: Awaited<ReturnType<typeof post>>, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.body).toBe(message);
}
async function uploaded(user: RegisteredUser): Promise<string> {
  const res = await uploadImage(t, user.token, 'public');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().path as string;
}
const reviewRows = (orderItemId: number) => t.ctx.db.select().from(reviews).where(eq(reviews.orderItemId, orderItemId));
async function commSts(orderItemId: number) {
  const [row] = await t.ctx.db.select({ commSts: orderItems.commSts }).from(orderItems).where(eq(orderItems.id, orderItemId));
  return row!.commSts;
}

interface MadeOrder {
  orderNumber: string;
  itemIds: number[];
}

/**
 * An order of these products (one line each) in the given state, written by the order factory; a
 * completed one was finished three days after it was placed.
 */
async function orderOf(userId: string, status: number, products: TestProduct[], options: { placedAt?: Date; deleted?: boolean } = {}): Promise<MadeOrder> {
  const orderNumber = nextSerialNumber();
  const placedAt = options.placedAt ?? t.ctx.now();
  const paid = status === ORDER_STATUS.paid || status === ORDER_STATUS.shipped || status === ORDER_STATUS.completed;
  const items = await t.ctx.db.transaction((tx) =>
    insertOrderRows(
      tx,
      buildOrderRows({
        orderNumber,
        userId,
        shopId: products[0]!.shopId,
        status,
        placedAt,
        address: null,
        lines: products.map((p) => ({
          productId: p.prodId,
          skuId: p.skuIds[0]!,
          prodNameZh: p.nameZh,
          prodNameEn: p.nameEn,
          skuNameZh: '黑色 M',
          skuNameEn: 'Black / M',
          pic: '/uploads/seed/test.svg',
          price: 9_900,
          count: 2,
        })),
        extra: {
          isPayed: paid,
          payTime: paid ? new Date(placedAt.getTime() + 60_000) : null,
          finallyTime: status === ORDER_STATUS.completed ? new Date(placedAt.getTime() + 3 * DAY) : null,
          deleteStatus: options.deleted ? 1 : 0,
        },
      }),
    ),
  );
  return { orderNumber, itemIds: items.map((i) => i.id) };
}

const products = (n: number) => Promise.all(Array.from({ length: n }, () => createTestProduct(t, { shopId: shop.id })));
const body = (orderItemId: number, extra: Record<string, unknown> = {}) => ({ orderItemId, score: 5, content: '很好用，推荐', ...extra });

beforeAll(async () => {
  t = await ensureSeeded();
  const [first] = await openShops(t);
  const [row] = await t.ctx.db.select({ id: shops.id, nameZh: shops.nameZh, nameEn: shops.nameEn }).from(shops).where(eq(shops.id, first!.id));
  shop = row!;
});

describe('POST /p/prodComm, the whole way', () => {
  it('reviews the lines of an order received through the API; the product page, its summary, the order list and both lists follow', async () => {
    const user = await shopperWithAddress(t);
    const tea = await createProductIn(t, shop.id, { price: 1_200 });
    const cup = await createProductIn(t, shop.id, { price: 3_400 });
    await addToCart(t, user, tea);
    await addToCart(t, user, cup, 2);
    const [orderNumber] = await placeOrder(t, user);
    const userId = await userIdOf(t, user);
    await t.ctx.db.transaction((tx) => markOrdersPaid(tx, { userId, orderNumbers: [orderNumber!], payNo: nextSerialNumber(), payType: 9, paidAt: t.ctx.now() }));
    await t.ctx.db.transaction((tx) => markShipped(tx, { orderNumber: orderNumber!, shopId: shop.id, now: t.ctx.now() }));
    const lineIds = await t.ctx.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderNumber, orderNumber!));
    await expectRefused(await post(user, body(lineIds[0]!.id)), 'You can review an order once it is completed');
    expect((await t.app.inject({ method: 'PUT', url: `/p/myOrder/receipt/${orderNumber}`, headers: as(user) })).statusCode).toBe(200);

    // The write-comments page: both lines of the order, to review.
    const toReview = await reviewItems(user, `?orderNumber=${orderNumber}`);
    expect(toReview).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    const teaLine = toReview.records.find((r) => r.prodId === tea.prodId)!;
    const cupLine = toReview.records.find((r) => r.prodId === cup.prodId)!;
    expect(teaLine).toMatchObject({ orderNumber, prodName: tea.nameEn, skuName: 'Red', price: 1_200, prodCount: 1, shopId: shop.id, shopName: shop.nameEn ?? shop.nameZh, commSts: 0 });
    expect(cupLine).toMatchObject({ prodCount: 2, price: 3_400, commSts: 0 });
    expect(teaLine.finallyTime).toMatch(TIME);
    expect((await reviewItems(user, `?orderNumber=${orderNumber}`, 'zh')).records.find((r) => r.prodId === tea.prodId)).toMatchObject({ prodName: tea.nameZh, skuName: '红色', shopName: shop.nameZh });

    // The summary is cached before the review, and dropped by it.
    expect((await summary(tea.prodId)).number).toBe(0);
    const pics = [await uploaded(user), await uploaded(user)];
    const written = await post(user, { orderItemId: teaLine.orderItemId, prodId: tea.prodId, score: 4, content: '  茶叶很香，包装也好  ', pics, isAnonymous: true });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.body).toBe('');
    expect(await summary(tea.prodId)).toEqual({ number: 1, positiveRating: 100, praiseNumber: 1, secondaryNumber: 0, negativeNumber: 0, picNumber: 1 });

    const shown = await productReviews(tea.prodId);
    expect(shown.total).toBe(1);
    expect(shown.records[0]).toMatchObject({ score: 4, evaluate: 0, content: '茶叶很香，包装也好', pics, isAnonymous: true, nickName: 'T***r', userAvatar: null, skuName: 'Red', replyContent: null });
    expect(shown.records[0]!.recTime).toMatch(TIME);
    expect((await productReviews(tea.prodId, 'zh')).records[0]!.skuName).toBe('红色');

    // The order list shows the line reviewed; the order still waits for the other line's review.
    const orderList = async (status: number) => {
      const res = await get(user, `/p/myOrder/myOrder?status=${status}`);
      expect(res.statusCode, res.body).toBe(200);
      return MyOrderPage.parse(res.json());
    };
    const completed = (await orderList(5)).records.find((o) => o.orderNumber === orderNumber)!;
    expect(completed.orderItemDtos.map((i) => [i.prodId, i.commSts])).toEqual(expect.arrayContaining([[tea.prodId, 1], [cup.prodId, 0]]));
    expect((await orderList(4)).records.map((o) => o.orderNumber)).toEqual([orderNumber]);

    expect((await post(user, { orderItemId: cupLine.orderItemId, score: 2, content: 'Cracked on arrival' })).statusCode).toBe(200);
    expect((await orderList(4)).records).toEqual([]);
    expect(await summary(cup.prodId)).toMatchObject({ number: 1, negativeNumber: 1, positiveRating: 0, picNumber: 0 });
    expect((await productReviews(cup.prodId)).records[0]).toMatchObject({ nickName: 'Tester', isAnonymous: false, evaluate: 2 });

    expect((await reviewItems(user)).records).toEqual([]);
    const reviewed = await reviewItems(user, '?commStatus=1');
    expect(reviewed.records.map((r) => [r.orderItemId, r.commSts])).toEqual([
      [teaLine.orderItemId, 1],
      [cupLine.orderItemId, 1],
    ]);

    // The stored review copies the line: the order's shop, its number, the SKU names as bought.
    const [row] = await reviewRows(teaLine.orderItemId);
    expect(row).toMatchObject({ productId: tea.prodId, orderNumber, userId, shopId: shop.id, skuNameZh: '红色', skuNameEn: 'Red', score: 4, evaluate: 0, status: 1, isAnonymous: true });

    const mine = await myReviews(user);
    expect(mine).toMatchObject({ total: 2, pages: 1 });
    expect(mine.records.map((r) => r.prodId)).toEqual([cup.prodId, tea.prodId]);
    expect(mine.records[1]).toMatchObject({ prodName: tea.nameEn, orderNumber, pics, isAnonymous: true, skuName: 'Red', status: 1, score: 4, evaluate: 0, replyContent: null, replyTime: null });
    expect((await myReviews(user, '', 'zh')).records[1]!.prodName).toBe(tea.nameZh);
  });

  it('derives the evaluation from the score: 4-5 good, 3 medium, 1-2 bad', async () => {
    const shopper = await createShopper(t);
    const items = await products(5);
    const order = await orderOf(shopper.userId, ORDER_STATUS.completed, items);
    for (const [i, score] of [1, 2, 3, 4, 5].entries()) expect((await post(shopper, body(order.itemIds[i]!, { score }))).statusCode).toBe(200);
    const rows = await t.ctx.db.select({ score: reviews.score, evaluate: reviews.evaluate }).from(reviews).where(eq(reviews.orderNumber, order.orderNumber)).orderBy(reviews.score);
    expect(rows.map((r) => r.evaluate)).toEqual([2, 2, 1, 0, 0]);
  });
});

describe('POST /p/prodComm refuses', () => {
  let shopper: TestShopper;
  let other: TestShopper;
  let items: TestProduct[];
  let done: MadeOrder;

  beforeAll(async () => {
    [shopper, other] = await Promise.all([createShopper(t), createShopper(t)]);
    items = await products(3);
    done = await orderOf(shopper.userId, ORDER_STATUS.completed, items);
  });

  it('a visitor with 401', async () => {
    const res = await post(null, body(done.itemIds[0]!));
    expect(res.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'POST', url: '/p/prodComm', ...json(body(done.itemIds[0]!), { headers: { authorization: 'not-a-token' } }) });
    expect(forged.statusCode).toBe(401);
  });

  it('another shopper\'s line, a line that does not exist and a deleted order\'s line as not found, in both languages', async () => {
    const gone = await orderOf(shopper.userId, ORDER_STATUS.completed, items.slice(0, 1), { deleted: true });
    for (const id of [done.itemIds[0]!, 2_147_483_000]) {
      await expectRefused(await post(other, body(id)), 'This item does not exist or is not in your orders');
      await expectRefused(await post(other, body(id), 'zh'), '该商品不存在或不属于您的订单');
    }
    await expectRefused(await post(shopper, body(gone.itemIds[0]!)), 'This item does not exist or is not in your orders');
    expect(await commSts(done.itemIds[0]!)).toBe(0);
  });

  it('a product that is not the line\'s as not found, and takes the right one afterwards', async () => {
    const line = done.itemIds[1]!;
    await expectRefused(await post(shopper, body(line, { prodId: items[0]!.prodId })), 'This item does not exist or is not in your orders');
    await expectRefused(await post(shopper, body(line, { prodId: items[0]!.prodId }), 'zh'), '该商品不存在或不属于您的订单');
    expect(await commSts(line)).toBe(0);
    expect((await post(shopper, body(line, { prodId: items[1]!.prodId }))).statusCode).toBe(200);
  });

  it.each([
    ['unpaid', ORDER_STATUS.unpaid],
    ['paid', ORDER_STATUS.paid],
    ['shipped', ORDER_STATUS.shipped],
    ['cancelled', ORDER_STATUS.cancelled],
  ])('a line of an %s order as not completed', async (_, status) => {
    const order = await orderOf(shopper.userId, status, items.slice(0, 1));
    await expectRefused(await post(shopper, body(order.itemIds[0]!)), 'You can review an order once it is completed');
    await expectRefused(await post(shopper, body(order.itemIds[0]!), 'zh'), '订单完成后才能评价');
    expect(await commSts(order.itemIds[0]!)).toBe(0);
    expect(await reviewRows(order.itemIds[0]!)).toEqual([]);
  });

  it('a second review of a line', async () => {
    const line = done.itemIds[2]!;
    expect((await post(shopper, body(line, { content: 'first' }))).statusCode).toBe(200);
    await expectRefused(await post(shopper, body(line, { content: 'second' })), 'You have already reviewed this item');
    await expectRefused(await post(shopper, body(line, { content: 'third' }), 'zh'), '该商品已评价过了');
    expect((await reviewRows(line)).map((r) => r.content)).toEqual(['first']);
  });

  it('a line marked unreviewed that has a review anyway, by the unique index, undoing the mark', async () => {
    const order = await orderOf(shopper.userId, ORDER_STATUS.completed, items.slice(0, 1));
    const line = order.itemIds[0]!;
    await t.ctx.db.insert(reviews).values({ productId: items[0]!.prodId, orderItemId: line, orderNumber: order.orderNumber, userId: shopper.userId, shopId: shop.id, score: 5, evaluate: 0, content: 'earlier' });
    await expectRefused(await post(shopper, body(line)), 'You have already reviewed this item');
    expect(await commSts(line)).toBe(0);
    expect((await reviewRows(line)).map((r) => r.content)).toEqual(['earlier']);
  });

  describe('bad input, with its message in both languages', () => {
    let line: number;
    beforeAll(async () => {
      line = (await orderOf(shopper.userId, ORDER_STATUS.completed, items.slice(0, 1))).itemIds[0]!;
    });

    const TOO_LONG = ['A review is at most 150 characters', '评价内容最多 150 个字'];
    const REQUIRED = ['Please write your review', '请填写评价内容'];
    const SCORE = ['Please rate the item (1 to 5 stars)', '请为商品打分（1-5 星）'];
    const PIC = ['The picture is invalid, please upload it again', '图片地址不正确，请重新上传'];
    const NOT_FOUND = ['This item does not exist or is not in your orders', '该商品不存在或不属于您的订单'];

    it.each<[string, Record<string, unknown>, string[]]>([
      ['151 characters', { content: '好'.repeat(151) }, TOO_LONG],
      ['empty text', { content: '' }, REQUIRED],
      ['blank text', { content: ' \n\t ' }, REQUIRED],
      ['no text', { content: undefined }, REQUIRED],
      ['text that is not a string', { content: 42 }, REQUIRED],
      ['score 0', { score: 0 }, SCORE],
      ['score 6', { score: 6 }, SCORE],
      ['score 3.5', { score: 3.5 }, SCORE],
      ['a score as text', { score: '5' }, SCORE],
      ['no score', { score: undefined }, SCORE],
      ['10 pictures', { pics: Array.from({ length: 10 }, (_, i) => `/uploads/images/p${i}.png`) }, ['Upload at most 9 pictures', '最多上传 9 张图片']],
      ['a picture elsewhere', { pics: ['https://evil.example/a.png'] }, PIC],
      ['a picture path climbing out', { pics: ['/uploads/images/../../etc/passwd'] }, PIC],
      ['a private document', { pics: ['private/0123456789abcdef.png'] }, PIC],
      ['a picture that is not a string', { pics: [7] }, PIC],
      ['pictures that are not a list', { pics: '/uploads/images/a.png' }, PIC],
      ['a picture nobody uploaded', { pics: ['/uploads/images/nobody-uploaded-this.png'] }, PIC],
      ['no line', { orderItemId: undefined }, NOT_FOUND],
      ['a line id 0', { orderItemId: 0 }, NOT_FOUND],
      ['a line id as text', { orderItemId: 'abc' }, NOT_FOUND],
      ['a product id 0', { prodId: 0 }, NOT_FOUND],
    ])('%s', async (_, change, [en, zh]) => {
      await expectRefused(await post(shopper, body(line, change)), en!);
      await expectRefused(await post(shopper, body(line, change), 'zh'), zh!);
      expect(await commSts(line)).toBe(0);
    });

    it('text with a control character, and an anonymous flag that is not a boolean', async () => {
      await expectRefused(await post(shopper, body(line, { content: 'a\u0000b' })), 'The request is invalid');
      await expectRefused(await post(shopper, body(line, { isAnonymous: 'yes' })), 'The request is invalid');
    });

    it('another shopper\'s upload', async () => {
      const theirs = await uploaded(other);
      await expectRefused(await post(shopper, body(line, { pics: [theirs] })), PIC[0]!);
      expect(await commSts(line)).toBe(0);
    });

    it('but takes 150 characters and 9 of the shopper\'s own pictures', async () => {
      const pics = await Promise.all(Array.from({ length: 9 }, () => uploaded(shopper)));
      const res = await post(shopper, body(line, { content: '好'.repeat(150), pics }));
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await reviewRows(line);
      expect(row!.content).toHaveLength(150);
      expect(row!.pics).toEqual(pics);
    });
  });
});

describe('POST /p/prodComm in parallel', () => {
  it('of 60 posts for one line, one writes the review and 59 are told it is reviewed', async () => {
    const shopper = await createShopper(t);
    const order = await orderOf(shopper.userId, ORDER_STATUS.completed, await products(1));
    const line = order.itemIds[0]!;
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(shopper, body(line, { content: `review ${i}` }))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(59);
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.body}`))).toEqual(new Set(['400 You have already reviewed this item']));
    expect(await reviewRows(line)).toHaveLength(1);
    expect(await commSts(line)).toBe(1);
  });

  it('posts for different lines of one order all succeed together', async () => {
    const shopper = await createShopper(t);
    const order = await orderOf(shopper.userId, ORDER_STATUS.completed, await products(6));
    const answers = await Promise.all(order.itemIds.map((id) => post(shopper, body(id))));
    expect(answers.map((r) => r.statusCode)).toEqual(order.itemIds.map(() => 200));
    const [counted] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.orderNumber, order.orderNumber));
    expect(counted!.n).toBe(6);
  });
});

describe('GET /p/myOrder/myOrderItemsComment', () => {
  let shopper: TestShopper;
  let other: TestShopper;
  let older: MadeOrder;
  let middle: MadeOrder;
  let newest: MadeOrder;
  let items: TestProduct[];

  beforeAll(async () => {
    [shopper, other] = await Promise.all([createShopper(t), createShopper(t)]);
    items = await products(3);
    const now = t.ctx.now().getTime();
    older = await orderOf(shopper.userId, ORDER_STATUS.completed, items.slice(0, 2), { placedAt: new Date(now - 30 * DAY) });
    middle = await orderOf(shopper.userId, ORDER_STATUS.completed, items.slice(2, 3), { placedAt: new Date(now - 20 * DAY) });
    newest = await orderOf(shopper.userId, ORDER_STATUS.completed, items, { placedAt: new Date(now - 10 * DAY) });
    // Not listed: lines of orders not completed, of a deleted order, of another shopper.
    await orderOf(shopper.userId, ORDER_STATUS.shipped, items.slice(0, 1), { placedAt: new Date(now - 1 * DAY) });
    await orderOf(shopper.userId, ORDER_STATUS.paid, items.slice(0, 1), { placedAt: new Date(now - 1 * DAY) });
    await orderOf(shopper.userId, ORDER_STATUS.completed, items.slice(0, 1), { placedAt: new Date(now - 2 * DAY), deleted: true });
    await orderOf(other.userId, ORDER_STATUS.completed, items, { placedAt: new Date(now - 5 * DAY) });
    expect((await post(shopper, body(older.itemIds[1]!))).statusCode).toBe(200);
  });

  it('lists the lines to review, newest order first, in the reader\'s language, and pages', async () => {
    const all = await reviewItems(shopper);
    expect(all).toMatchObject({ total: 5, current: 1, size: 10, pages: 1 });
    expect(all.records.map((r) => r.orderItemId)).toEqual([...newest.itemIds, ...middle.itemIds, older.itemIds[0]!]);
    expect(all.records[0]).toMatchObject({ orderNumber: newest.orderNumber, prodId: items[0]!.prodId, prodName: items[0]!.nameEn, skuName: 'Black / M', pic: '/uploads/seed/test.svg', price: 9_900, prodCount: 2, shopId: shop.id, shopName: shop.nameEn ?? shop.nameZh, commSts: 0 });
    const [placed] = await t.ctx.db.select({ finallyTime: orders.finallyTime }).from(orders).where(eq(orders.orderNumber, newest.orderNumber));
    const gmt8 = new Date(placed!.finallyTime!.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(all.records[0]!.finallyTime).toBe(gmt8);
    expect((await reviewItems(shopper, '', 'zh')).records[0]).toMatchObject({ prodName: items[0]!.nameZh, skuName: '黑色 M', shopName: shop.nameZh });

    const second = await reviewItems(shopper, '?current=2&size=2');
    expect(second).toMatchObject({ total: 5, current: 2, size: 2, pages: 3 });
    expect(second.records.map((r) => r.orderItemId)).toEqual([newest.itemIds[2]!, middle.itemIds[0]!]);
    expect((await reviewItems(shopper, '?current=4&size=2')).records).toEqual([]);
  });

  it('lists the reviewed lines, and narrows to one order', async () => {
    const reviewed = await reviewItems(shopper, '?commStatus=1');
    expect(reviewed.records.map((r) => [r.orderItemId, r.commSts])).toEqual([[older.itemIds[1]!, 1]]);
    expect((await reviewItems(shopper, `?orderNumber=${older.orderNumber}`)).records.map((r) => r.orderItemId)).toEqual([older.itemIds[0]!]);
    expect((await reviewItems(shopper, `?orderNumber=${older.orderNumber}&commStatus=1`)).total).toBe(1);
  });

  it('never shows another shopper\'s lines', async () => {
    expect((await reviewItems(other)).records.every((r) => r.orderNumber !== newest.orderNumber)).toBe(true);
    expect(await reviewItems(other, `?orderNumber=${newest.orderNumber}`)).toMatchObject({ records: [], total: 0, pages: 0 });
    const mine = new Set([older, middle, newest].map((o) => o.orderNumber));
    expect((await reviewItems(shopper, '?size=100')).records.every((r) => mine.has(r.orderNumber))).toBe(true);
  });

  it.each([
    ['commStatus=2', 'The request is invalid'],
    ['commStatus=x', 'The request is invalid'],
    ['orderNumber=12ab', 'The order does not exist'],
    ['size=1000', 'A page cannot hold more than 100 items'],
    ['current=0', 'The page number is invalid'],
  ])('refuses %s with 400 text', async (query, message) => {
    const res = await get(shopper, `/p/myOrder/myOrderItemsComment?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(message);
  });

  it('answers a visitor with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrderItemsComment' })).statusCode).toBe(401);
  });
});

describe('GET /p/prodComm/prodCommPageByUser', () => {
  it('lists the shopper\'s own reviews newest first, hidden ones marked, and pages', async () => {
    const [shopper, other] = await Promise.all([createShopper(t), createShopper(t)]);
    const items = await products(3);
    const order = await orderOf(shopper.userId, ORDER_STATUS.completed, items);
    const theirs = await orderOf(other.userId, ORDER_STATUS.completed, items);
    for (const [i, id] of order.itemIds.entries()) {
      expect((await post(shopper, body(id, { content: `mine ${i}`, score: 5 - i }))).statusCode).toBe(200);
      t.advanceClock(1_000);
    }
    t.resetClock();
    expect((await post(other, body(theirs.itemIds[0]!, { content: 'theirs' }))).statusCode).toBe(200);
    // Hidden by the platform: still the shopper's, marked.
    await t.ctx.db.update(reviews).set({ status: 0, replyContent: '感谢', replyTime: new Date(Date.UTC(2026, 5, 1, 4)) }).where(and(eq(reviews.orderItemId, order.itemIds[0]!)));

    const all = await myReviews(shopper);
    expect(all).toMatchObject({ total: 3, pages: 1 });
    expect(all.records.map((r) => r.content)).toEqual(['mine 2', 'mine 1', 'mine 0']);
    expect(all.records[2]).toMatchObject({ status: 0, replyContent: '感谢', replyTime: '2026-06-01 12:00:00', score: 5, evaluate: 0, prodId: items[0]!.prodId, prodName: items[0]!.nameEn, pic: '/uploads/seed/test.svg', orderNumber: order.orderNumber, skuName: 'Black / M', pics: [], isAnonymous: false });
    expect(all.records[0]).toMatchObject({ status: 1, score: 3, evaluate: 1 });
    expect(JSON.stringify(all)).not.toContain('theirs');
    expect((await myReviews(shopper, '', 'zh')).records[0]).toMatchObject({ prodName: items[2]!.nameZh, skuName: '黑色 M' });

    const second = await myReviews(shopper, '?current=2&size=2');
    expect(second).toMatchObject({ total: 3, current: 2, size: 2, pages: 2 });
    expect(second.records.map((r) => r.content)).toEqual(['mine 0']);
    expect((await myReviews(other)).records.map((r) => r.content)).toEqual(['theirs']);
  });

  it('answers an empty page for a shopper who never reviewed, bad paging with 400 and a visitor with 401', async () => {
    const shopper = await createShopper(t);
    expect(await myReviews(shopper)).toEqual({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    const res = await get(shopper, '/p/prodComm/prodCommPageByUser?size=0');
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The page number is invalid');
    expect((await t.app.inject({ method: 'GET', url: '/p/prodComm/prodCommPageByUser' })).statusCode).toBe(401);
  });
});
