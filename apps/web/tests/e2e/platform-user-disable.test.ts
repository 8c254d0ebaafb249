// Issue 10, journey 5: staff disable a shopper's login in the platform console with a reason; the
// shopper's next request is refused (the page renders logged out) and the login says why; staff
// enable it again and the shopper logs in.
import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { API_URL, expectLoggedInAs, loginWithPassword, openLoginPopup, openPage, registerShopper, topBar, useToken, zh, test } from './support.ts';
import { settled, staffLogin } from './platform-console.ts';

const REASON = '短时间内大量下单后取消，涉嫌恶意占用库存';

test('staff disable a shopper: the next request is refused and the login says why; staff enable it again', async ({ page, context, request, baseURL }) => {
  test.setTimeout(240_000);
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/');
  await expectLoggedInAs(page, shopper.nickName);

  // Staff find the shopper by mobile and disable the login with a reason.
  const console = await context.newPage();
  await staffLogin(console, 'cs01');
  await console.getByRole('menuitem', { name: '用户管理' }).click();
  await expect(console.getByRole('heading', { name: '用户管理' })).toBeVisible();
  await console.getByLabel('昵称、手机号或用户名').fill(shopper.mobile);
  await console.getByRole('button', { name: /搜\s?索/ }).click();
  await console.mouse.move(0, 0);
  const row = console.getByRole('row').filter({ hasText: shopper.mobile });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('正常')).toBeVisible();
  await settled(console);
  await expectNoSeriousA11yViolations(console, 'platform users');
  await row.getByRole('button', { name: /禁\s?用/ }).click();
  const dialog = console.getByRole('dialog');
  await dialog.getByLabel('原因').fill(REASON);
  await expectNoSeriousA11yViolations(console, 'platform disable a user');
  await dialog.getByRole('button', { name: /禁\s?用/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('已禁用')).toBeVisible();
  await expect(row.getByText(`禁用原因：${REASON}`)).toBeVisible();

  // The shopper's next request is refused: the token no longer works and the page is logged out.
  const info = await request.get(`${API_URL}/p/user/userInfo`, { headers: { Authorization: shopper.token } });
  expect(info.status()).toBe(401);
  await openPage(page, '/');
  await expect(topBar(page).getByRole('button', { name: zh('layout.topBar.login') })).toBeVisible();

  // The login says why.
  const login = await openLoginPopup(page);
  await login.getByRole('tab', { name: zh('login.tabs.account') }).click();
  await login.getByLabel(zh('login.fields.account'), { exact: true }).fill(shopper.userName);
  await login.getByLabel(zh('login.fields.password'), { exact: true }).fill(shopper.password);
  await login.getByRole('checkbox').check();
  await login.getByRole('button', { name: zh('login.submit') }).click();
  await expect(page.getByRole('region', { name: zh('toast.label') })).toContainText(zh('staff.errors.accountDisabled', { reason: REASON }));
  await expect(login).toBeVisible();

  // Staff enable it again; the shopper logs in.
  await row.getByRole('button', { name: /启\s?用/ }).click();
  await console.getByRole('tooltip').getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(row.getByText('正常')).toBeVisible();
  await console.getByRole('menuitem', { name: '操作日志' }).click();
  await expect(console.getByRole('row').filter({ hasText: '禁用用户' }).filter({ hasText: REASON }).first()).toBeVisible();
  await expect(console.getByRole('row').filter({ hasText: '启用用户' }).first()).toBeVisible();
  await settled(console);
  await expectNoSeriousA11yViolations(console, 'platform audit log');

  await page.reload();
  await loginWithPassword(page, shopper.userName, shopper.password);
  await expectLoggedInAs(page, shopper.nickName);
});
