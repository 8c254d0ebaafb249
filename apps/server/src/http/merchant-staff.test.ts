// Shop staff (issue 25, decision 057): the owner adds, re-roles, disables and resets staff accounts
// of its own shop only; each role may do what MERCHANT_ROLE_PERMISSIONS says and is refused the rest
// with a 403 in the reader's language, changing nothing; a staff account never reaches another
// shop's data; disabling ends the account's sessions at once (on every instance).
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import { MerchantProfileSchema, MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { StaffMemberSchema, type StaffRoleKey } from '@bazaar/shared/schemas/merchant-staff';
import { merchantAccounts, merchantAuditLogs, products, shops, skus } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { cipherOf, json } from '../test/account-test-kit.ts';
import { createPaidOrder, merchantLogin, registerBuyer } from '../test/merchant-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance } from '../test/instances.ts';

let t: TestApp;
let shopA: TestShop;
let shopB: TestShop;
let ownerA: string;
let ownerB: string;
let productA: TestProduct;
let productB: TestProduct;
const STAFF_PASSWORD = 'staff1234';
let counter = 0;

type Method = 'GET' | 'POST' | 'PUT';
function call(token: string, method: Method, url: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: token, 'accept-language': lang };
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}${process.pid % 1000}${(counter += 1)}`;

async function addStaff(owner: string, role: StaffRoleKey, username = uniqueName(role.slice(0, 3))) {
  const res = await call(owner, 'POST', '/merchant/staff', { username, displayName: `Staff ${role}`, role, password: cipherOf(t, STAFF_PASSWORD) });
  expect(res.statusCode, res.body).toBe(200);
  return StaffMemberSchema.parse(res.json());
}

async function login(username: string, password = STAFF_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, password) }, { headers: { 'accept-language': 'en' } }) });
}

async function staffToken(owner: string, role: StaffRoleKey) {
  const member = await addStaff(owner, role);
  const res = await login(member.username);
  expect(res.statusCode, res.body).toBe(200);
  return { member, token: MerchantTokenSchema.parse(res.json()).accessToken };
}

const stockOf = async (skuId: number) => (await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, skuId)))[0]!.stocks;
const statusOf = async (prodId: number) => (await t.ctx.db.select({ status: products.status }).from(products).where(eq(products.id, prodId)))[0]!.status;

/** A refused call: 403 with the merchant center's message in both languages. */
async function expectForbidden(token: string, method: Method, url: string, body?: unknown) {
  const en = await call(token, method, url, body, 'en');
  expect([en.statusCode, en.body], `${method} ${url}`).toEqual([403, 'You do not have permission to do this']);
  const zh = await call(token, method, url, body, 'zh');
  expect([zh.statusCode, zh.body], `${method} ${url}`).toEqual([403, '没有权限执行此操作']);
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [ownerA, ownerB] = await Promise.all([merchantLogin(t, shopA.shopId), merchantLogin(t, shopB.shopId)]);
  [productA, productB] = await Promise.all([createTestProduct(t, { shopId: shopA.shopId }), createTestProduct(t, { shopId: shopB.shopId })]);
});

describe('the owner manages the shop staff', () => {
  it('adds a staff account that logs in bound to the shop, with its role and permissions on /merchant/me', async () => {
    const member = await addStaff(ownerA, 'warehouse');
    expect(member).toMatchObject({ role: 'warehouse', status: 1, displayName: 'Staff warehouse', lastLoginTime: null });
    const res = await login(member.username.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ shopId: shopA.shopId, shopName: shopA.nameEn });
    const me = MerchantProfileSchema.parse((await call(res.json().accessToken, 'GET', '/merchant/me')).json());
    expect(me).toMatchObject({ shopId: shopA.shopId, username: member.username, role: 'warehouse', displayName: 'Staff warehouse' });
    expect(me.permissions).toEqual([...MERCHANT_ROLE_PERMISSIONS.warehouse]);
    const owner = MerchantProfileSchema.parse((await call(ownerA, 'GET', '/merchant/me')).json());
    expect(owner.role).toBe('owner');
    expect(owner.permissions).toContain('staff.manage');

    const list = (await call(ownerA, 'GET', '/merchant/staff')).json() as Array<{ id: number; role: string }>;
    expect(list[0]).toMatchObject({ role: 'owner', username: shopA.username });
    expect(list.map((r) => r.id)).toContain(member.id);
    const other = (await call(ownerB, 'GET', '/merchant/staff')).json() as Array<{ id: number }>;
    expect(other.map((r) => r.id)).not.toContain(member.id);
  });

  it('refuses a taken login name (any case, any shop), a bad name, the owner role and a password outside 6-12 characters', async () => {
    const taken = await call(ownerA, 'POST', '/merchant/staff', { username: shopB.username.toUpperCase(), role: 'service', password: cipherOf(t, STAFF_PASSWORD) });
    expect([taken.statusCode, taken.body]).toEqual([400, 'This account name is already taken']);
    const zh = await call(ownerA, 'POST', '/merchant/staff', { username: shopB.username, role: 'service', password: cipherOf(t, STAFF_PASSWORD) }, 'zh');
    expect(zh.body).toBe('该账号已被使用');
    const bad = await call(ownerA, 'POST', '/merchant/staff', { username: 'a b', role: 'service', password: cipherOf(t, STAFF_PASSWORD) });
    expect([bad.statusCode, bad.body]).toEqual([400, 'The account is 4-32 letters, digits, - _ or ., starting with a letter or digit']);
    const owner = await call(ownerA, 'POST', '/merchant/staff', { username: uniqueName('own'), role: 'owner', password: cipherOf(t, STAFF_PASSWORD) });
    expect([owner.statusCode, owner.body]).toEqual([400, 'Choose a staff role: customer service, warehouse or operations']);
    for (const password of ['12345', '1234567890123']) {
      const res = await call(ownerA, 'POST', '/merchant/staff', { username: uniqueName('pw'), role: 'service', password: cipherOf(t, password) });
      expect([res.statusCode, res.body]).toEqual([400, 'The password is 6-12 half-width characters']);
    }
    expect(await t.ctx.db.select({ id: merchantAccounts.id }).from(merchantAccounts).where(eq(merchantAccounts.username, 'a b'))).toEqual([]);
  });

  it('changes a role, which applies to the next request of a live session', async () => {
    const { member, token } = await staffToken(ownerA, 'service');
    expect((await call(token, 'GET', '/merchant/product/page')).statusCode).toBe(403);
    const changed = await call(ownerA, 'PUT', `/merchant/staff/${member.id}/role`, { role: 'operations' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: member.id, role: 'operations' });
    expect((await call(token, 'GET', '/merchant/product/page')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/merchant/order/page')).statusCode).toBe(403);
  });

  it('disables an account: its session ends at once and its login is refused; enabling lets it log in again', async () => {
    const { member, token } = await staffToken(ownerA, 'warehouse');
    expect((await call(token, 'GET', '/merchant/order/page')).statusCode).toBe(200);
    const off = await call(ownerA, 'PUT', `/merchant/staff/${member.id}/status`, { status: 0 });
    expect([off.statusCode, off.json().status]).toEqual([200, 0]);
    const ended = await call(token, 'GET', '/merchant/order/page');
    expect([ended.statusCode, ended.body]).toEqual([401, 'Please log in with the merchant account']);
    const refused = await login(member.username);
    expect([refused.statusCode, refused.body]).toEqual([400, 'This staff account is disabled. Please contact the shop owner']);
    expect((await call(ownerA, 'PUT', `/merchant/staff/${member.id}/status`, { status: 1 })).statusCode).toBe(200);
    // The old session stays ended; a new login works.
    expect((await call(token, 'GET', '/merchant/order/page')).statusCode).toBe(401);
    expect((await login(member.username)).statusCode).toBe(200);
  });

  it("resets a password: the account's sessions end, the old password is refused and the new one works", async () => {
    const { member, token } = await staffToken(ownerA, 'service');
    const res = await call(ownerA, 'PUT', `/merchant/staff/${member.id}/password`, { password: cipherOf(t, 'fresh5678') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(token, 'GET', '/merchant/order/page')).statusCode).toBe(401);
    expect((await login(member.username)).statusCode).toBe(400);
    expect((await login(member.username, 'fresh5678')).statusCode).toBe(200);
    const short = await call(ownerA, 'PUT', `/merchant/staff/${member.id}/password`, { password: cipherOf(t, '123') }, 'zh');
    expect([short.statusCode, short.body]).toEqual([400, '密码为 6-12 位半角字符']);
  });

  it("lets a staff account change its own password, not the owner's", async () => {
    const { member, token } = await staffToken(ownerA, 'warehouse');
    const res = await call(token, 'POST', '/merchant/password', { password: cipherOf(t, STAFF_PASSWORD), newPassword: cipherOf(t, 'mine9876') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(member.username, 'mine9876')).statusCode).toBe(200);
    expect((await login(shopA.username, 'merchant123')).statusCode).toBe(200);
  });

  it("answers 404 for another shop's account, the owner's own and an unknown id, and changes nothing", async () => {
    const theirs = await addStaff(ownerB, 'service');
    const [owner] = await t.ctx.db.select({ id: merchantAccounts.id }).from(merchantAccounts).where(eq(merchantAccounts.username, shopA.username));
    for (const id of [theirs.id, owner!.id, 2_000_000_000]) {
      for (const [url, body] of [
        [`/merchant/staff/${id}/role`, { role: 'operations' }],
        [`/merchant/staff/${id}/status`, { status: 0 }],
        [`/merchant/staff/${id}/password`, { password: cipherOf(t, 'hijack123') }],
      ] as const) {
        const res = await call(ownerA, 'PUT', url, body);
        expect([res.statusCode, res.body], url).toEqual([404, 'Staff account not found']);
      }
    }
    const [row] = await t.ctx.db.select().from(merchantAccounts).where(eq(merchantAccounts.id, theirs.id));
    expect(row).toMatchObject({ role: 'service', status: 1 });
    expect((await login(theirs.username)).statusCode).toBe(200);
    expect((await login(shopA.username, 'merchant123')).statusCode).toBe(200);
  });

  it("writes every change to the shop's log, which only its owner reads", async () => {
    const member = await addStaff(ownerA, 'service');
    await call(ownerA, 'PUT', `/merchant/staff/${member.id}/role`, { role: 'warehouse' });
    await call(ownerA, 'PUT', `/merchant/staff/${member.id}/status`, { status: 0 });
    const rows = await t.ctx.db
      .select()
      .from(merchantAuditLogs)
      .where(and(eq(merchantAuditLogs.shopId, shopA.shopId), eq(merchantAuditLogs.targetId, String(member.id))))
      .orderBy(merchantAuditLogs.id);
    expect(rows.map((r) => [r.action, r.accountName, r.before, r.after])).toEqual([
      ['staff.create', shopA.username, null, { username: member.username, displayName: 'Staff service', role: 'service' }],
      ['staff.role', shopA.username, { role: 'service' }, { role: 'warehouse' }],
      ['staff.disable', shopA.username, { status: 1 }, { status: 0 }],
    ]);
    const page = (await call(ownerA, 'GET', '/merchant/staff/logs?size=50')).json() as { records: Array<{ action: string; targetId: string }> };
    expect(page.records.filter((r) => r.targetId === String(member.id)).map((r) => r.action)).toEqual(['staff.disable', 'staff.role', 'staff.create']);
    const other = (await call(ownerB, 'GET', '/merchant/staff/logs?size=50')).json() as { records: Array<{ targetId: string }> };
    expect(other.records.some((r) => r.targetId === String(member.id))).toBe(false);
  });

  it('creates one account of 50 parallel adds with the same login name', async () => {
    const username = uniqueName('race');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(i % 2 ? ownerA : ownerB, 'POST', '/merchant/staff', { username, role: 'service', password: cipherOf(t, STAFF_PASSWORD, i + 1) })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.body)).toEqual(Array(49).fill('This account name is already taken'));
    const rows = await t.ctx.db.select({ id: merchantAccounts.id }).from(merchantAccounts).where(eq(merchantAccounts.username, username));
    expect(rows).toHaveLength(1);
    const logged = await t.ctx.db.select({ id: merchantAuditLogs.id }).from(merchantAuditLogs).where(and(eq(merchantAuditLogs.action, 'staff.create'), eq(merchantAuditLogs.targetId, String(rows[0]!.id))));
    expect(logged).toHaveLength(1);
  });
});

describe('the demo seed', () => {
  it("gives the self-run shop a customer service, a warehouse and an operations account (password merchant123)", async () => {
    const [self] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.nameZh, 'Bazaar 自营旗舰店'));
    for (const [suffix, role] of [['cs', 'service'], ['wh', 'warehouse'], ['ops', 'operations']] as const) {
      const res = await login(`shop${self!.id}-${suffix}`, 'merchant123');
      expect(res.statusCode, res.body).toBe(200);
      const me = MerchantProfileSchema.parse((await call(res.json().accessToken, 'GET', '/merchant/me')).json());
      expect([me.shopId, me.role]).toEqual([self!.id, role]);
    }
  });
});

describe('each role may do what its permissions say, and nothing else', () => {
  it('customer service reads orders and reviews; products, stock, shipping, the dashboard and staff are refused', async () => {
    const { token } = await staffToken(ownerA, 'service');
    expect((await call(token, 'GET', '/merchant/order/page')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/merchant/reviews')).statusCode).toBe(200);
    const stock = await stockOf(productA.skuIds[0]!);
    await expectForbidden(token, 'POST', '/merchant/sku/stock', { skuId: productA.skuIds[0], mode: 'set', amount: 0, reason: 'test' });
    expect(await stockOf(productA.skuIds[0]!)).toBe(stock);
    const status = await statusOf(productA.prodId);
    await expectForbidden(token, 'POST', '/merchant/product/shelf', { prodIds: [productA.prodId], onShelf: status !== 1 });
    expect(await statusOf(productA.prodId)).toBe(status);
    await expectForbidden(token, 'GET', '/merchant/dashboard');
    await expectForbidden(token, 'GET', '/merchant/staff');
    await expectForbidden(token, 'POST', '/merchant/staff', { username: uniqueName('sneak'), role: 'operations', password: cipherOf(t, STAFF_PASSWORD) });
  });

  it('the warehouse reads orders, adjusts stock and lists products; editing products, promotions and shop settings is refused', async () => {
    const { token } = await staffToken(ownerA, 'warehouse');
    expect((await call(token, 'GET', '/merchant/order/page')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/merchant/product/page')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/merchant/delivery/list')).statusCode).toBe(200);
    const stock = await stockOf(productA.skuIds[0]!);
    const adjusted = await call(token, 'POST', '/merchant/sku/stock', { skuId: productA.skuIds[0], mode: 'delta', amount: 3, reason: '入库' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(await stockOf(productA.skuIds[0]!)).toBe(stock + 3);
    const status = await statusOf(productA.prodId);
    await expectForbidden(token, 'POST', '/merchant/product/shelf', { prodIds: [productA.prodId], onShelf: status !== 1 });
    expect(await statusOf(productA.prodId)).toBe(status);
    await expectForbidden(token, 'GET', '/merchant/coupons');
    await expectForbidden(token, 'GET', '/merchant/shop/info');
    await expectForbidden(token, 'GET', '/merchant/reviews');
  });

  it('operations edits products and promotions and sees the dashboard; orders, shipping and staff are refused', async () => {
    const { token } = await staffToken(ownerA, 'operations');
    expect((await call(token, 'GET', '/merchant/dashboard')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/merchant/coupons')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/merchant/shop/notice/page')).statusCode).toBe(200);
    const status = await statusOf(productA.prodId);
    const moved = await call(token, 'POST', '/merchant/product/shelf', { prodIds: [productA.prodId], onShelf: status !== 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await statusOf(productA.prodId)).not.toBe(status);
    await call(token, 'POST', '/merchant/product/shelf', { prodIds: [productA.prodId], onShelf: status === 1 });
    await expectForbidden(token, 'GET', '/merchant/order/page');
    await expectForbidden(token, 'GET', '/merchant/order/export');
    await expectForbidden(token, 'POST', '/merchant/voucher/write-off', { code: '123456789012' });
    await expectForbidden(token, 'PUT', '/merchant/shop/freight', {});
    await expectForbidden(token, 'GET', '/merchant/staff/logs');
  });

  it("writes a refused call to the shop's log", async () => {
    const { member, token } = await staffToken(ownerA, 'service');
    await expectForbidden(token, 'GET', '/merchant/dashboard');
    const rows = await t.ctx.db
      .select()
      .from(merchantAuditLogs)
      .where(and(eq(merchantAuditLogs.shopId, shopA.shopId), eq(merchantAuditLogs.accountId, member.id), eq(merchantAuditLogs.action, 'permission.denied')));
    expect(rows.map((r) => [r.accountName, r.targetId])).toEqual([
      [member.username, 'GET /merchant/dashboard'],
      [member.username, 'GET /merchant/dashboard'],
    ]);
  });
});

describe("a staff account never reaches another shop's data", () => {
  it("customer service: another shop's order is not found and its list holds only its own shop's", async () => {
    const { token } = await staffToken(ownerA, 'service');
    const buyer = await registerBuyer(t);
    const [mine, theirs] = await Promise.all([createPaidOrder(t, buyer, shopA.shopId, { lines: 1 }), createPaidOrder(t, buyer, shopB.shopId, { lines: 1 })]);
    expect((await call(token, 'GET', `/merchant/order/info/${mine.orderNumber}`)).statusCode).toBe(200);
    const other = await call(token, 'GET', `/merchant/order/info/${theirs.orderNumber}`);
    expect([other.statusCode, other.body]).toEqual([400, 'Order not found']);
    const page = (await call(token, 'GET', '/merchant/order/page?size=50')).json() as { records: Array<{ orderNumber: string }> };
    expect(page.records.map((r) => r.orderNumber)).toContain(mine.orderNumber);
    expect(page.records.map((r) => r.orderNumber)).not.toContain(theirs.orderNumber);
  });

  it("the warehouse: another shop's SKU is refused untouched", async () => {
    const { token } = await staffToken(ownerA, 'warehouse');
    const stock = await stockOf(productB.skuIds[0]!);
    const foreign = await call(token, 'POST', '/merchant/sku/stock', { skuId: productB.skuIds[0], mode: 'set', amount: 0, reason: '偷改' });
    expect([foreign.statusCode, foreign.body]).toEqual([400, 'The SKU does not exist']);
    expect(await stockOf(productB.skuIds[0]!)).toBe(stock);
  });

  it("operations: another shop's product is not found and stays where it was", async () => {
    const { token } = await staffToken(ownerA, 'operations');
    const info = await call(token, 'GET', `/merchant/product/info/${productB.prodId}`);
    expect(info.statusCode).toBe(400);
    const status = await statusOf(productB.prodId);
    const moved = await call(token, 'POST', '/merchant/product/shelf', { prodIds: [productB.prodId], onShelf: status !== 1 });
    expect(moved.json().changed ?? []).toEqual([]);
    expect(await statusOf(productB.prodId)).toBe(status);
  });
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('two instances on one PostgreSQL + Redis', () => {
  it("ends a disabled staff account's session on the other instance at once, and a role change applies there on the next request", async () => {
    const other = await createTestInstance();
    try {
      const { member, token } = await staffToken(ownerA, 'warehouse');
      const there = (url: string) => other.app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect((await there('/merchant/order/page')).statusCode).toBe(200);
      await call(ownerA, 'PUT', `/merchant/staff/${member.id}/role`, { role: 'operations' });
      expect((await there('/merchant/order/page')).statusCode).toBe(403);
      await call(ownerA, 'PUT', `/merchant/staff/${member.id}/status`, { status: 0 });
      expect((await there('/merchant/product/page')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
