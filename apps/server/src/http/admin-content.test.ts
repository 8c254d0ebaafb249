import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, categories, products, siteConfig } from '../db/schema.ts';
import { CONFIG_KEYS } from '../modules/content/config-keys.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, registerUser, uniqueUserName } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin, openShopIds } from '../test/merchant-test-kit.ts';
import { createTestProduct } from '../test/product-test-kit.ts';
import { JPEG, multipart } from '../test/shop-application-test-kit.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance, type TestInstance } from '../test/instances.ts';

let t: TestApp;
let staff: string;
const en = { 'accept-language': 'en' };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = async (method: Method, url: string, token?: string, body?: unknown, app = t.app) => {
  const res = await send(method, url, token, body, app);
  if (method === 'POST' && url === '/admin/categories' && res.statusCode === 200) createdCategories.push(res.json().categoryId as number);
  return res;
};
const send = (method: Method, url: string, token?: string, body?: unknown, app = t.app) =>
  app.inject({ method, url, ...(body === undefined ? { headers: { ...en, ...(token ? { authorization: token } : {}) } } : json(body, { headers: { ...en, ...(token ? { authorization: token } : {}) } })) });
const get = (url: string, token?: string, app = t.app) => call('GET', url, token, undefined, app);

/** The audit entries written since `since` (id), newest first. */
async function auditSince(since: number) {
  const rows = await t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(50);
  return rows.filter((r) => r.id > since);
}
async function lastAuditId(): Promise<number> {
  const [row] = await t.ctx.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
  return row?.id ?? 0;
}

// The seeded configuration, put back after the tests (other suites and the journeys read it).
const saved = new Map<string, unknown>();
beforeAll(async () => {
  t = await ensureSeeded();
  staff = await adminToken(t);
  for (const row of await t.ctx.db.select().from(siteConfig)) saved.set(row.key, row.value);
});
// Categories made here, and products moved into them: removed and moved back afterwards, since
// other suites count the seeded tree.
const createdCategories: number[] = [];
const movedProducts: { prodId: number; categoryId: number }[] = [];
afterAll(async () => {
  for (const moved of movedProducts) await t.ctx.db.execute(`update products set category_id = ${moved.categoryId} where id = ${moved.prodId}`);
  if (createdCategories.length > 0) await t.ctx.db.delete(categories).where(inArray(categories.id, createdCategories));
  await Promise.all([t.ctx.caches.invalidate('category-tree'), t.ctx.caches.invalidate('home')]);
  for (const [key, value] of saved) await t.ctx.db.update(siteConfig).set({ value }).where(eq(siteConfig.key, key));
  await t.ctx.caches.invalidate('site-config');
});

const newCategory = (parentId: number, overrides: Record<string, unknown> = {}) => {
  const tag = uniqueUserName('c').slice(-10);
  return { parentId, nameZh: `测试分类${tag}`, nameEn: `Test category ${tag}`, seq: 5, ...overrides };
};

describe('the audience matrix of the content calls', () => {
  it('refuses shopper and merchant tokens (and none) on every staff call, and staff tokens on the others', async () => {
    const shopper = (await registerUser(t)).token;
    const [shopId] = await openShopIds(t);
    const merchant = await merchantLogin(t, shopId!);
    const calls: [Method, string][] = [
      ['POST', '/admin/file/upload'],
      ['GET', '/admin/categories'],
      ['POST', '/admin/categories'],
      ['PUT', '/admin/categories/order'],
      ['PUT', '/admin/categories/1'],
      ['PUT', '/admin/categories/1/status'],
      ['DELETE', '/admin/categories/1'],
      ['GET', '/admin/notices'],
      ['GET', '/admin/notices/1'],
      ['POST', '/admin/notices'],
      ['PUT', '/admin/notices/1'],
      ['PUT', '/admin/notices/1/publish'],
      ['PUT', '/admin/notices/1/pin'],
      ['GET', '/admin/site-config'],
      ['PUT', '/admin/site-config/web'],
      ['PUT', '/admin/site-config/service-switch'],
      ['PUT', '/admin/site-config/pay-switch'],
      ['PUT', '/admin/site-config/terms/serviceTerms'],
    ];
    for (const [method, url] of calls)
      for (const token of [shopper, merchant, undefined]) {
        const res = await call(method, url, token);
        expect([method, url, res.statusCode, res.body]).toEqual([method, url, 401, 'Please log in with a platform staff account']);
      }
    expect((await get('/p/user/userInfo', staff)).statusCode).toBe(401);
    expect((await get('/merchant/me', staff)).statusCode).toBe(401);
  });
});

