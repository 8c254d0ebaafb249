import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategorySchema, ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  MerchantNoticeSchema,
  MerchantNoticeSummarySchema,
  MerchantShopCategorySchema,
  MerchantShopSettingsSchema,
  SHOP_CATEGORY_LIMIT,
  SHOP_NOTICE_LIMIT,
} from '@bazaar/shared/schemas/merchant-shop';
import { z } from 'zod';
import { files, notices, products, shopCategories, shops } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin, openShopIds, registerBuyer } from '../test/merchant-test-kit.ts';
import { JPEG, multipart, PNG, uploadImage } from '../test/shop-application-test-kit.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance } from '../test/instances.ts';

let t: TestApp;
let shopA: number;
let shopB: number;
let tokenA: string;
let tokenB: string;
const en = { 'accept-language': 'en' };
type ShopRow = typeof shops.$inferSelect;
const saved: ShopRow[] = [];

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  const auth: Record<string, string> = token ? { authorization: token } : {};
  if (body === undefined) return t.app.inject({ method, url, headers: { ...auth, ...headers } });
  return t.app.inject({ method, url, ...json(body, { headers: { ...auth, ...headers } }) });
}

function uploadAs(token: string, filename = 'logo.png', bytes: Buffer = PNG, lang = 'en') {
  const body = multipart(filename, bytes);
  return t.app.inject({ method: 'POST', url: '/merchant/file/upload', payload: body.payload, headers: { ...body.headers, authorization: token, 'accept-language': lang } });
}

async function uploadedPath(token: string, bytes: Buffer = PNG): Promise<string> {
  const res = await uploadAs(token, bytes === JPEG ? 'a.jpg' : 'a.png', bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().path as string;
}

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  logo: saved[0]!.logo,
  banner: null,
  introZh: '手工茶器与当季好茶，每一件都亲自挑选',
  introEn: 'Handmade tea ware and seasonal tea, each piece chosen by hand',
  tel: '0571-88886666',
  ...overrides,
});

beforeAll(async () => {
  t = await ensureSeeded();
  // Two shops the other test files do not change (they use the first two and the last two).
  const ids = await openShopIds(t);
  [shopA, shopB] = [ids[2]!, ids[3]!];
  expect(ids.length).toBeGreaterThanOrEqual(6);
  saved.push(...(await t.ctx.db.select().from(shops).where(inArray(shops.id, [shopA, shopB])).orderBy(shops.id)));
  [tokenA, tokenB] = await Promise.all([merchantLogin(t, shopA), merchantLogin(t, shopB)]);
});

afterAll(async () => {
  for (const row of saved) {
    await t.ctx.db.update(shops).set({ logo: row.logo, banner: row.banner, introZh: row.introZh, introEn: row.introEn, tel: row.tel }).where(eq(shops.id, row.id));
  }
  await t.ctx.db.delete(shopCategories).where(and(inArray(shopCategories.shopId, [shopA, shopB]), inArray(shopCategories.nameZh, createdCategoryNames)));
  await t.ctx.db.delete(notices).where(inArray(notices.id, createdNoticeIds));
});

const createdCategoryNames: string[] = [];
const createdNoticeIds: number[] = [];
let seq = 0;
const uniqueName = (prefix: string) => {
  seq += 1;
  const name = `${prefix}${process.pid % 1000}${seq}`;
  createdCategoryNames.push(name);
  return name;
};

