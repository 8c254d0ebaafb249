import { expect } from '@playwright/test';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { en, openPage, registerShopper, topBar, useToken, test } from './support.ts';

// A real 2x2 PNG (red pixels).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

test('account info: nickname and gender are saved; images are checked before upload; a valid avatar is shown', async ({ page, context, request, baseURL }) => {
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/p/file/upload/img')) uploads.push(r.url());
  });

  await openPage(page, '/user-center/uc-account?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: en('userCenter.account.title') })).toBeVisible();

  // Nickname and gender.
  const nickName = `Nick${shopper.mobile.slice(-4)}`;
  const nick = page.getByLabel(en('userCenter.account.nickName'), { exact: true });
  await expect(nick).toHaveValue(shopper.nickName);
  await nick.fill('');
  await page.getByRole('button', { name: en('userCenter.account.save') }).click();
  await expect(page.locator('.account-form [role="alert"]')).toHaveText([en('validation.nicknameRequired')]);
  await nick.fill(nickName);
  await page.getByRole('radio', { name: en('userCenter.account.female') }).check();
  await page.getByLabel(en('userCenter.account.birthDate'), { exact: true }).fill('1995-06-15');
  await page.getByRole('button', { name: en('userCenter.account.save') }).click();
  await expect(page.getByRole('region', { name: en('toast.label') })).toContainText(en('userCenter.account.saved'));
  await expect(topBar(page).getByText(en('layout.topBar.hello', { name: nickName }))).toBeVisible();

  // Wrong format and too big: refused in the page, nothing is uploaded.
  const file = page.locator('input[type="file"]');
  await expect(page.getByRole('button', { name: en('userCenter.account.upload'), exact: true })).toBeEnabled();
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Upload the image in the incorrect format, please re-upload!')).toBeVisible();
  await file.setInputFiles({ name: 'picture.webp', mimeType: 'image/webp', buffer: PNG });
  await expect(page.getByText('Upload the image in the incorrect format, please re-upload!')).toBeVisible();
  await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]) });
  await expect(page.getByText('The size of the uploaded image cannot exceed 2MB!')).toBeVisible();
  expect(uploads).toHaveLength(0);

  // A valid PNG is uploaded, previewed, saved and shown after a reload.
  await file.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  const preview = page.getByRole('img', { name: en('userCenter.account.avatarPreviewAlt') });
  await expect(preview).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.png$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  expect(uploads).toHaveLength(1);
  const src = await preview.getAttribute('src');
  await page.getByRole('button', { name: en('userCenter.account.save') }).click();
  await expect(page.getByRole('region', { name: en('toast.label') })).toContainText(en('userCenter.account.saved'));

  await page.reload();
  const avatar = page.getByRole('img', { name: en('userCenter.account.avatarAlt') });
  await expect(avatar).toHaveAttribute('src', src!);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await expect(page.getByRole('radio', { name: en('userCenter.account.female') })).toBeChecked();
  await expect(page.getByLabel(en('userCenter.account.nickName'), { exact: true })).toHaveValue(nickName);
  await expect(page.getByLabel(en('userCenter.account.birthDate'), { exact: true })).toHaveValue('1995-06-15');

  // The overview shows the same user and the order tiles.
  await openPage(page, '/user-center');
  await expect(page.getByRole('heading', { level: 1, name: en('userCenter.index.greeting', { name: nickName }) })).toBeVisible();
  // Unpaid, grouping (group-buy teams filling), to ship, to receive, to review, after-sales.
  await expect(page.locator('.uc-tile[data-order-status]')).toHaveCount(6);
  await expect(page.locator('.uc-tile[data-order-status="grouping"]')).toBeVisible();
  await expect(page.locator('.uc-tile[data-order-status="unPay"]')).toContainText(en('userCenter.index.order.unPay'));
  await expect(page.getByText(en('userCenter.index.shopStatus.none'))).toBeVisible();
});

test('the user center asks a visitor to log in; closing the popup goes home', async ({ page }) => {
  await openPage(page, '/user-center/uc-account?lang=en');
  const dialog = page.getByRole('dialog', { name: en('login.dialog.title') });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { name: en('userCenter.login.title') })).toBeVisible();
  await page.keyboard.press('Escape');
  // Home in the page's language: ?lang=en led to the /en address, so home is /en (decision 020).
  await expect(page).toHaveURL(/\/en$/);
});