describe('categories', () => {
  it('builds three levels, refuses a fourth, and the storefront tree follows at once', async () => {
    const before = await lastAuditId();
    // The cached tree is read first, so a stale cache would show.
    const treeBefore = (await get('/category/tree')).json() as { categoryId: number }[];
    const top = await call('POST', '/admin/categories', staff, newCategory(0, { seq: 0 }));
    expect(top.statusCode, top.body).toBe(200);
    const topId = top.json().categoryId as number;
    expect(top.json()).toMatchObject({ grade: 1, parentId: 0, status: 1, productCount: 0 });
    const mid = (await call('POST', '/admin/categories', staff, newCategory(topId))).json();
    const leaf = (await call('POST', '/admin/categories', staff, newCategory(mid.categoryId))).json();
    expect([mid.grade, leaf.grade]).toEqual([2, 3]);
    expect((await call('POST', '/admin/categories', staff, newCategory(leaf.categoryId))).body).toBe(
      'Categories have at most three levels; a third-level category cannot have subcategories',
    );

    const tree = (await get('/category/tree', undefined)).json() as { categoryId: number; categoryName: string; children: { categoryId: number; children: { categoryId: number }[] }[] }[];
    expect(tree.length).toBe(treeBefore.length + 1);
    const node = tree.find((n) => n.categoryId === topId)!;
    expect(node.children[0]?.children[0]?.categoryId).toBe(leaf.categoryId);
    const zhTree = (await t.app.inject({ method: 'GET', url: '/category/tree', headers: { 'accept-language': 'zh' } })).json() as { categoryId: number; categoryName: string }[];
    expect(zhTree.find((n) => n.categoryId === topId)?.categoryName).toMatch(/^测试分类/);
    expect(node.categoryName).toMatch(/^Test category/);
    // The home page's menu too.
    expect(((await get('/index/home')).json().categories as { categoryId: number }[]).some((c) => c.categoryId === topId)).toBe(true);

    const entries = await auditSince(before);
    expect(entries.map((e) => e.action)).toEqual(['category.create', 'category.create', 'category.create']);
    expect(entries[2]).toMatchObject({ targetType: 'category', targetId: String(topId), before: null, after: expect.objectContaining({ nameEn: expect.stringMatching(/^Test category/), grade: 1 }) });
  });

  it('edits names, icon and order number, hides and shows a branch, with before and after in the log', async () => {
    const top = (await call('POST', '/admin/categories', staff, newCategory(0))).json();
    const child = (await call('POST', '/admin/categories', staff, newCategory(top.categoryId))).json();
    await get('/category/tree');
    const upload = await t.app.inject({ method: 'POST', url: '/admin/file/upload', ...multipart('icon.jpg', JPEG), headers: { ...multipart('icon.jpg', JPEG).headers, authorization: staff } });
    expect(upload.statusCode, upload.body).toBe(200);
    const icon = upload.json().path as string;
    expect(icon).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.jpg$/);

    const before = await lastAuditId();
    const edited = await call('PUT', `/admin/categories/${top.categoryId}`, staff, { nameZh: '改名分类', nameEn: 'Renamed category', icon, seq: 7, status: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ nameZh: '改名分类', nameEn: 'Renamed category', icon, seq: 7 });
    const tree = (await get('/category/tree')).json() as { categoryId: number; categoryName: string; pic: string | null }[];
    expect(tree.find((n) => n.categoryId === top.categoryId)).toMatchObject({ categoryName: 'Renamed category', pic: icon });
    const [entry] = await auditSince(before);
    expect(entry).toMatchObject({ action: 'category.update', before: expect.objectContaining({ nameEn: top.nameEn, seq: 5 }), after: expect.objectContaining({ nameEn: 'Renamed category', seq: 7 }) });

    // Hidden: gone from the tree and the child list at once (with its branch); staff still see it.
    expect((await call('PUT', `/admin/categories/${top.categoryId}/status`, staff, { status: 0 })).json().status).toBe(0);
    expect(((await get('/category/tree')).json() as { categoryId: number }[]).some((n) => n.categoryId === top.categoryId)).toBe(false);
    expect(((await get('/category/categoryInfo?parentId=0&shopId=0')).json() as { categoryId: number }[]).some((n) => n.categoryId === top.categoryId)).toBe(false);
    const staffTree = (await get('/admin/categories', staff)).json() as { categoryId: number; status: number }[];
    expect(staffTree.filter((c) => c.categoryId === top.categoryId || c.categoryId === child.categoryId).map((c) => c.status)).toEqual([0, 1]);
    await call('PUT', `/admin/categories/${top.categoryId}/status`, staff, { status: 1 });
    expect(((await get('/category/tree')).json() as { categoryId: number }[]).some((n) => n.categoryId === top.categoryId)).toBe(true);
    expect((await auditSince(before)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['category.status', { status: 0 }, { status: 1 }],
      ['category.status', { status: 1 }, { status: 0 }],
      ['category.update', expect.anything(), expect.anything()],
    ]);
  });

  it('orders the children of one parent; an order from a stale tree is refused', async () => {
    const top = (await call('POST', '/admin/categories', staff, newCategory(0))).json();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call('POST', '/admin/categories', staff, newCategory(top.categoryId, { seq: i }))).json().categoryId);
    const reversed = [...ids].reverse();
    const res = await call('PUT', '/admin/categories/order', staff, { parentId: top.categoryId, ids: reversed });
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    const children = (await get(`/category/categoryInfo?parentId=${top.categoryId}&shopId=0`)).json() as { categoryId: number }[];
    expect(children.map((c) => c.categoryId)).toEqual(reversed);
    expect((await call('PUT', '/admin/categories/order', staff, { parentId: top.categoryId, ids: ids.slice(1) })).body).toBe(
      'The categories were changed by someone else; refresh and order them again',
    );
    expect((await call('PUT', '/admin/categories/order', staff, { parentId: top.categoryId, ids: [ids[0], ids[0], ids[1]] })).body).toBe('The order is not valid');
    const [entry] = await auditSince((await lastAuditId()) - 1);
    expect(entry).toMatchObject({ action: 'category.order', before: { order: ids }, after: { order: reversed } });
  });

  it('deletes only a category without subcategories or products, and says why', async () => {
    const top = (await call('POST', '/admin/categories', staff, newCategory(0))).json();
    const mid = (await call('POST', '/admin/categories', staff, newCategory(top.categoryId))).json();
    const leaf = (await call('POST', '/admin/categories', staff, newCategory(mid.categoryId))).json();
    expect((await call('DELETE', `/admin/categories/${mid.categoryId}`, staff)).body).toBe('This category still has 1 subcategory; delete it first');
    const product = await createTestProduct(t);
    const [original] = await t.ctx.db.select({ categoryId: products.categoryId }).from(products).where(eq(products.id, product.prodId));
    movedProducts.push({ prodId: product.prodId, categoryId: original!.categoryId });
    await t.ctx.db.execute(`update products set category_id = ${leaf.categoryId} where id = ${product.prodId}`);
    expect(((await get('/admin/categories', staff)).json() as { categoryId: number; productCount: number }[]).find((c) => c.categoryId === leaf.categoryId)?.productCount).toBe(1);
    expect((await call('DELETE', `/admin/categories/${leaf.categoryId}`, staff)).body).toBe(
      'This category still holds 1 product (deleted ones included), so it cannot be deleted; you can hide it',
    );
    const [kept] = await t.ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, leaf.categoryId));
    expect(kept).toBeDefined();

    const empty = (await call('POST', '/admin/categories', staff, newCategory(mid.categoryId))).json();
    const before = await lastAuditId();
    expect((await call('DELETE', `/admin/categories/${empty.categoryId}`, staff)).json()).toEqual({ ok: true });
    expect(await t.ctx.db.select().from(categories).where(eq(categories.id, empty.categoryId))).toEqual([]);
    expect((await auditSince(before))[0]).toMatchObject({ action: 'category.delete', targetId: String(empty.categoryId), after: null, before: expect.objectContaining({ nameZh: empty.nameZh }) });
    expect((await call('DELETE', `/admin/categories/${empty.categoryId}`, staff)).body).toBe('The category does not exist');
  });

  it('answers every validation message', async () => {
    const cases: [unknown, string][] = [
      [{ ...newCategory(0), nameZh: '  ' }, 'Please enter the Chinese name'],
      [{ ...newCategory(0), nameZh: '长'.repeat(51) }, 'The Chinese name can be at most 50 characters'],
      [{ ...newCategory(0), nameEn: '' }, 'Please enter the English name'],
      [{ ...newCategory(0), nameEn: 'x'.repeat(101) }, 'The English name can be at most 100 characters'],
      [{ ...newCategory(0), seq: -1 }, 'The order number must be a whole number from 0 to 9999'],
      [{ ...newCategory(0), seq: 1.5 }, 'The order number must be a whole number from 0 to 9999'],
      [{ ...newCategory(0), status: 2 }, 'The status is not valid'],
      [{ ...newCategory(0), icon: 'https://evil.example/x.png' }, 'The picture is not valid, please upload it again'],
      [{ ...newCategory(0), icon: '/uploads/images/00000000-0000-0000-0000-000000000000.png' }, 'The picture is not valid, please upload it again'],
      [{ ...newCategory(0), parentId: 999_999_999 }, 'The parent category does not exist'],
      [{ ...newCategory(0), parentId: 'x' }, 'The parent category does not exist'],
      [{ ...newCategory(0), nameZh: 'a\u0000b' }, 'The request is invalid'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/admin/categories', staff, body);
      expect([res.statusCode, res.body]).toEqual([400, message]);
    }
    expect((await call('PUT', '/admin/categories/999999999', staff, { nameZh: 'a', nameEn: 'b' })).body).toBe('The category does not exist');
    expect((await call('PUT', '/admin/categories/abc', staff, { nameZh: 'a', nameEn: 'b' })).body).toBe('The id is invalid');
    expect((await call('PUT', '/admin/categories/1/status', staff, { status: 'x' })).body).toBe('The status is not valid');
    expect((await call('PUT', '/admin/categories/order', staff, { parentId: 0, ids: [] })).body).toBe('The order is not valid');
    const upload = multipart('a.bmp', JPEG);
    expect((await t.app.inject({ method: 'POST', url: '/admin/file/upload', payload: upload.payload, headers: { ...upload.headers, ...en, authorization: staff } })).body).toBe(
      'Upload the image in the incorrect format, please re-upload!',
    );
  });
});

