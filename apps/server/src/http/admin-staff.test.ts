// Staff roles (issue 25, decision 057): what each built-in role may and may not do (a refusal is a
// 403 with its message in both languages, changes nothing and is audited), the super
// administrator's staff and role management, a permission change applying on the next request,
// and a disabled staff member's session ending on every instance (PostgreSQL + Redis).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, ADMIN_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import { AdminProfileSchema, AdminRoleSchema, StaffMemberSchema } from '@bazaar/shared/schemas/admin';
import { adminRoles, adminUsers, auditLogs, shops, userWallets } from '../db/schema.ts';
import { STAFF_ROLES } from '../db/seed/site-data.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, registerUser } from '../test/account-test-kit.ts';
import { adminLogin, adminToken, createTestAdmin, TEST_ADMIN_PASSWORD } from '../test/admin-test-kit.ts';
import { userIdOf } from '../test/order-test-kit.ts';
import { createTestShop } from '../test/staff-test-kit.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance, type TestInstance } from '../test/instances.ts';

let t: TestApp;
let superToken: string;
let shopperId: string;

beforeAll(async () => {
  t = await ensureSeeded();
  superToken = await adminToken(t);
  shopperId = await userIdOf(t, await registerUser(t));
});

type Method = 'GET' | 'POST' | 'PUT';
function call(token: string, method: Method, url: string, body?: unknown, lang: 'zh' | 'en' = 'en', app = t.app) {
  const headers = { authorization: `Bearer ${token}`, 'accept-language': lang };
  return method === 'GET' ? app.inject({ method, url, headers }) : app.inject({ method, url, ...json(body ?? {}, { headers }) });
}

async function tokenOf(username: string, password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await adminLogin(t, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken as string;
}

const balanceOf = async (userId: string) => (await t.ctx.db.select({ balance: userWallets.balance, score: userWallets.score }).from(userWallets).where(eq(userWallets.userId, userId)))[0]!;
const shopStatus = async (shopId: number) => (await t.ctx.db.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId)))[0]!.status;
const refusals = (adminId: number) =>
  t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.adminId, adminId), eq(auditLogs.action, 'permission.denied'))).orderBy(desc(auditLogs.id));
const roleIdOf = async (key: string) => (await call(superToken, 'GET', '/admin/roles')).json().find((r: { key: string | null }) => r.key === key).roleId as number;

/** A refused call: 403 with the message in both languages, and an audit entry naming the route. */
async function expectRefused(admin: { id: number }, token: string, method: Method, url: string, route: string, body?: unknown) {
  const before = (await refusals(admin.id)).length;
  const inEn = await call(token, method, url, body, 'en');
  const inZh = await call(token, method, url, body, 'zh');
  expect([inEn.statusCode, inZh.statusCode], inEn.body).toEqual([403, 403]);
  expect(inEn.body).toBe('You do not have permission to do this');
  expect(inZh.body).toBe('没有权限执行此操作');
  const entries = await refusals(admin.id);
  expect(entries).toHaveLength(before + 2);
  expect(entries[0]).toMatchObject({ targetType: 'route', targetId: `${method} ${route}` });
}

describe('each built-in role may do its desk’s work and nothing else', () => {
  it('super administrator: every permission, staff management included', async () => {
    const me = AdminProfileSchema.parse((await call(superToken, 'GET', '/admin/me')).json());
    expect(me.role.key).toBe('super');
    expect([...me.permissions].sort()).toEqual([...ADMIN_PERMISSIONS].sort());
    expect((await call(superToken, 'GET', '/admin/staff')).statusCode).toBe(200);
  });

  it('operations: takes a shop offline, but cannot adjust a balance (403, unchanged, audited)', async () => {
    const admin = await createTestAdmin(t, 'operations');
    const token = await tokenOf(admin.username);
    const me = AdminProfileSchema.parse((await call(token, 'GET', '/admin/me')).json());
    expect(me).toMatchObject({ adminId: admin.id, role: { key: 'operations' } });
    expect([...me.permissions].sort()).toEqual([...ADMIN_ROLE_PERMISSIONS.operations].sort());
    const shop = await createTestShop(t);
    const offline = await call(token, 'POST', `/admin/shops/${shop.shopId}/offline`, { reason: 'test' });
    expect(offline.statusCode, offline.body).toBe(200);
    expect(await shopStatus(shop.shopId)).toBe(2);
    const wallet = await balanceOf(shopperId);
    await expectRefused(admin, token, 'POST', `/admin/users/${shopperId}/balance`, '/admin/users/:userId/balance', { change: 10, reason: 'x' });
    await expectRefused(admin, token, 'GET', '/admin/staff', '/admin/staff');
    expect(await balanceOf(shopperId)).toEqual(wallet);
    // Without audit.read the audit log shows one's own entries only (here: the offline and the refusals).
    const own = (await call(token, 'GET', '/admin/audit-logs?size=100')).json();
    expect(own.total).toBe(5);
    expect(new Set(own.records.map((r: { adminId: number }) => r.adminId))).toEqual(new Set([admin.id]));
    expect((await call(superToken, 'GET', '/admin/audit-logs?size=100')).json().total).toBeGreaterThan(5);
  });

  it('customer service: reads and disables shoppers, but cannot take a shop offline or adjust points', async () => {
    const admin = await createTestAdmin(t, 'service');
    const token = await tokenOf(admin.username);
    expect((await call(token, 'GET', '/admin/users')).statusCode).toBe(200);
    const shop = await createTestShop(t);
    await expectRefused(admin, token, 'POST', `/admin/shops/${shop.shopId}/offline`, '/admin/shops/:shopId/offline', { reason: 'test' });
    expect(await shopStatus(shop.shopId)).toBe(1);
    const wallet = await balanceOf(shopperId);
    await expectRefused(admin, token, 'POST', `/admin/users/${shopperId}/points`, '/admin/users/:userId/points', { change: 10, reason: 'x' });
    expect(await balanceOf(shopperId)).toEqual(wallet);
  });

  it('finance: reads a balance, but cannot change site settings or moderate reviews', async () => {
    const admin = await createTestAdmin(t, 'finance');
    const token = await tokenOf(admin.username);
    const balance = await call(token, 'GET', `/admin/users/${shopperId}/balance`);
    expect(balance.statusCode, balance.body).toBe(200);
    await expectRefused(admin, token, 'PUT', '/admin/site-config/pay-switch', '/admin/site-config/pay-switch', { aliPaySwitch: false, wxPaySwitch: false, balancePaySwitch: false });
    await expectRefused(admin, token, 'GET', '/admin/reviews', '/admin/reviews');
  });
});

