import { expect, type Page } from '@playwright/test';
import { en, openPage, registerShopper, useToken, zh, test } from './support.ts';

function cards(page: Page) {
  return page.getByRole('list', { name: en('address.title') }).getByRole('listitem');
}

async function pickRegion(page: Page, province: string, city: string, district: string | null) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(en('address.form.province')).selectOption({ label: province });
  await expect(dialog.getByLabel(en('address.form.city'))).toBeEnabled();
  await dialog.getByLabel(en('address.form.city')).selectOption({ label: city });
  if (district) {
    await expect(dialog.getByLabel(en('address.form.area'))).toBeEnabled();
    await dialog.getByLabel(en('address.form.area')).selectOption({ label: district });
  } else {
    await expect(dialog.getByLabel(en('address.form.area'))).toBeDisabled();
  }
}

test('a shopper adds, edits, defaults and deletes delivery addresses', async ({ page, context, request, baseURL }) => {
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/user-center/uc-address?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: en('address.title') })).toBeVisible();
  await expect(page.getByText(en('address.empty'))).toBeVisible();

  // The form checks in the specification's order, one message at a time.
  await page.getByRole('button', { name: en('address.add') }).click();
  const dialog = page.getByRole('dialog', { name: en('address.form.addTitle') });
  await expect(dialog).toBeVisible();
  // The region boxes read as words ("SelectProvince" once).
  await expect(dialog.getByLabel(en('address.form.province')).locator('option').first()).toHaveText('Select Province');
  await expect(dialog.getByLabel(en('address.form.city')).locator('option').first()).toHaveText('Select City');
  await dialog.getByRole('button', { name: en('address.form.save') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en('address.errors.receiverRequired'));
  await dialog.getByLabel(en('address.receiverLabel'), { exact: true }).fill('Zhang San');
  await dialog.getByLabel(en('address.mobileLabel'), { exact: true }).fill('2391234567');
  await dialog.getByRole('button', { name: en('address.form.save') }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Malformed phone number');
  await dialog.getByLabel(en('address.mobileLabel'), { exact: true }).fill('13912345678');
  await dialog.getByRole('button', { name: en('address.form.save') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en('address.errors.regionRequired'));
  await pickRegion(page, 'Zhejiang', 'Hangzhou', 'Xihu District');
  await dialog.getByRole('button', { name: en('address.form.save') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en('address.errors.addrRequired'));
  await dialog.getByLabel(en('address.addrLabel'), { exact: true }).fill('90 Wensan Road, Room 302');
  await dialog.getByRole('button', { name: en('address.form.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Zhejiang Hangzhou Xihu District 90 Wensan Road, Room 302');
  await expect(cards(page).first()).toContainText(en('address.default'));

  // Region names are English on English pages (the divisions' pinyin names).
  // A second address in a city without districts.
  await page.getByRole('button', { name: en('address.add') }).click();
  await dialog.getByLabel(en('address.receiverLabel'), { exact: true }).fill('Li Si');
  await dialog.getByLabel(en('address.mobileLabel'), { exact: true }).fill('13800001111');
  await pickRegion(page, 'Guangdong', 'Dongguan', null);
  await dialog.getByLabel(en('address.addrLabel'), { exact: true }).fill('1 Songshan Lake Avenue');
  await dialog.getByRole('button', { name: en('address.form.save') }).click();
  await expect(cards(page)).toHaveCount(2);
  const liSi = cards(page).filter({ hasText: 'Li Si' });
  await expect(liSi).toContainText('Guangdong Dongguan 1 Songshan Lake Avenue');
  await expect(liSi).not.toContainText(en('address.default'));

  // Edit it, then make it the default: it moves to the top.
  await page.getByRole('button', { name: `${en('address.edit')} Li Si` }).click();
  const edit = page.getByRole('dialog', { name: en('address.form.editTitle') });
  await expect(edit.getByLabel(en('address.receiverLabel'), { exact: true })).toHaveValue('Li Si');
  await edit.getByLabel(en('address.receiverLabel'), { exact: true }).fill('Li Si Jr');
  await edit.getByRole('button', { name: en('address.form.save') }).click();
  await expect(edit).toBeHidden();
  await cards(page).filter({ hasText: 'Li Si Jr' }).getByRole('button', { name: en('address.setDefault') }).click();
  await expect(cards(page).first()).toContainText('Li Si Jr');
  await expect(cards(page).first()).toContainText(en('address.default'));
  await expect(cards(page).filter({ hasText: 'Zhang San' })).not.toContainText(en('address.default'));

  // Delete the default after confirming: the other one becomes the default; survives a reload.
  await page.getByRole('button', { name: `${en('address.delete')} Li Si Jr` }).click();
  await page.getByRole('dialog', { name: en('address.confirmDelete.title') }).getByRole('button', { name: en('address.confirmDelete.confirm') }).click();
  await expect(cards(page)).toHaveCount(1);
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Zhang San');
  await expect(cards(page).first()).toContainText(en('address.default'));
});

test('the address page speaks Chinese by default and sends visitors to sign in', async ({ page, context, request, baseURL }) => {
  await openPage(page, '/user-center/uc-address');
  await expect(page.getByRole('heading', { level: 1, name: zh('address.title') })).toHaveCount(0);
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/user-center/uc-address');
  await expect(page.getByRole('heading', { level: 1, name: zh('address.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: zh('address.menu') })).toHaveAttribute('aria-current', 'page');
});