describe('platform notices', () => {
  const notice = (overrides: Record<string, unknown> = {}) => {
    const tag = uniqueUserName('n').slice(-10);
    return { titleZh: `测试公告${tag}`, titleEn: `Test notice ${tag}`, contentZh: '第一段\n第二段 a<b', contentEn: 'First line\nSecond line', ...overrides };
  };
  const storefrontIds = async () => ({
    ticker: ((await get('/shop/notice/topNoticeList/0')).json() as { id: number }[]).map((n) => n.id),
    list: ((await get('/shop/notice/noticeList/0?current=1&size=50')).json().records as { id: number }[]).map((n) => n.id),
  });

  it('a draft stays off the storefront; published it feeds the ticker and /notice-list at once; pinned it leads', async () => {
    const before = await lastAuditId();
    const draft = await call('POST', '/admin/notices', staff, notice());
    expect(draft.statusCode, draft.body).toBe(200);
    const id = draft.json().id as number;
    expect(draft.json()).toMatchObject({ published: false, isTop: false, contentZh: '<p>第一段</p><p>第二段 a&lt;b</p>' });
    expect((await storefrontIds()).list).not.toContain(id);
    expect((await get(`/shop/notice/info/${id}`)).body).toBe('The announcement does not exist');

    const published = await call('PUT', `/admin/notices/${id}/publish`, staff, { published: true });
    expect(published.json().published).toBe(true);
    const seen = await storefrontIds();
    expect(seen.list).toContain(id);
    expect((await get(`/shop/notice/info/${id}`)).json()).toMatchObject({ id, shopId: 0, title: draft.json().titleEn, content: '<p>First line</p><p>Second line</p>' });

    await call('PUT', `/admin/notices/${id}/pin`, staff, { isTop: true });
    expect((await storefrontIds()).ticker[0]).toBe(id);
    expect((await storefrontIds()).list[0]).toBe(id);
    await call('PUT', `/admin/notices/${id}/pin`, staff, { isTop: false });

    const edited = await call('PUT', `/admin/notices/${id}`, staff, notice({ titleEn: 'Edited title', contentEn: '<p>Hi<script>alert(1)</script></p>', published: true }));
    expect(edited.json()).toMatchObject({ titleEn: 'Edited title', contentEn: '<p>Hi</p>', published: true });
    expect((await get(`/shop/notice/info/${id}`)).json().title).toBe('Edited title');

    await call('PUT', `/admin/notices/${id}/publish`, staff, { published: false });
    expect((await storefrontIds()).list).not.toContain(id);
    const page = (await get('/admin/notices?status=draft&size=100', staff)).json() as { records: { id: number }[] };
    expect(page.records.map((r) => r.id)).toContain(id);

    const entries = (await auditSince(before)).reverse();
    expect(entries.map((e) => e.action)).toEqual(['notice.create', 'notice.publish', 'notice.pin', 'notice.pin', 'notice.update', 'notice.publish']);
    expect(entries[1]).toMatchObject({ targetType: 'notice', targetId: String(id), before: { status: 0 }, after: { status: 1 } });
    expect(entries[4]!.before).toMatchObject({ titleEn: draft.json().titleEn });
    expect(entries[4]!.after).toMatchObject({ titleEn: 'Edited title' });
  });

  it('answers every validation message', async () => {
    const cases: [unknown, string][] = [
      [notice({ titleZh: '' }), 'Please enter the Chinese title'],
      [notice({ titleZh: '长'.repeat(101) }), 'The Chinese title can be at most 100 characters'],
      [notice({ titleEn: ' ' }), 'Please enter the English title'],
      [notice({ titleEn: 'x'.repeat(201) }), 'The English title can be at most 200 characters'],
      [notice({ contentZh: '' }), 'Please enter the Chinese content'],
      [notice({ contentEn: undefined }), 'Please enter the English content'],
      [notice({ contentZh: 'x'.repeat(20_001) }), 'The content can be at most 20000 characters'],
      [notice({ isTop: 'yes' }), 'The switch value is not valid'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/admin/notices', staff, body);
      expect([res.statusCode, res.body]).toEqual([400, message]);
    }
    expect((await get('/admin/notices/999999999', staff)).body).toBe('The announcement does not exist');
    expect((await call('PUT', '/admin/notices/999999999/pin', staff, { isTop: true })).body).toBe('The announcement does not exist');
    expect((await call('PUT', '/admin/notices/1/publish', staff, {})).body).toBe('The switch value is not valid');
    expect((await get('/admin/notices?status=old', staff)).body).toBe('The status is not valid');
    expect((await get('/admin/notices?size=101', staff)).body).toBe('A page cannot hold more than 100 items');
  });

  it('keeps shop notices out of the staff list and out of reach', async () => {
    const [shopId] = await openShopIds(t);
    const [row] = (await t.ctx.db.execute(
      `insert into notices (shop_id, title_zh, content_zh, publish_time) values (${shopId}, '店铺公告', '内容', now()) returning id`,
    )).rows as { id: number }[];
    expect((await get(`/admin/notices/${row!.id}`, staff)).body).toBe('The announcement does not exist');
    expect((await call('PUT', `/admin/notices/${row!.id}/pin`, staff, { isTop: true })).body).toBe('The announcement does not exist');
    const all = (await get('/admin/notices?size=100', staff)).json() as { records: { id: number }[] };
    expect(all.records.map((r) => r.id)).not.toContain(row!.id);
  });
});

describe('site configuration', () => {
  const web = {
    pcWelcomeCn: '欢迎光临测试商城',
    pcWelcomeEn: 'Welcome to the test mall',
    pcLogoImgText: '/uploads/seed/logo.svg',
    pcCompanyInfoCn: '测试公司\n地址',
    pcCompanyInfoEn: 'Test company\nAddress',
    pcTitleImg: '',
    pcRecordNumber: '沪ICP备0000号',
    pcRecordUrl: 'https://beian.miit.gov.cn/',
  };

  it('changes the web config; the storefront call answers the new texts at once; the log keeps the changed fields', async () => {
    const merchantUrl = (await get('/webConfig/getPcWebConfig')).json().merchantUrl;
    const before = await lastAuditId();
    const res = await call('PUT', '/admin/site-config/web', staff, web);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().webConfig).toEqual({ ...web, merchantUrl });
    expect((await get('/webConfig/getPcWebConfig')).json()).toEqual({ ...web, merchantUrl });
    const [entry] = await auditSince(before);
    expect(entry).toMatchObject({ action: 'siteConfig.web', targetType: 'siteConfig', targetId: 'webConfig' });
    expect(entry!.after).toMatchObject({ pcWelcomeEn: 'Welcome to the test mall', pcTitleImg: '' });
    expect(Object.keys(entry!.before!)).toEqual(Object.keys(entry!.after!));
    expect(entry!.after).not.toHaveProperty('merchantUrl');
  });

  it('switches the terms links and the payment methods at once, and edits the terms texts', async () => {
    await get('/sys/config/info/getSysServiceSwitch');
    await get('/sys/config/info/getSysPaySwitch');
    const before = await lastAuditId();
    await call('PUT', '/admin/site-config/service-switch', staff, { serviceTermsSwitch: false, privacyPolicySwitch: true });
    expect((await get('/sys/config/info/getSysServiceSwitch')).json()).toEqual({ serviceTermsSwitch: false, privacyPolicySwitch: true });
    await call('PUT', '/admin/site-config/pay-switch', staff, { aliPaySwitch: true, wxPaySwitch: false, balancePaySwitch: true });
    expect((await get('/sys/config/info/getSysPaySwitch')).json()).toEqual({ aliPaySwitch: true, wxPaySwitch: false, balancePaySwitch: true });
    const terms = { zh: { title: '测试条款', content: '<h3>一</h3><p>内容<img src=x onerror=alert(1)></p>' }, en: { title: 'Test terms', content: '<p>Text</p>' } };
    const saved = await call('PUT', '/admin/site-config/terms/privacyPolicy', staff, terms);
    expect(saved.json().privacyPolicy.zh.content).toMatch(/^<h3>一<\/h3><p>内容<img src="x"[^>]*\/><\/p>$/);
    expect(saved.json().privacyPolicy.zh.content).not.toContain('onerror');
    expect((await get('/sys/config/info/servicePolicy')).json()).toEqual({ title: 'Test terms', content: '<p>Text</p>' });
    const entries = (await auditSince(before)).reverse();
    expect(entries.map((e) => [e.action, e.targetId])).toEqual([
      ['siteConfig.serviceSwitch', 'serviceSwitch'],
      ['siteConfig.paySwitch', 'paySwitch'],
      ['siteConfig.terms', 'privacyPolicy'],
    ]);
    expect(entries[0]!.before).toEqual({ serviceTermsSwitch: true, privacyPolicySwitch: true });
    expect(entries[0]!.after).toEqual({ serviceTermsSwitch: false, privacyPolicySwitch: true });
    const page = (await get('/admin/audit-logs?action=siteConfig.paySwitch', staff)).json() as { records: { action: string }[] };
    expect(page.records[0]?.action).toBe('siteConfig.paySwitch');
  });

  it('keeps a true before-and-after chain when 50 staff edits of the web config race', async () => {
    const current = (await get('/admin/site-config', staff)).json();
    const { merchantUrl: _m, ...input } = current.webConfig;
    const since = await lastAuditId();
    const texts = Array.from({ length: 50 }, (_v, i) => `Welcome, racer ${i}`);
    const results = await Promise.all(texts.map((pcWelcomeEn) => call('PUT', '/admin/site-config/web', staff, { ...input, pcWelcomeEn })));
    expect(results.map((r) => r.statusCode)).toEqual(texts.map(() => 200));
    // Each edit read what the previous one wrote (the row is locked for the edit), so the log is one chain.
    const entries = (await auditSince(since)).reverse();
    expect(entries).toHaveLength(50);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.before).toEqual({ pcWelcomeEn: (entries[i - 1]!.after as { pcWelcomeEn: string }).pcWelcomeEn });
    const last = (entries.at(-1)!.after as { pcWelcomeEn: string }).pcWelcomeEn;
    expect((await get('/webConfig/getPcWebConfig')).json().pcWelcomeEn).toBe(last);
  });

  it('answers every validation message', async () => {
    const cases: [string, unknown, string][] = [
      ['web', { ...web, pcWelcomeCn: '' }, 'Please enter the welcome text'],
      ['web', { ...web, pcWelcomeEn: 'x'.repeat(101) }, 'The welcome text can be at most 100 characters'],
      ['web', { ...web, pcLogoImgText: 'javascript:alert(1)' }, 'The picture is not valid, please upload it again'],
      ['web', { ...web, pcTitleImg: '/uploads/images/ffffffff-0000-0000-0000-000000000000.png' }, 'The picture is not valid, please upload it again'],
      ['web', { ...web, pcCompanyInfoEn: 'x'.repeat(1001) }, 'The company information can be at most 1000 characters'],
      ['web', { ...web, pcRecordNumber: 'x'.repeat(51) }, 'The record number can be at most 50 characters'],
      ['web', { ...web, pcRecordUrl: 'javascript:alert(1)' }, 'The record link must be an http or https address'],
      ['service-switch', { serviceTermsSwitch: 1, privacyPolicySwitch: true }, 'The switch value is not valid'],
      ['pay-switch', { aliPaySwitch: true, wxPaySwitch: true }, 'The switch value is not valid'],
      ['terms/serviceTerms', { zh: { title: '', content: 'x' }, en: { title: 'a', content: 'b' } }, 'Please enter the title of the terms'],
      ['terms/serviceTerms', { zh: { title: 'x'.repeat(101), content: 'x' }, en: { title: 'a', content: 'b' } }, 'The title of the terms can be at most 100 characters'],
      ['terms/serviceTerms', { zh: { title: 'a', content: ' ' }, en: { title: 'a', content: 'b' } }, 'Please enter the text of the terms'],
      ['terms/serviceTerms', { zh: { title: 'a', content: 'x'.repeat(50_001) }, en: { title: 'a', content: 'b' } }, 'The text of the terms can be at most 50000 characters'],
      ['terms/other', { zh: { title: 'a', content: 'b' }, en: { title: 'a', content: 'b' } }, 'The requested content does not exist'],
    ];
    for (const [path, body, message] of cases) {
      const res = await call('PUT', `/admin/site-config/${path}`, staff, body);
      expect([path, res.statusCode, res.body]).toEqual([path, 400, message]);
    }
    const [row] = await t.ctx.db.select().from(siteConfig).where(eq(siteConfig.key, CONFIG_KEYS.webConfig));
    expect((row?.value as { pcRecordUrl: string }).pcRecordUrl).not.toBe('javascript:alert(1)');
  });
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('two API instances on one PostgreSQL + Redis', () => {
  const instances: TestInstance[] = [];
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.close()));
  });

  it('a change made through one instance is served by the other at once (site config, switches, category tree)', async () => {
    instances.push(await createTestInstance(), await createTestInstance());
    const [one, two] = instances as [TestInstance, TestInstance];
    const token = await adminToken(t);
    // Both instances cache the current values first.
    for (const app of [one.app, two.app]) {
      await get('/webConfig/getPcWebConfig', undefined, app);
      await get('/sys/config/info/getSysServiceSwitch', undefined, app);
      await get('/category/tree', undefined, app);
    }
    const welcome = `Welcome ${uniqueUserName('w')}`;
    const current = (await get('/admin/site-config', token, one.app)).json();
    const { merchantUrl: _m, ...webInput } = current.webConfig;
    expect((await call('PUT', '/admin/site-config/web', token, { ...webInput, pcWelcomeEn: welcome }, one.app)).statusCode).toBe(200);
    await call('PUT', '/admin/site-config/service-switch', token, { serviceTermsSwitch: false, privacyPolicySwitch: false }, one.app);
    const top = (await call('POST', '/admin/categories', token, newCategory(0), one.app)).json();

    // The invalidation travels through Redis: it arrives within moments, not after the caches' minutes.
    await expect.poll(async () => (await get('/webConfig/getPcWebConfig', undefined, two.app)).json().pcWelcomeEn, { timeout: 2_000, interval: 50 }).toBe(welcome);
    await expect.poll(async () => (await get('/sys/config/info/getSysServiceSwitch', undefined, two.app)).json().serviceTermsSwitch, { timeout: 2_000, interval: 50 }).toBe(false);
    await expect
      .poll(async () => ((await get('/category/tree', undefined, two.app)).json() as { categoryId: number }[]).some((c) => c.categoryId === top.categoryId), { timeout: 2_000, interval: 50 })
      .toBe(true);
  });
});
