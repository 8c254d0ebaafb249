// Issue 10, journey 1 (this part): a new shopper applies for a store with four images, staff
// reject it in the platform console with a reason, the shopper edits and resubmits, staff approve,
// the shopper sets the store account with an SMS code, and logs into the merchant center with it.
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { latestSmsCode, openPage, registerShopper, topBar, useToken, waitForSmsLock, zh, test } from './support.ts';

const PLATFORM_URL = process.env.BAZAAR_E2E_PLATFORM_URL ?? 'http://127.0.0.1:13002';
const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
/** A 1x1 PNG; the API decodes and re-encodes every upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function staffLogin(console: Page): Promise<void> {
  await console.goto(`${PLATFORM_URL}/`);
  await expectNoSeriousA11yViolations(console, 'platform login');
  await console.getByLabel('管理账号').fill('admin');
  await console.getByLabel('密码').fill('admin12345');
  await console.getByRole('button', { name: '登 录' }).or(console.getByRole('button', { name: '登录' })).click();
  await expect(console.getByRole('heading', { name: '开店申请' })).toBeVisible();
  await expectNoSeriousA11yViolations(console, 'platform applications');
}

/** The queue row of this store, after reloading the queue. */
async function queueRow(console: Page, shopName: string) {
  await console.reload();
  const row = console.getByRole('row').filter({ hasText: shopName });
  await expect(row).toBeVisible();
  return row;
}

test('a shopper applies, is rejected with a reason, resubmits, is approved and sets the store account', async ({ page, context, request, baseURL }) => {
  test.setTimeout(180_000);
  const shopper = await registerShopper(request);
  const registeredAt = Date.now();
  await useToken(context, baseURL!, shopper.token);

  // The shop entry of a shopper who never applied opens the application.
  await openPage(page, '/');
  await topBar(page).getByRole('link', { name: zh('layout.topBar.myStore') }).click();
  await expect(page).toHaveURL(/\/user-center\/uc-freeshop$/);
  await expect(page.getByText(zh('shopApply.mapNoKey'))).toBeVisible();

  // Section 5's rules are checked before anything is sent.
  const form = page.locator('form.shop-apply');
  await form.getByRole('button', { name: zh('shopApply.submit') }).click();
  await expect(form.getByText(zh('shopApply.errors.nameRequired'))).toBeVisible();

  const shopName = `Qa${Date.now() % 1_000_000}`;
  await form.getByLabel(zh('shopApply.fields.shopName')).fill(`${shopName}!`);
  await form.getByRole('button', { name: zh('shopApply.submit') }).click();
  await expect(form.getByText(zh('shopApply.errors.nameSpecial'))).toBeVisible();
  await form.getByLabel(zh('shopApply.fields.shopName')).fill(shopName);
  await form.getByLabel(zh('shopApply.fields.tel')).fill('13912345678');
  await form.getByLabel(zh('address.form.province')).selectOption({ label: '浙江省' });
  await form.getByLabel(zh('address.form.city')).selectOption({ label: '杭州市' });
  await form.getByLabel(zh('address.form.area')).selectOption({ label: '上城区' });
  // The pin starts at the province's seat (no map key here).
  await expect(form.getByLabel(zh('shopApply.fields.lat'))).toHaveValue('30.2741');
  await form.getByLabel(zh('shopApply.fields.shopAddress')).fill('西湖路 8 号');
  await form.getByLabel(zh('shopApply.fields.intro')).fill('西湖龙井，产地直发，手工炒制。');

  // A wrong format is refused with the specification's message before upload.
  const files = form.locator('input[type=file]');
  await files.nth(1).setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(form.getByText(zh('validation.imageFormat'))).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await files.nth(i).setInputFiles({ name: `image-${i}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(form.locator('.image-field__preview img').nth(i)).toBeVisible();
  }
  await form.getByRole('button', { name: zh('shopApply.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: zh('shopApply.status.reviewing') })).toBeVisible();

  // Staff reject it with a reason in the console.
  const console = await context.newPage();
  await staffLogin(console);
  let row = await queueRow(console, shopName);
  await row.getByRole('button', { name: /^驳\s?回$/ }).click();
  const dialog = console.getByRole('dialog');
  await dialog.getByLabel('驳回原因').fill('营业执照照片不清晰，请重新上传');
  await dialog.getByRole('button', { name: /驳\s?回/ }).click();
  await expect(dialog).toBeHidden();

  // The shopper sees the reason, edits and resubmits.
  await page.reload();
  await expect(page.getByText(zh('shopApply.reason', { reason: '营业执照照片不清晰，请重新上传' }))).toBeVisible();
  await files.nth(1).setInputFiles({ name: 'licence-2.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('button', { name: zh('shopApply.reupload') }).nth(1)).toBeEnabled();
  await form.getByLabel(zh('shopApply.fields.shopName')).fill(`${shopName}B`);
  await form.getByRole('button', { name: zh('shopApply.resubmit') }).click();
  await expect(page.getByRole('status').filter({ hasText: zh('shopApply.status.reviewing') })).toBeVisible();

  // Staff see the documents and approve.
  row = await queueRow(console, `${shopName}B`);
  await row.getByRole('button', { name: /^查\s?看$/ }).click();
  await expect(console.getByRole('img', { name: '营业执照' })).toBeVisible();
  await console.keyboard.press('Escape');
  await row.getByRole('button', { name: /通\s?过/ }).click();
  await console.getByRole('tooltip').getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(row).toBeHidden();
  await console.getByText('操作日志').click();
  await expect(console.getByRole('row').filter({ hasText: '通过开店申请' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(console, 'platform audit log');

  // The shopper's store is open; the store account is set with an SMS code.
  await openPage(page, '/user-center/uc-shopaccount');
  const accountForm = page.locator('form.shop-account-form');
  await accountForm.getByLabel(zh('shopAccount.username')).fill(shopper.mobile);
  await waitForSmsLock(page, registeredAt);
  await accountForm.getByRole('button', { name: zh('accountForm.sendCode') }).click();
  const { code } = await latestSmsCode(request, shopper.mobile, 'shopAccount');
  await accountForm.getByLabel(zh('shopAccount.code')).fill(code);
  await accountForm.getByLabel(zh('shopAccount.password'), { exact: true }).fill('shop2026');
  await accountForm.getByLabel(zh('shopAccount.confirmPassword')).fill('shop2026');
  await accountForm.getByRole('button', { name: zh('shopAccount.save') }).click();
  await expect(page.getByText(zh('shopAccount.current', { username: shopper.mobile }))).toBeVisible();

  // The store account logs into the merchant center, which names the shop.
  const merchant = await context.newPage();
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(shopper.mobile);
  await merchant.getByLabel('密码').fill('shop2026');
  await merchant.getByRole('button', { name: '登 录' }).or(merchant.getByRole('button', { name: '登录' })).click();
  await expect(merchant.getByTestId('shop-name')).toHaveText(` · ${shopName}B`);
});