describe('the audience matrix', () => {
  const calls: Array<[method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown]> = [
    ['GET', '/merchant/shop/info'],
    ['PUT', '/merchant/shop/info', { introZh: '0123456789', tel: '13912345678' }],
    ['GET', '/merchant/shop/category/list'],
    ['POST', '/merchant/shop/category', { nameZh: '新品' }],
    ['PUT', '/merchant/shop/category/1', { nameZh: '新品' }],
    ['GET', '/merchant/shop/notice/page'],
    ['GET', '/merchant/shop/notice/info/1'],
    ['POST', '/merchant/shop/notice', { titleZh: '公告', contentZh: '内容' }],
    ['PUT', '/merchant/shop/notice/1', { titleZh: '公告', contentZh: '内容' }],
    ['PUT', '/merchant/shop/notice/1/status', { status: 1 }],
    ['PUT', '/merchant/shop/notice/1/top', { isTop: true }],
    ['POST', '/merchant/file/upload', {}],
  ];

  it('refuses every call without a token, with a shopper token and with a staff token', async () => {
    const buyer = await registerBuyer(t);
    const staff = await adminToken(t);
    for (const [method, url, body] of calls) {
      for (const token of [undefined, buyer.token, staff]) {
        const res = await call(method, url, token, body, en);
        expect([url, res.statusCode, res.body]).toEqual([url, 401, 'Please log in with the merchant account']);
      }
    }
  });

  it('refuses a merchant token on the shopper upload and on staff calls', async () => {
    expect((await uploadImage(t, tokenA, 'public')).statusCode).toBe(401);
    expect((await call('GET', '/admin/shop/applications', tokenA)).statusCode).toBe(401);
  });
});

