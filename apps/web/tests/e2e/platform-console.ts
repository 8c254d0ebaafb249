// The platform console for the staff journeys: its address, a staff login through the page, and
// a staff token through the API (for setup and clean-up).
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { API_URL, encryptPassword } from './support.ts';

export const PLATFORM_URL = process.env.BAZAAR_E2E_PLATFORM_URL ?? 'http://127.0.0.1:13002';

/**
 * Demo staff accounts (seed staff-queues.ts), one per journey that uses the console: staff keep
 * one session each, so journeys running in parallel under one account would log each other out.
 */
export type StaffAccount = 'admin' | 'operator' | 'ops01' | 'cs01' | 'goods01' | 'mkt01' | 'fin01' | 'mkt02' | 'cs02' | 'cs03' | 'fin02' | 'fin03' | 'fin04' | 'site01' | 'hr01' | 'mkt03' | 'cs04' | 'cs05' | 'mkt04' | 'pts01';

/** Logs a demo staff account in on the console's login page; lands on the first page its role may see (decision 057). */
export async function staffLogin(console: Page, username: StaffAccount): Promise<void> {
  await console.goto(`${PLATFORM_URL}/`);
  await console.getByLabel('管理账号').fill(username);
  await console.getByLabel('密码').fill('admin12345');
  await console.getByRole('button', { name: '登 录' }).or(console.getByRole('button', { name: '登录' })).click();
  await expect(console.getByRole('navigation').getByRole('menuitem').first()).toBeVisible();
  await expect(console.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
}

/** A staff token through the API. Staff keep one session, so a page logged in before is logged out. */
export async function staffToken(request: APIRequestContext, username: StaffAccount): Promise<string> {
  const res = await request.post(`${API_URL}/admin/login`, { data: { userName: username, passWord: encryptPassword('admin12345') } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * A staff API call as `username` with a fresh login. Tests of one journey file run in parallel and
 * may share its account: another test's login between ours and the call ends our one session (a
 * 401), so the call logs in again, up to 3 times.
 */
export async function asStaff(request: APIRequestContext, username: StaffAccount, call: (token: string) => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 1; ; attempt++) {
    const res = await call(await staffToken(request, username));
    if (res.status() !== 401 || attempt === 3) return res;
  }
}

/** The console's tables have loaded: no spinner dims a row (axe would measure the dimmed colours). */
export async function settled(console: Page): Promise<void> {
  await expect(console.locator('.ant-spin-spinning')).toHaveCount(0);
}
