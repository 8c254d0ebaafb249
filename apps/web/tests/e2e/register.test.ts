import { expect } from '@playwright/test';
import {
  expectLoggedInAs,
  latestSmsCode,
  loginDialog,
  loginWithPassword,
  openPage,
  logoutFromTopBar,
  openLoginPopup,
  topBar,
  uniqueAccount,
  uniquePhone,
  waitForSmsLock,
  zh,
  test,
} from './support.ts';

test('a visitor registers in three steps, then logs in by account and by SMS code', async ({ page, request }) => {
  test.setTimeout(150_000);
  const mobile = uniquePhone();
  const userName = uniqueAccount('reg');
  const password = 'Reg_pw123';
  const nickName = `新人${mobile.slice(-4)}`;

  await openPage(page, '/register');
  await expect(page.getByRole('heading', { level: 1, name: zh('register.title') })).toBeVisible();
  const currentStep = page.locator('.step-indicator [aria-current="step"]');
  await expect(currentStep).toContainText(zh('register.step.verifyPhone'));

  // Step 1: the phone is checked before a code is sent; a server refusal is shown under the field.
  const phone = page.getByLabel(zh('accountForm.mobile'), { exact: true });
  const sendCode = page.getByRole('button', { name: zh('accountForm.sendCode') });
  await phone.fill('2380000000');
  await sendCode.click();
  await expect(page.getByText(zh('validation.phoneInvalid'))).toBeVisible();
  await phone.fill('13800000001'); // the demo shopper's phone is taken
  await sendCode.click();
  await expect(page.getByText(zh('errors.account.phoneRegistered'))).toBeVisible();

  await phone.fill(mobile);
  await sendCode.click();
  const sentAt = Date.now();
  const lockedButton = page.getByRole('button', { name: /\d+ 秒后重新获取/ });
  await expect(lockedButton).toBeDisabled();
  await expect(lockedButton).toHaveText(/^(60|59|58) 秒后重新获取$/);
  const next = page.getByRole('button', { name: zh('accountForm.next') });
  await next.click();
  await expect(page.getByText(zh('validation.codeRequired'))).toBeVisible();
  const { code } = await latestSmsCode(request, mobile, 'register');
  await page.getByLabel(zh('accountForm.code'), { exact: true }).fill(code);
  await next.click();

  // Step 2: account, password, confirmation and nickname, one problem at a time in the spec's order.
  await expect(currentStep).toContainText(zh('register.step.accountInfo'));
  await expect(page.getByText(zh('register.verifiedPhone', { mobile }))).toBeVisible();
  const submit = page.getByRole('button', { name: zh('register.submit') });
  const account = page.getByLabel(zh('register.fields.userName'), { exact: true });
  const pw = page.getByLabel(zh('register.fields.password'), { exact: true });
  const confirm = page.getByLabel(zh('accountForm.confirmPassword'), { exact: true });
  const nick = page.getByLabel(zh('register.fields.nickName'), { exact: true });
  const alerts = page.locator('.account-form [role="alert"]');

  await account.fill('ab');
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.accountInvalid')]);
  await account.fill(userName);
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.passwordRequired')]);
  await pw.fill('123456');
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.passwordRule')]);
  // Over-long input stays as typed and is refused with the rule's message, never cut to length
  // (a pasted 21-character password used to register as its first 20).
  const pasted = 'Reg_pw1234567890abcde';
  expect(pasted).toHaveLength(21);
  await pw.fill(pasted);
  await expect(pw).toHaveValue(pasted);
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.passwordRule')]);
  await pw.fill(password);
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.confirmRequired')]);
  await confirm.fill(`${password}x`);
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.confirmMismatch')]);
  await confirm.fill(password);
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.nicknameRequired')]);
  await nick.fill('长'.repeat(16));
  await expect(nick).toHaveValue('长'.repeat(16));
  await submit.click();
  await expect(alerts).toHaveText([zh('validation.nicknameTooLong')]);
  await nick.fill(nickName);
  await submit.click();

  // Step 3: done, logged in, links home and to the user center.
  await expect(currentStep).toContainText(zh('register.step.done'));
  await expect(page.getByRole('heading', { name: zh('register.done.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: zh('register.done.home') })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: zh('register.done.userCenter') })).toHaveAttribute('href', '/user-center');
  await expectLoggedInAs(page, nickName);

  // Registering again while logged in is not offered.
  await openPage(page, '/register');
  await expect(page.getByRole('heading', { name: zh('register.alreadyLoggedIn.title') })).toBeVisible();
  await expect(page.getByLabel(zh('accountForm.mobile'), { exact: true })).toHaveCount(0);

  // Log out, log in with the new account name and password.
  await openPage(page, '/');
  await logoutFromTopBar(page);
  await loginWithPassword(page, userName, password);
  await expectLoggedInAs(page, nickName);
  await logoutFromTopBar(page);

  // Log in by SMS: the mobile tab, a code from the sandbox inbox.
  await waitForSmsLock(page, sentAt);
  const dialog = await openLoginPopup(page);
  await dialog.getByRole('tab', { name: zh('login.tabs.mobile') }).click();
  await dialog.getByLabel(zh('login.fields.mobile'), { exact: true }).fill(mobile);
  await dialog.getByRole('button', { name: zh('login.sendCode') }).click();
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  const login = await latestSmsCode(request, mobile, 'login');
  await dialog.getByLabel(zh('login.fields.code'), { exact: true }).fill(login.code);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: zh('login.submit') }).click();
  await expect(loginDialog(page)).toBeHidden();
  await expectLoggedInAs(page, nickName);
  await expect(topBar(page).getByRole('button', { name: zh('layout.topBar.login') })).toHaveCount(0);
});