describe('POST /merchant/file/upload', () => {
  it("stores a shop's public image and checks its format and size", async () => {
    const res = await uploadAs(tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const { path, url } = res.json();
    expect(path).toMatch(/^\/uploads\/images\/[0-9a-f-]+\.png$/);
    expect(url).toBe(path);
    const [row] = await t.ctx.db.select({ shopId: files.shopId, userId: files.userId, isPrivate: files.isPrivate }).from(files).where(eq(files.path, path));
    expect(row).toEqual({ shopId: shopA, userId: null, isPrivate: false });

    const text = await uploadAs(tokenA, 'a.png', Buffer.from('not an image'));
    expect([text.statusCode, text.body]).toEqual([400, 'Upload the image in the incorrect format, please re-upload!']);
    const zh = await uploadAs(tokenA, 'a.txt', PNG, 'zh');
    expect([zh.statusCode, zh.body]).toEqual([400, '上传图片格式不正确，请重新上传！']);
  });
});

describe('GET and PUT /merchant/shop/info', () => {
  it("answers the session's own shop only", async () => {
    const a = MerchantShopSettingsSchema.parse((await call('GET', '/merchant/shop/info', tokenA)).json());
    const b = MerchantShopSettingsSchema.parse((await call('GET', '/merchant/shop/info', tokenB)).json());
    expect([a.shopId, b.shopId]).toEqual([shopA, shopB]);
    expect(a).toMatchObject({ logo: saved[0]!.logo, introZh: saved[0]!.introZh ?? '', tel: saved[0]!.tel ?? '' });
    expect(b.introZh).toBe(saved[1]!.introZh ?? '');
  });

  it('saves logo, banner, both introductions and the number; the shop page and product pages show them at once', async () => {
    // A product page of the shop, cached before the change.
    const [product] = await t.ctx.db.select({ id: products.id }).from(products).where(and(eq(products.shopId, shopA), eq(products.status, 1))).limit(1);
    const before = await call('GET', `/prod/prodInfo?prodId=${product!.id}`, undefined);
    expect(before.statusCode, before.body).toBe(200);

    const [logo, banner] = [await uploadedPath(tokenA), await uploadedPath(tokenA, JPEG)];
    const body = settingsBody({ logo, banner });
    const res = await call('PUT', '/merchant/shop/info', tokenA, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(MerchantShopSettingsSchema.parse(res.json())).toMatchObject({ shopId: shopA, logo, banner, introZh: body.introZh, introEn: body.introEn, tel: body.tel });

    const zh = ShopHeadSchema.parse((await call('GET', `/shop/headInfo?shopId=${shopA}`, undefined)).json());
    expect(zh).toMatchObject({ shopLogo: logo, banner, intro: body.introZh });
    const inEn = ShopHeadSchema.parse((await call('GET', `/shop/headInfo?shopId=${shopA}`, undefined, undefined, en)).json());
    expect(inEn.intro).toBe(body.introEn);
    const detail = (await call('GET', `/prod/prodInfo?prodId=${product!.id}`, undefined)).json();
    expect(detail.shop).toMatchObject({ shopLogo: logo, intro: body.introZh });

    // The other shop is untouched.
    const other = ShopHeadSchema.parse((await call('GET', `/shop/headInfo?shopId=${shopB}`, undefined)).json());
    expect(other.intro).toBe(saved[1]!.introZh ?? '');

    // An empty English introduction falls back to the Chinese one; removing the banner works.
    const cleared = await call('PUT', '/merchant/shop/info', tokenA, settingsBody({ logo, banner: '', introEn: '  ' }));
    expect(cleared.json()).toMatchObject({ banner: null, introEn: '' });
    expect((await call('GET', `/shop/headInfo?shopId=${shopA}`, undefined, undefined, en)).json()).toMatchObject({ intro: body.introZh, banner: null });
  });

  it("refuses another shop's, a shopper's and a private image", async () => {
    const theirs = await uploadedPath(tokenB);
    const { logo } = MerchantShopSettingsSchema.parse((await call('GET', '/merchant/shop/info', tokenA)).json());
    const stolenBanner = await call('PUT', '/merchant/shop/info', tokenA, settingsBody({ logo, banner: theirs }), en);
    expect([stolenBanner.statusCode, stolenBanner.body]).toEqual([400, 'The banner image is invalid, please upload it again']);
    const stolenLogo = await call('PUT', '/merchant/shop/info', tokenA, settingsBody({ logo: theirs }));
    expect([stolenLogo.statusCode, stolenLogo.body]).toEqual([400, '请上传店铺 Logo']);

    const buyer = await registerBuyer(t);
    const shopperImage = (await uploadImage(t, buyer.token, 'public')).json().path as string;
    expect((await call('PUT', '/merchant/shop/info', tokenA, settingsBody({ logo: shopperImage }), en)).body).toBe('Please upload the store logo');
    const privateDoc = (await uploadImage(t, buyer.token, 'private')).json().path as string;
    expect((await call('PUT', '/merchant/shop/info', tokenA, settingsBody({ logo, banner: privateDoc }), en)).body).toBe('The banner image is invalid, please upload it again');
    expect((await call('PUT', '/merchant/shop/info', tokenA, settingsBody({ logo: '/uploads/../private/x.png' }), en)).body).toBe('Please upload the store logo');

    // B's own upload works for B, and A's settings did not change.
    expect((await call('PUT', '/merchant/shop/info', tokenB, settingsBody({ logo: saved[1]!.logo, banner: theirs }))).statusCode).toBe(200);
    expect((await call('GET', '/merchant/shop/info', tokenA)).json().banner).not.toBe(theirs);
  });

  it('gives each validation message in both languages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ introZh: '太短了' }, '中文简介需为 10-200 个字', 'The Chinese introduction must be 10-200 characters'],
      [{ introZh: '字'.repeat(201) }, '中文简介需为 10-200 个字', 'The Chinese introduction must be 10-200 characters'],
      [{ introEn: 'short' }, '英文简介需为 10-400 个字符，或留空', 'The English introduction must be 10-400 characters, or empty'],
      [{ introEn: 'x'.repeat(401) }, '英文简介需为 10-400 个字符，或留空', 'The English introduction must be 10-400 characters, or empty'],
      [{ tel: '' }, '请输入联系电话', 'Please enter the contact number'],
      [{ tel: '12345' }, '手机号格式不正确', 'Malformed phone number'],
      [{ logo: '' }, '请上传店铺 Logo', 'Please upload the store logo'],
      [{ banner: 'http://evil.example/x.png' }, '店铺横幅图片无效，请重新上传', 'The banner image is invalid, please upload it again'],
      [{ introZh: 'ab\u0000cdefghijkl' }, '请求参数不正确', 'The request is invalid'],
    ];
    for (const [overrides, zh, enText] of cases) {
      const zhRes = await call('PUT', '/merchant/shop/info', tokenA, settingsBody(overrides));
      expect([zhRes.statusCode, zhRes.body]).toEqual([400, zh]);
      const enRes = await call('PUT', '/merchant/shop/info', tokenA, settingsBody(overrides), en);
      expect([enRes.statusCode, enRes.body]).toEqual([400, enText]);
    }
  });
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('two instances on one PostgreSQL + Redis', () => {
  it("drops the other instance's cached product page when a shop's settings change", async () => {
    const other = await createTestInstance();
    try {
      const [product] = await t.ctx.db.select({ id: products.id }).from(products).where(and(eq(products.shopId, shopA), eq(products.status, 1))).limit(1);
      const read = async () => (await other.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${product!.id}` })).json().shop.intro as string;
      await read(); // cached in the other instance
      const { logo } = MerchantShopSettingsSchema.parse((await call('GET', '/merchant/shop/info', tokenA)).json());
      const introZh = `两个实例之间的简介 ${Date.now()}`;
      expect((await call('PUT', '/merchant/shop/info', tokenA, settingsBody({ logo, introZh }))).statusCode).toBe(200);
      await expect.poll(read, { timeout: 3000 }).toBe(introZh);
    } finally {
      await other.close();
    }
  });
});

describe('shop categories', () => {
  const list = async (token: string) => z.array(MerchantShopCategorySchema).parse((await call('GET', '/merchant/shop/category/list', token)).json());
  const storefront = async (shopId: number, headers: Record<string, string> = {}) =>
    z.array(CategorySchema).parse((await call('GET', `/category/shopCategoryList?shopId=${shopId}`, undefined, undefined, headers)).json());

  it('creates, renames, orders and hides a category; the storefront list follows; another shop cannot touch it', async () => {
    const first = uniqueName('冬季');
    const created = await call('POST', '/merchant/shop/category', tokenA, { nameZh: first, nameEn: 'Winter', seq: 0 });
    expect(created.statusCode, created.body).toBe(200);
    const category = MerchantShopCategorySchema.parse(created.json());
    expect(category).toMatchObject({ nameZh: first, nameEn: 'Winter', seq: 0, status: 1 });
    expect((await list(tokenA)).map((c) => c.id)).toContain(category.id);
    expect((await list(tokenB)).map((c) => c.id)).not.toContain(category.id);

    // seq 0 puts it first on the storefront, in both languages.
    const zhList = await storefront(shopA);
    expect(zhList.find((c) => c.categoryId === category.id)?.categoryName).toBe(first);
    expect((await storefront(shopA, en)).find((c) => c.categoryId === category.id)?.categoryName).toBe('Winter');
    expect((await storefront(shopB)).map((c) => c.categoryId)).not.toContain(category.id);

    // Rename and move it last.
    const renamed = uniqueName('暖冬');
    const update = await call('PUT', `/merchant/shop/category/${category.id}`, tokenA, { nameZh: renamed, nameEn: 'Warm winter', seq: 9999, status: 1 });
    expect(update.statusCode, update.body).toBe(200);
    const after = await storefront(shopA, en);
    expect(after.at(-1)).toMatchObject({ categoryId: category.id, categoryName: 'Warm winter' });

    // Hidden: gone from the storefront, still in the merchant's list.
    await call('PUT', `/merchant/shop/category/${category.id}`, tokenA, { nameZh: renamed, nameEn: 'Warm winter', seq: 9999, status: 0 });
    expect((await storefront(shopA)).map((c) => c.categoryId)).not.toContain(category.id);
    expect((await list(tokenA)).find((c) => c.id === category.id)?.status).toBe(0);

    // Shop B cannot rename or show it.
    const theirs = await call('PUT', `/merchant/shop/category/${category.id}`, tokenB, { nameZh: 'hijack', status: 1 }, en);
    expect([theirs.statusCode, theirs.body]).toEqual([400, 'The category does not exist']);
    expect((await list(tokenA)).find((c) => c.id === category.id)).toMatchObject({ nameZh: renamed, status: 0 });
  });

  it('refuses a duplicate name within a shop, not across shops', async () => {
    const name = uniqueName('礼盒');
    expect((await call('POST', '/merchant/shop/category', tokenA, { nameZh: name })).statusCode).toBe(200);
    const again = await call('POST', '/merchant/shop/category', tokenA, { nameZh: name }, en);
    expect([again.statusCode, again.body]).toEqual([400, 'A category with this name already exists']);
    expect((await call('POST', '/merchant/shop/category', tokenB, { nameZh: name })).statusCode).toBe(200);
    const other = MerchantShopCategorySchema.parse((await call('POST', '/merchant/shop/category', tokenA, { nameZh: uniqueName('其他') })).json());
    const clash = await call('PUT', `/merchant/shop/category/${other.id}`, tokenA, { nameZh: name });
    expect([clash.statusCode, clash.body]).toEqual([400, '已有同名分类']);
  });

  it('gives each validation message in both languages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ nameZh: '  ' }, '请输入分类名称', 'Enter the category name'],
      [{}, '请输入分类名称', 'Enter the category name'],
      [{ nameZh: '字'.repeat(21) }, '分类名称不能超过 20 个字', 'The category name cannot exceed 20 characters'],
      [{ nameZh: '好', nameEn: 'x'.repeat(41) }, '英文分类名称不能超过 40 个字符', 'The English category name cannot exceed 40 characters'],
      [{ nameZh: '好', seq: -1 }, '排序须为 0-9999 的整数', 'The order must be a whole number from 0 to 9999'],
      [{ nameZh: '好', seq: 1.5 }, '排序须为 0-9999 的整数', 'The order must be a whole number from 0 to 9999'],
      [{ nameZh: '好', status: 2 }, '状态不正确', 'The status is invalid'],
    ];
    for (const [body, zh, enText] of cases) {
      const zhRes = await call('POST', '/merchant/shop/category', tokenA, body);
      expect([zhRes.statusCode, zhRes.body]).toEqual([400, zh]);
      const enRes = await call('PUT', '/merchant/shop/category/1', tokenA, body, en);
      expect([enRes.statusCode, enRes.body]).toEqual([400, enText]);
    }
    const badId = await call('PUT', '/merchant/shop/category/abc', tokenA, { nameZh: '好' }, en);
    expect([badId.statusCode, badId.body]).toEqual([400, 'The id is invalid']);
  });

  it(`keeps at most ${SHOP_CATEGORY_LIMIT} categories per shop under parallel creation`, async () => {
    const have = (await list(tokenB)).length;
    const names = Array.from({ length: SHOP_CATEGORY_LIMIT - have + 20 }, () => uniqueName('并发'));
    const results = await Promise.all(names.map((nameZh) => call('POST', '/merchant/shop/category', tokenB, { nameZh }, en)));
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(SHOP_CATEGORY_LIMIT - have);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.body === 'A shop can have at most 50 categories')).toBe(true);
    expect((await list(tokenB)).length).toBe(SHOP_CATEGORY_LIMIT);
  });
});

describe('shop notices', () => {
  const storefrontTop = async (shopId: number, headers: Record<string, string> = {}) =>
    (await call('GET', `/shop/notice/topNoticeList/${shopId}`, undefined, undefined, headers)).json() as Array<{ id: number; title: string }>;
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await call('POST', '/merchant/shop/notice', token, body);
    expect(res.statusCode, res.body).toBe(200);
    const notice = MerchantNoticeSchema.parse(res.json());
    createdNoticeIds.push(notice.id);
    return notice;
  };

  it('creates a draft, publishes, pins, edits and withdraws it; the shop page follows', async () => {
    const draft = await create(tokenA, { titleZh: '冬季上新', titleEn: 'Winter arrivals', contentZh: '<p>新品到店</p><script>alert(1)</script>', contentEn: '<p>New arrivals</p>' });
    expect(draft).toMatchObject({ status: 0, isTop: false, contentZh: '<p>新品到店</p>', contentEn: '<p>New arrivals</p>' });
    expect((await storefrontTop(shopA)).map((n) => n.id)).not.toContain(draft.id);

    const published = await call('PUT', `/merchant/shop/notice/${draft.id}/status`, tokenA, { status: 1 });
    expect(published.json()).toMatchObject({ id: draft.id, status: 1 });
    expect((await storefrontTop(shopA)).map((n) => n.id)).toContain(draft.id);
    expect((await storefrontTop(shopA, en)).find((n) => n.id === draft.id)?.title).toBe('Winter arrivals');
    expect((await storefrontTop(shopB)).map((n) => n.id)).not.toContain(draft.id);
    const detail = (await call('GET', `/shop/notice/info/${draft.id}`, undefined)).json();
    expect(detail).toMatchObject({ shopId: shopA, title: '冬季上新', content: '<p>新品到店</p>' });

    // Pinned notices come first.
    const later = await create(tokenA, { titleZh: '营业时间调整', contentZh: '<p>每日 9:00-21:00</p>', status: 1 });
    const ids = (await storefrontTop(shopA)).map((n) => n.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(draft.id));
    await call('PUT', `/merchant/shop/notice/${draft.id}/top`, tokenA, { isTop: true });
    expect((await storefrontTop(shopA))[0]?.id).toBe(draft.id);

    const edited = await call('PUT', `/merchant/shop/notice/${draft.id}`, tokenA, { titleZh: '冬季上新（更新）', contentZh: '<p>更多新品</p>', isTop: true, status: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await storefrontTop(shopA))[0]).toMatchObject({ id: draft.id, title: '冬季上新（更新）' });
    expect((await storefrontTop(shopA, en))[0]?.title).toBe('冬季上新（更新）');

    await call('PUT', `/merchant/shop/notice/${draft.id}/status`, tokenA, { status: 0 });
    expect((await storefrontTop(shopA)).map((n) => n.id)).not.toContain(draft.id);
    expect((await call('GET', `/shop/notice/info/${draft.id}`, undefined)).statusCode).toBe(400);

    const page = pageOf(MerchantNoticeSummarySchema).parse((await call('GET', '/merchant/shop/notice/page?size=100', tokenA)).json());
    expect(page.records.map((n) => n.id)).toEqual(expect.arrayContaining([draft.id, later.id]));
    expect(page.records[0]).toMatchObject({ id: draft.id, isTop: true, status: 0 });
  });

  it("never shows, changes, publishes or pins another shop's notice", async () => {
    const mine = await create(tokenA, { titleZh: 'A 店草稿', contentZh: '<p>仅 A 店可见</p>' });
    const pageB = pageOf(MerchantNoticeSummarySchema).parse((await call('GET', '/merchant/shop/notice/page?size=100', tokenB)).json());
    expect(pageB.records.map((n) => n.id)).not.toContain(mine.id);
    const attempts = [
      call('GET', `/merchant/shop/notice/info/${mine.id}`, tokenB, undefined, en),
      call('PUT', `/merchant/shop/notice/${mine.id}`, tokenB, { titleZh: 'hijack', contentZh: 'x', status: 1 }, en),
      call('PUT', `/merchant/shop/notice/${mine.id}/status`, tokenB, { status: 1 }, en),
      call('PUT', `/merchant/shop/notice/${mine.id}/top`, tokenB, { isTop: true }, en),
    ];
    for (const res of await Promise.all(attempts)) expect([res.statusCode, res.body]).toEqual([400, 'The notice does not exist']);
    const platform = await t.ctx.db.select({ id: notices.id }).from(notices).where(eq(notices.shopId, 0)).limit(1);
    expect((await call('PUT', `/merchant/shop/notice/${platform[0]!.id}/top`, tokenA, { isTop: false }, en)).body).toBe('The notice does not exist');
    expect(MerchantNoticeSchema.parse((await call('GET', `/merchant/shop/notice/info/${mine.id}`, tokenA)).json())).toMatchObject({ titleZh: 'A 店草稿', status: 0, isTop: false });
  });

  it('gives each validation message in both languages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ contentZh: 'x' }, '请输入公告标题', 'Enter the notice title'],
      [{ titleZh: '字'.repeat(51), contentZh: 'x' }, '公告标题不能超过 50 个字', 'The notice title cannot exceed 50 characters'],
      [{ titleZh: '好', titleEn: 'x'.repeat(101), contentZh: 'x' }, '英文公告标题不能超过 100 个字符', 'The English notice title cannot exceed 100 characters'],
      [{ titleZh: '好', contentZh: ' ' }, '请输入公告内容', 'Enter the notice content'],
      [{ titleZh: '好', contentZh: '<script>x</script>' }, '请输入公告内容', 'Enter the notice content'],
      [{ titleZh: '好', contentZh: 'x'.repeat(20_001) }, '公告内容过长', 'The notice content is too long'],
      [{ titleZh: '好', contentZh: 'x', status: 3 }, '状态不正确', 'The status is invalid'],
      [{ titleZh: '好', contentZh: 'x', isTop: 'yes' }, '置顶状态不正确', 'The pin state is invalid'],
    ];
    for (const [body, zh, enText] of cases) {
      const zhRes = await call('POST', '/merchant/shop/notice', tokenA, body);
      expect([zhRes.statusCode, zhRes.body]).toEqual([400, zh]);
      const enRes = await call('POST', '/merchant/shop/notice', tokenA, body, en);
      expect([enRes.statusCode, enRes.body]).toEqual([400, enText]);
    }
    const statusRes = await call('PUT', '/merchant/shop/notice/1/status', tokenA, { status: 'on' }, en);
    expect([statusRes.statusCode, statusRes.body]).toEqual([400, 'The status is invalid']);
    const pageRes = await call('GET', '/merchant/shop/notice/page?size=1000', tokenA, undefined, en);
    expect(pageRes.statusCode).toBe(400);
  });

  it(`keeps at most ${SHOP_NOTICE_LIMIT} notices per shop under parallel creation`, async () => {
    const n = (await t.ctx.db.select({ id: notices.id }).from(notices).where(eq(notices.shopId, shopB))).length;
    const now = t.ctx.now();
    const filler = Array.from({ length: SHOP_NOTICE_LIMIT - n - 5 }, (_, i) => ({ shopId: shopB, titleZh: `旧公告${i}`, contentZh: '<p>旧</p>', status: 0, publishTime: now }));
    const inserted = await t.ctx.db.insert(notices).values(filler).returning({ id: notices.id });
    createdNoticeIds.push(...inserted.map((r) => r.id));
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => call('POST', '/merchant/shop/notice', tokenB, { titleZh: `并发公告${i}`, contentZh: '<p>新</p>' }, en)),
    );
    for (const r of results) if (r.statusCode === 200) createdNoticeIds.push(r.json().id as number);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.body === 'A shop can keep at most 200 notices')).toBe(true);
    expect((await t.ctx.db.select({ id: notices.id }).from(notices).where(eq(notices.shopId, shopB))).length).toBe(SHOP_NOTICE_LIMIT);
  });
});
