// Issue 25 (decision 057): the super administrator creates a staff account with the operations
// role; that account logs in and its menu holds only operations' pages and its own audit entries
// (no users page, so no balance or points control, no staff page), in Chinese and English, and the API refuses a balance
// adjustment with 403 anyway. Moved to customer service, its next page load shows the users page
// with the disable control but still no balance or points control. Axe scans the staff page and
// its dialog.
import { expect, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { API_URL, encryptPassword, pickSelectOption, registerShopper, test, watchPageProblems } from './support.ts';
import { PLATFORM_URL, settled, staffLogin } from './platform-console.ts';

const PASSWORD = 'opsPass123';

async function consoleTab(browser: Browser): Promise<{ tab: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const problems = await watchPageProblems(context);
  const tab = await context.newPage();
  return {
    tab,
    close: async () => {
      expect(problems(), 'console errors, page errors or CSP violations in the platform console').toEqual([]);
      await context.close();
    },
  };
}

const menu = (tab: Page) => tab.getByRole('navigation').getByRole('menuitem');

test('a super administrator creates an operations account; it sees no money controls and the API refuses them', async ({ browser, request }) => {
  // Two consoles, two logins, three axe scans and a role change: generous on a loaded two-core machine.
  test.setTimeout(360_000);
  const username = `ops${Date.now().toString(36)}`;
  const shopper = await registerShopper(request);

  // The super administrator (hr01) creates the account on 员工管理.
  const boss = await consoleTab(browser);
  const admin = boss.tab;
  await staffLogin(admin, 'hr01');
  await menu(admin).filter({ hasText: '员工管理' }).click();
  await expect(admin.getByRole('heading', { level: 2, name: '员工管理' })).toBeVisible();
  await settled(admin);
  // One's own role cannot be changed: the select of one's own row is disabled.
  await expect(admin.getByRole('row').filter({ hasText: 'hr01（我）' }).getByRole('combobox')).toBeDisabled();
  await expectNoSeriousA11yViolations(admin, 'platform staff');
  await admin.getByRole('button', { name: '新建员工账号' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('账号').fill(username);
  await dialog.getByLabel('初始密码').fill(PASSWORD);
  await pickSelectOption(admin, dialog.getByLabel('角色'), '运营');
  await expectNoSeriousA11yViolations(admin, 'platform new staff account');
  await dialog.getByRole('button', { name: /新建员工账号/ }).click();
  await expect(dialog).toBeHidden();
  const row = admin.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('运营');
  await expect(row).toContainText('正常');

  // The new account logs in: only operations' pages, no users page, no staff page.
  const ops = await consoleTab(browser);
  await ops.tab.goto(`${PLATFORM_URL}/#users`);
  await ops.tab.getByLabel('管理账号').fill(username);
  await ops.tab.getByLabel('密码').fill(PASSWORD);
  await ops.tab.getByRole('button', { name: /登\s?录/ }).click();
  await expect(ops.tab.getByRole('heading', { level: 2, name: '开店申请' })).toBeVisible();
  await expect(menu(ops.tab).filter({ hasText: '店铺管理' })).toBeVisible();
  for (const hidden of ['用户管理', '员工管理', '角色管理', '站点设置', '充值选项']) await expect(menu(ops.tab).filter({ hasText: hidden })).toHaveCount(0);
  await expect(ops.tab.getByRole('button', { name: '调整余额' })).toHaveCount(0);
  await expect(ops.tab.getByRole('button', { name: '调整积分' })).toHaveCount(0);
  // The same in English.
  await ops.tab.getByRole('button', { name: 'English' }).click();
  await expect(menu(ops.tab).filter({ hasText: 'Shops' })).toBeVisible();
  for (const hidden of ['Users', 'Staff', 'Roles', 'Site settings']) await expect(menu(ops.tab).filter({ hasText: new RegExp(`^${hidden}$`) })).toHaveCount(0);
  await ops.tab.getByRole('button', { name: '中文' }).click();
  await expect(menu(ops.tab).filter({ hasText: '店铺管理' })).toBeVisible();

  // Moved to customer service: the next page load shows the users page with the disable control,
  // still without balance or points controls.
  await pickSelectOption(admin, row.getByRole('combobox'), '客服');
  await expect(row).toContainText('客服');
  await ops.tab.reload();
  await menu(ops.tab).filter({ hasText: '用户管理' }).click();
  await expect(ops.tab.getByRole('heading', { level: 2, name: '用户管理' })).toBeVisible();
  await ops.tab.getByLabel('昵称、手机号或用户名').fill(shopper.mobile);
  await ops.tab.getByRole('button', { name: /搜\s?索/ }).click();
  const shopperRow = ops.tab.getByRole('row').filter({ hasText: shopper.mobile });
  await expect(shopperRow.getByRole('button', { name: /禁\s?用/ })).toBeVisible();
  await expect(shopperRow.getByRole('button', { name: '调整余额' })).toHaveCount(0);
  await expect(shopperRow.getByRole('button', { name: '调整积分' })).toHaveCount(0);
  await ops.close();

  // The API refuses the balance adjustment anyway: 403 with its message, in both languages.
  const login = await request.post(`${API_URL}/admin/login`, { data: { userName: username, passWord: encryptPassword(PASSWORD) } });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  const me = await request.get(`${API_URL}/admin/me`, { headers: { Authorization: token } });
  const userId = await request
    .get(`${API_URL}/admin/users?keyword=${shopper.mobile}`, { headers: { Authorization: token } })
    .then(async (r) => ((await r.json()) as { records: Array<{ userId: string }> }).records[0]!.userId);
  expect(((await me.json()) as { role: { key: string } }).role.key).toBe('service');
  for (const [lang, message] of [['zh', '没有权限执行此操作'], ['en', 'You do not have permission to do this']] as const) {
    const refused = await request.post(`${API_URL}/admin/users/${userId}/balance`, { headers: { Authorization: token, 'Accept-Language': lang }, data: { change: '10', reason: 'e2e' } });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toBe(message);
  }

  // The super administrator disables the account (after a confirmation): its session ends at once.
  await row.getByRole('button', { name: new RegExp(`停\\s?用 ${username}`) }).click();
  await admin.getByRole('tooltip').getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(row).toContainText('已停用');
  expect((await request.get(`${API_URL}/admin/me`, { headers: { Authorization: token } })).status()).toBe(401);
  await boss.close();
});
