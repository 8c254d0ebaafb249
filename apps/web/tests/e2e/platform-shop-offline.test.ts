// Issue 10, journey 3: staff take a shop offline in the platform console with a reason; the
// storefront shows the offline message on the owner's shop entry and on the shop's page, the
// shop's products cannot be found or bought; staff reopen it and everything is back. The shop is
// the seed's own silk shop (apps/server/src/db/seed/staff-queues.ts), which no other journey uses.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { settled, staffLogin, staffToken } from './platform-console.ts';
import { API_URL, loginByApi, openPage, registerShopper, topBar, useToken, zh, test } from './support.ts';

const SILK_SHOP = '苏绣丝语';
const REASON = '抽检发现真丝含量不达标，整改期间暂停营业';

test('staff take a shop offline: its entry and page say so and its products cannot be bought; staff reopen it', async ({ page, context, request, baseURL }) => {
  test.setTimeout(240_000);
  const found = await request.get(`${API_URL}/shop/searchShops?shopName=${encodeURIComponent(SILK_SHOP)}`);
  const shopId = ((await found.json()) as { records: Array<{ shopId: number }> }).records[0]!.shopId;
  try {
    const listed = SearchPageSchema.parse(await (await request.get(`${API_URL}/search/page?shopId=${shopId}&size=20`)).json());
    expect(listed.total).toBeGreaterThan(0);
    const product = ProductDetailSchema.parse(await (await request.get(`${API_URL}/prod/prodInfo?prodId=${listed.records[0]!.prodId}`)).json());
    const sku = product.skuList[0]!;
    const shopper = await registerShopper(request);
    const cart = await request.post(`${API_URL}/p/shopCart/changeItem`, {
      headers: { Authorization: shopper.token },
      data: { basketId: 0, prodId: product.prodId, skuId: sku.skuId, shopId, count: 1 },
    });
    expect(cart.status(), await cart.text()).toBe(200);

    // Staff find the shop and take it offline with a reason.
    const console = await context.newPage();
    await staffLogin(console, 'ops01');
    await console.getByRole('menuitem', { name: '店铺管理' }).click();
    await expect(console.getByRole('heading', { name: '店铺管理' })).toBeVisible();
    await console.getByRole('searchbox', { name: '店铺名称或编号' }).or(console.getByLabel('店铺名称或编号')).fill(SILK_SHOP);
    await console.getByRole('button', { name: /搜\s?索/ }).click();
    await console.mouse.move(0, 0);
    const row = console.getByRole('row').filter({ hasText: SILK_SHOP });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('营业中')).toBeVisible();
    await settled(console);
    await expectNoSeriousA11yViolations(console, 'platform shops');
    await row.getByRole('button', { name: '下线' }).or(row.getByRole('button', { name: '下 线' })).click();
    const dialog = console.getByRole('dialog');
    await dialog.getByRole('button', { name: /下\s?线/ }).click();
    await expect(dialog.getByText('请填写下线原因')).toBeVisible();
    await dialog.getByLabel('原因').fill(REASON);
    await expectNoSeriousA11yViolations(console, 'platform take a shop offline');
    await dialog.getByRole('button', { name: /下\s?线/ }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('已下线')).toBeVisible();
    await expect(row.getByText(`下线原因：${REASON}`)).toBeVisible();

    // The owner's shop entry and the shop's page say it is offline.
    await useToken(context, baseURL!, await loginByApi(request, 'silkowner', 'bazaar123'));
    await openPage(page, '/');
    await topBar(page).getByRole('link', { name: zh('layout.topBar.myStore') }).click();
    await expect(page.getByRole('region', { name: zh('toast.label') })).toContainText(zh('layout.topBar.storeOffline'));
    await openPage(page, `/shopIndex?sid=${shopId}`);
    await expect(page.getByRole('heading', { level: 1, name: zh('store.offline.title') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'offline store page');

    // Its products are gone and cannot be bought.
    await useToken(context, baseURL!, shopper.token);
    await openPage(page, `/detail/${product.prodId}`);
    await expect(page.getByRole('heading', { name: zh('product.missing.title') })).toBeVisible();
    await openPage(page, '/cart');
    const expired = page.getByTestId('cart-expired');
    await expect(expired).toContainText(zh('cartPage.invalid.reasons.shopClosed'));
    const confirm = await request.post(`${API_URL}/p/order/confirm`, {
      headers: { Authorization: shopper.token },
      data: { addrId: 0, uuid: randomUUID(), orderItem: { prodId: product.prodId, skuId: sku.skuId, shopId, prodCount: 1 } },
    });
    expect(confirm.status()).toBe(400);
    expect(SearchPageSchema.parse(await (await request.get(`${API_URL}/search/page?shopId=${shopId}&size=20`)).json()).total).toBe(0);

    // Staff reopen it; the page and the product are back.
    await row.getByRole('button', { name: '重新开店' }).click();
    await console.getByRole('tooltip').getByRole('button', { name: /确\s?定|OK/ }).click();
    await expect(row.getByText('营业中')).toBeVisible();
    await openPage(page, `/shopIndex?sid=${shopId}`);
    await expect(page.getByRole('heading', { name: SILK_SHOP })).toBeVisible();
    await openPage(page, `/detail/${product.prodId}`);
    await expect(page.getByRole('heading', { level: 1, name: product.prodName })).toBeVisible();

    // Both decisions are in the audit log, with who and the change.
    await console.getByRole('menuitem', { name: '操作日志' }).click();
    await expect(console.getByRole('row').filter({ hasText: '下线店铺' }).filter({ hasText: REASON }).first()).toBeVisible();
    await expect(console.getByRole('row').filter({ hasText: '店铺重新开店' }).first()).toBeVisible();
  } finally {
    // Whatever failed, the shop is open again for the next run (a no-op 400 when it is).
    await request.post(`${API_URL}/admin/shops/${shopId}/reopen`, { headers: { Authorization: await staffToken(request, 'ops01') }, data: {} });
  }
});
