import { expect } from '@playwright/test';
import { PASSWORD_SUCCESS_REDIRECT_MS } from '@bazaar/shared/constants/limits';
import {
  API_URL,
  encryptPassword,
  expectLoggedInAs,
  latestSmsCode,
  loginWithPassword,
  openPage,
  registerShopper,
  topBar,
  uniquePhone,
  useToken,
  waitForSmsLock,
  zh,
  test,
} from './support.ts';

test('a shopper changes the password in the user center, is logged out after 3 s and logs in with the new one', async ({ page, context, request, baseURL }) => {
  test.setTimeout(150_000);
  const shopper = await registerShopper(request);
  const registeredAt = Date.now();
  const newPassword = 'Changed_pw2';
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/user-center/uc-password');
  await expect(page.getByRole('heading', { level: 1, name: zh('userCenter.password.title') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: zh('userCenter.menu.label') }).getByRole('link', { name: zh('userCenter.menu.password') })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(zh('userCenter.password.intro', { mobile: `${shopper.mobile.slice(0, 3)}****${shopper.mobile.slice(7)}` }))).toBeVisible();

  const code = page.getByLabel(zh('accountForm.code'), { exact: true });
  const password = page.getByLabel(zh('accountForm.password'), { exact: true });
  const confirm = page.getByLabel(zh('accountForm.confirmPassword'), { exact: true });
  const submit = page.getByRole('button', { name: zh('userCenter.password.submit') });
  const alerts = page.locator('.account-form [role="alert"]');

  // Validation before anything is sent: code, then the password rule, then the confirmation.
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.codeRequired')]);
  await code.fill('123456');
  await password.fill('abcdef');
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.passwordRule')]);
  await password.fill(newPassword);
  await confirm.fill('Changed_pw3');
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.confirmMismatch')]);
  await confirm.fill(newPassword);

  // The code goes to the shopper's own phone (the phone was locked by the registration code).
  await waitForSmsLock(page, registeredAt);
  await page.getByRole('button', { name: zh('accountForm.sendCode') }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  const sms = await latestSmsCode(request, shopper.mobile, 'password');
  await code.fill(sms.code);
  await submit.click();

  await expect(page.getByRole('heading', { name: zh('userCenter.password.success.title') })).toBeVisible();
  const successAt = Date.now();
  await expect(page.getByText(/\d 秒后自动跳转到商城首页/)).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: PASSWORD_SUCCESS_REDIRECT_MS + 5_000 });
  expect(Date.now() - successAt).toBeGreaterThan(PASSWORD_SUCCESS_REDIRECT_MS - 1_000);

  // Every session was revoked: the home page is logged out, the old password no longer works.
  await expect(topBar(page).getByRole('button', { name: zh('layout.topBar.login') })).toBeVisible();
  const old = await request.post(`${API_URL}/login`, { data: { userName: shopper.userName, passWord: encryptPassword(shopper.password) } });
  expect(old.status()).toBe(400);
  await loginWithPassword(page, shopper.userName, newPassword);
  await expectLoggedInAs(page, shopper.nickName);
});

test('a visitor recovers a forgotten password by phone and logs in with the new one', async ({ page, request }) => {
  test.setTimeout(150_000);
  const shopper = await registerShopper(request);
  const registeredAt = Date.now();
  const newPassword = 'Recovered_pw4';

  await openPage(page, '/forget-password');
  await expect(page.getByRole('heading', { level: 1, name: zh('forgetPassword.title') })).toBeVisible();
  const currentStep = page.locator('.step-indicator [aria-current="step"]');
  await expect(currentStep).toContainText(zh('forgetPassword.step.verifyPhone'));

  const phone = page.getByLabel(zh('accountForm.mobile'), { exact: true });
  // An unknown phone is refused by the server, and the message shows under the field.
  await phone.fill(uniquePhone());
  await page.getByRole('button', { name: zh('accountForm.sendCode') }).click();
  await expect(page.getByText(zh('errors.account.phoneNotRegistered'))).toBeVisible();

  await phone.fill(shopper.mobile);
  await waitForSmsLock(page, registeredAt);
  await page.getByRole('button', { name: zh('accountForm.sendCode') }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  const sms = await latestSmsCode(request, shopper.mobile, 'password');
  await page.getByLabel(zh('accountForm.code'), { exact: true }).fill(sms.code);
  await page.getByRole('button', { name: zh('accountForm.next') }).click();

  await expect(currentStep).toContainText(zh('forgetPassword.step.resetPassword'));
  const submit = page.getByRole('button', { name: zh('forgetPassword.submit') });
  await page.getByLabel(zh('accountForm.password'), { exact: true }).fill(newPassword);
  await page.getByLabel(zh('accountForm.confirmPassword'), { exact: true }).fill(`${newPassword}!`);
  await submit.click();
  await expect(page.locator('.account-form [role="alert"]')).toHaveText([zh('validation.confirmMismatch')]);
  await page.getByLabel(zh('accountForm.confirmPassword'), { exact: true }).fill(newPassword);
  await submit.click();

  await expect(currentStep).toContainText(zh('forgetPassword.step.done'));
  await expect(page.getByRole('heading', { name: zh('forgetPassword.success.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: zh('passwordSuccess.now') })).toHaveAttribute('href', '/');
  await page.waitForURL((url) => url.pathname === '/', { timeout: PASSWORD_SUCCESS_REDIRECT_MS + 5_000 });

  await loginWithPassword(page, shopper.userName, newPassword);
  await expectLoggedInAs(page, shopper.nickName);
});
