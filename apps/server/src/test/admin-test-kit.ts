// Staff accounts for tests: each test makes its own, so lockouts and the one-session rule never spill.
import type { TestApp } from './test-app.ts';
import { cipherOf, json, uniqueUserName } from './account-test-kit.ts';
import { createAdmin } from '../modules/admin/service.ts';

export const TEST_ADMIN_PASSWORD = 'staff-pass-1';

export async function createTestAdmin(t: TestApp): Promise<{ id: number; username: string }> {
  const username = uniqueUserName('adm');
  return { id: await createAdmin(t.ctx, username, TEST_ADMIN_PASSWORD), username };
}

export function adminLogin(t: TestApp, userName: string, password = TEST_ADMIN_PASSWORD, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/admin/login', ...json({ userName, passWord: cipherOf(t, password) }, { headers }) });
}

/** A fresh staff member's token. */
export async function adminToken(t: TestApp): Promise<string> {
  const admin = await createTestAdmin(t);
  const res = await adminLogin(t, admin.username);
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return res.json().accessToken as string;
}