describe('the demo staff accounts', () => {
  it('hold the roles of the README’s table', async () => {
    const rows = await t.ctx.db.select({ username: adminUsers.username, key: adminRoles.key }).from(adminUsers).innerJoin(adminRoles, eq(adminRoles.id, adminUsers.roleId));
    const seeded = Object.fromEntries(rows.filter((r) => r.username in STAFF_ROLES).map((r) => [r.username, r.key]));
    // Every seeded account present has its role (a database seeded by an older seed lacks the newer accounts).
    expect(Object.keys(seeded)).toEqual(expect.arrayContaining(['admin', 'operator']));
    expect(seeded).toEqual(Object.fromEntries(Object.keys(seeded).map((name) => [name, STAFF_ROLES[name as keyof typeof STAFF_ROLES]])));
  });
});

describe('staff management', () => {
  it('creates an account with a role; the account logs in with that role', async () => {
    const username = `st${Date.now().toString(36)}`;
    const created = await call(superToken, 'POST', '/admin/staff', { username, password: 'pass1234x', roleId: await roleIdOf('finance') });
    expect(created.statusCode, created.body).toBe(200);
    const member = StaffMemberSchema.parse(created.json());
    expect(member).toMatchObject({ username, status: 1, role: { key: 'finance' } });
    const token = await tokenOf(username, 'pass1234x');
    expect((await call(token, 'GET', '/admin/me')).json().role.key).toBe('finance');
    const again = await call(superToken, 'POST', '/admin/staff', { username: username.toUpperCase(), password: 'pass1234x', roleId: await roleIdOf('finance') }, 'zh');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('该账号已被使用');
    const [entry] = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'staff.create'), eq(auditLogs.targetId, String(member.adminId))));
    expect(entry).toMatchObject({ targetType: 'admin' });
    expect((await call(superToken, 'GET', '/admin/staff')).json().map((s: { username: string }) => s.username)).toContain(username);
  });

  it('refuses a weak password and an unknown role with their messages', async () => {
    const weak = await call(superToken, 'POST', '/admin/staff', { username: 'weakling', password: 'short', roleId: await roleIdOf('service') });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('8-64 characters');
    const noRole = await call(superToken, 'POST', '/admin/staff', { username: 'norole01', password: 'pass1234x', roleId: 999_999 }, 'zh');
    expect(noRole.statusCode).toBe(404);
    expect(noRole.body).toContain('角色不存在');
  });

  it('changes another account’s role, which applies on its next request; one’s own role is refused', async () => {
    const admin = await createTestAdmin(t, 'service');
    const token = await tokenOf(admin.username);
    expect((await call(token, 'GET', '/admin/reviews')).statusCode).toBe(200);
    const moved = await call(superToken, 'PUT', `/admin/staff/${admin.id}/role`, { roleId: await roleIdOf('finance') });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().role.key).toBe('finance');
    expect((await call(token, 'GET', '/admin/reviews')).statusCode).toBe(403);
    expect((await call(token, 'GET', `/admin/users/${shopperId}/balance`)).statusCode).toBe(200);
    const [entry] = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'staff.role'), eq(auditLogs.targetId, String(admin.id))));
    expect(entry?.after).toMatchObject({ roleId: await roleIdOf('finance') });

    const me = AdminProfileSchema.parse((await call(superToken, 'GET', '/admin/me')).json());
    for (const lang of ['en', 'zh'] as const) {
      const own = await call(superToken, 'PUT', `/admin/staff/${me.adminId}/role`, { roleId: await roleIdOf('service') }, lang);
      expect(own.statusCode).toBe(400);
      expect(own.body).toContain(lang === 'en' ? 'You cannot change your own role' : '不能修改自己的角色');
    }
    expect((await call(superToken, 'GET', '/admin/me')).json().role.key).toBe('super');
  });

  it('disabling an account ends its session at once; enabling lets it log in again', async () => {
    const admin = await createTestAdmin(t, 'operations');
    const token = await tokenOf(admin.username);
    expect((await call(token, 'GET', '/admin/me')).statusCode).toBe(200);
    const off = await call(superToken, 'PUT', `/admin/staff/${admin.id}/status`, { status: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe(0);
    expect((await call(token, 'GET', '/admin/me')).statusCode).toBe(401);
    expect((await adminLogin(t, admin.username)).statusCode).toBe(400);
    expect((await call(superToken, 'PUT', `/admin/staff/${admin.id}/status`, { status: 1 })).statusCode).toBe(200);
    expect((await call(token, 'GET', '/admin/me')).statusCode).toBe(401);
    await tokenOf(admin.username);
    const actions = (await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(admin.id)))).filter((r) => r.targetType === 'admin').map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.disable', 'staff.enable']));
  });

  it('a new password ends the sessions; the new one logs in, the old one not', async () => {
    const admin = await createTestAdmin(t, 'service');
    const token = await tokenOf(admin.username);
    const reset = await call(superToken, 'PUT', `/admin/staff/${admin.id}/password`, { password: 'newpass99' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(token, 'GET', '/admin/me')).statusCode).toBe(401);
    expect((await adminLogin(t, admin.username)).statusCode).toBe(400);
    await tokenOf(admin.username, 'newpass99');
  });

  it('an added role grants exactly its permissions, and editing it applies on the next request', async () => {
    const name = `审核${Date.now().toString(36)}`;
    const created = await call(superToken, 'POST', '/admin/roles', { name, permissions: ['reviews.moderate', 'users.read', 'users.read'] });
    expect(created.statusCode, created.body).toBe(200);
    const role = AdminRoleSchema.parse(created.json());
    expect(role).toMatchObject({ key: null, builtIn: false, permissions: ['users.read', 'reviews.moderate'] });
    const admin = await createTestAdmin(t, role.roleId);
    const token = await tokenOf(admin.username);
    expect((await call(token, 'GET', '/admin/me')).json()).toMatchObject({ role: { roleId: role.roleId, key: null, name }, permissions: ['users.read', 'reviews.moderate'] });
    expect((await call(token, 'GET', '/admin/reviews')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/admin/users')).statusCode).toBe(200);
    await expectRefused(admin, token, 'GET', '/admin/shops', '/admin/shops');

    const edited = await call(superToken, 'PUT', `/admin/roles/${role.roleId}`, { name, permissions: ['shops.read'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(token, 'GET', '/admin/shops')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/admin/reviews')).statusCode).toBe(403);
    const actions = (await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(role.roleId)))).filter((r) => r.targetType === 'role').sort((a, b) => a.id - b.id).map((r) => r.action);
    expect(actions).toEqual(['role.create', 'role.update']);

    const builtIn = await call(superToken, 'PUT', `/admin/roles/${await roleIdOf('super')}`, { name: 'x', permissions: [] }, 'zh');
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.body).toContain('内置角色的权限不能修改');
    const unknown = await call(superToken, 'POST', '/admin/roles', { name: 'bad', permissions: ['everything'] });
    expect(unknown.statusCode).toBe(400);
  });

  it('staff management needs staff.manage', async () => {
    const admin = await createTestAdmin(t, 'operations');
    const token = await tokenOf(admin.username);
    await expectRefused(admin, token, 'POST', '/admin/roles', '/admin/roles', { name: 'mine', permissions: ['staff.manage'] });
    await expectRefused(admin, token, 'PUT', `/admin/staff/${admin.id}/role`, '/admin/staff/:adminId/role', { roleId: 1 });
    expect((await call(token, 'GET', '/admin/me')).json().role.key).toBe('operations');
  });
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('two instances on one PostgreSQL + Redis', () => {
  let second: TestInstance;
  beforeAll(async () => {
    second = await createTestInstance();
  });
  afterAll(() => second?.close());

  it('a staff member disabled through one instance is refused by the other at once; a new role applies there too', async () => {
    const admin = await createTestAdmin(t, 'service');
    const token = await tokenOf(admin.username);
    const onSecond = (url: string) => call(token, 'GET', url, undefined, 'en', second.app);
    expect((await onSecond('/admin/reviews')).statusCode).toBe(200);
    expect((await call(superToken, 'PUT', `/admin/staff/${admin.id}/role`, { roleId: await roleIdOf('finance') })).statusCode).toBe(200);
    expect((await onSecond('/admin/reviews')).statusCode).toBe(403);
    expect((await call(superToken, 'PUT', `/admin/staff/${admin.id}/status`, { status: 0 })).statusCode).toBe(200);
    expect((await onSecond('/admin/me')).statusCode).toBe(401);
  });
});
