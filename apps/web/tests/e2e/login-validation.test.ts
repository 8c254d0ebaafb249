import { expect } from '@playwright/test';
import { openLoginPopup, openPage, registerShopper, uniquePhone, zh, test } from './support.ts';

test('the account tab checks the account, then the password, then consent; a wrong password shows the server message', async ({ page, request }) => {
  const shopper = await registerShopper(request);
  await openPage(page, '/');
  const dialog = await openLoginPopup(page);
  await dialog.getByRole('tab', { name: zh('login.tabs.account') }).click();
  const account = dialog.getByLabel(zh('login.fields.account'), { exact: true });
  const password = dialog.getByLabel(zh('login.fields.password'), { exact: true });
  const submit = dialog.getByRole('button', { name: zh('login.submit') });
  const alerts = dialog.locator('[role="alert"]');

  await account.fill('a!');
  await password.fill('whatever1');
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.accountInvalid')]);

  await account.fill(shopper.userName);
  await password.fill('');
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.passwordRequired')]);

  await password.fill('Wrong_pw9');
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.agreeTerms')]);

  await dialog.getByRole('checkbox').check();
  await submit.click();
  await expect(alerts).toHaveCount(0);
  await expect(page.getByRole('region', { name: zh('toast.label') })).toContainText(zh('errors.account.wrongCredentials'));
  await expect(dialog).toBeVisible();
});

test('the mobile tab checks the phone, then the code; the SMS button is locked for 60 seconds', async ({ page, request }) => {
  await openPage(page, '/');
  const dialog = await openLoginPopup(page);
  await dialog.getByRole('tab', { name: zh('login.tabs.mobile') }).click();
  const mobile = dialog.getByLabel(zh('login.fields.mobile'), { exact: true });
  const submit = dialog.getByRole('button', { name: zh('login.submit') });
  const alerts = dialog.locator('[role="alert"]');

  await mobile.fill('1234');
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.phoneInvalid')]);

  const phone = uniquePhone();
  await mobile.fill(phone);
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.codeRequired')]);

  await dialog.getByRole('button', { name: zh('login.sendCode') }).click();
  const locked = dialog.getByRole('button', { name: /\d+ 秒后重新获取/ });
  await expect(locked).toBeDisabled();
  await expect(locked).toHaveText(/^(60|59|58) 秒后重新获取$/);
  // It keeps counting down, one second at a time.
  await expect(locked).toHaveText(/^(5[0-7]) 秒后重新获取$/, { timeout: 5_000 });
  // The code really went out (sandbox inbox).
  const inbox = await request.get(`${process.env.BAZAAR_E2E_API_URL}/sandbox/sms/messages`);
  expect(((await inbox.json()) as Array<{ mobile: string; purpose: string }>).some((m) => m.mobile === phone && m.purpose === 'login')).toBe(true);
});
