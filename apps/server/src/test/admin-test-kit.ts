// Staff accounts for tests: each test makes its own, so lockouts and the one-session rule never spill.
import type { AdminRoleKey } from '@bazaar/shared/constants/permissions';
import type { TestApp } from './test-app.ts';
import { cipherOf, json, uniqueUserName } from './account-test-kit.ts';
import { createAdmin } from '../modules/admin/service.ts';

export const TEST_ADMIN_PASSWORD = 'staff-pass-1';

/** A fresh staff account: a super administrator unless a built-in role key or a role id is given. */
export async function createTestAdmin(t: TestApp, role: AdminRoleKey | number = 'super'): Promise<{ id: number; username: string }> {
  const username = uniqueUserName('adm');
  return { id: await createAdmin(t.ctx, username, TEST_ADMIN_PASSWORD, role), username };
}

export function adminLogin(t: TestApp, userName: string, password = TEST_ADMIN_PASSWORD, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/admin/login', ...json({ userName, passWord: cipherOf(t, password) }, { headers }) });
}

/** A fresh staff member's token (a super administrator unless a role is given). */
export async function adminToken(t: TestApp, role: AdminRoleKey | number = 'super'): Promise<string> {
  const admin = await createTestAdmin(t, role);
  const res = await adminLogin(t, admin.username);
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return res.json().accessToken as string;
}
