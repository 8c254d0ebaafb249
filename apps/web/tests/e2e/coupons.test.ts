// Coupons (issue 11 §2): a shopper receives a platform coupon in the coupon center and a shop coupon
// on a product page; at checkout the best coupons are preselected, the shopper switches the
// platform one off and submits; the order detail shows the discount and the payable amount; the
// order is cancelled and the coupon is back under "unused" in my coupons.
import { expect } from '@playwright/test';
import { z } from 'zod';
import { CouponCardSchema, type CouponCard } from '@bazaar/shared/schemas/coupon';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { checkOpenedPage } from './axe.ts';
import { API_URL, en, openPage, registerShopper, useToken, zh, test } from './support.ts';
import { addAddressByApi, ok, orderDetail } from './order-support.ts';

const yuan = (fen: number) => new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(fen / 100);

test('zh: receive coupons, see the best ones at checkout, switch, submit, cancel and get the coupon back', async ({ page, request, context, baseURL }) => {
  test.setTimeout(120_000);
  // A physical product in stock with a shop coupon for it whose threshold its price reaches.
  const search = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100&hasStock=1`)));
  let found: { prodId: number; skuId: number; shopCoupon: CouponCard } | null = null;
  for (const card of [...search.records].sort((a, b) => b.price - a.price)) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks >= 5);
    if (product.prodType !== 0 || product.mold !== 0 || !sku) continue;
    const offered = z.array(CouponCardSchema).parse(await ok(request.get(`${API_URL}/coupon/listByProdId?shopId=${product.shopId}&prodId=${product.prodId}`)));
    const shopCoupon = offered.find((c) => c.shopId > 0 && c.state === 'receivable' && c.cashCondition * 2 <= sku.price);
    if (shopCoupon) {
      found = { prodId: product.prodId, skuId: sku.skuId, shopCoupon };
      break;
    }
  }
  expect(found, 'a product with a shop coupon').not.toBeNull();
  const { prodId, skuId, shopCoupon } = found!;
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  await useToken(context, baseURL!, shopper.token);

  // The coupon center, platform tab: receive the storewide coupon.
  await openPage(page, '/coupons?shopType=1&couponType=0');
  await expect(page.getByRole('heading', { level: 1, name: zh('coupon.center.title') })).toBeVisible();
  await checkOpenedPage(page);
  const storewide = page.locator('article.coupon-ticket').filter({ hasText: '全场通用券 满199减20' });
  await storewide.getByRole('button', { name: zh('coupon.card.receive') }).click();
  await expect(page.getByRole('region', { name: zh('toast.label') })).toContainText(zh('coupon.card.receivedToast'));
  await expect(storewide.getByRole('button', { name: zh('coupon.card.received') })).toBeDisabled();
  await expect(page.locator('article.coupon-ticket').filter({ hasText: '限量神券' }).getByRole('button', { name: zh('coupon.card.soldOut') })).toBeDisabled();

  // The product page's coupon row: receive the shop coupon.
  await openPage(page, `/detail/${prodId}`);
  const row = page.getByRole('region', { name: zh('coupon.product.title') });
  await row.getByRole('button', { name: zh('coupon.product.show') }).click();
  const ticket = row.locator('article.coupon-ticket').filter({ hasText: shopCoupon.couponName });
  await ticket.getByRole('button', { name: zh('coupon.card.receive') }).click();
  await expect(ticket.getByRole('button', { name: zh('coupon.card.received') })).toBeDisabled();

  // Checkout: both preselected; the platform coupon is switched off, the shop coupon stays.
  await openPage(page, `/submit-order?prodId=${prodId}&skuId=${skuId}&prodCount=1`);
  const shopPicker = page.getByRole('group', { name: new RegExp(zh('coupon.checkout.shopCoupon')) });
  const platformPicker = page.getByRole('group', { name: zh('coupon.checkout.platformCoupon') });
  await expect(shopPicker.getByRole('radio', { name: new RegExp(shopCoupon.couponName.replace(/[()（）]/g, '.')) })).toBeChecked();
  await expect(platformPicker.getByRole('radio', { name: /全场通用券/ })).toBeChecked();
  await checkOpenedPage(page);
  // The choice is the server's answer: the radio turns once the checkout is priced again.
  await platformPicker.getByRole('radio', { name: zh('coupon.checkout.none') }).click();
  await expect(platformPicker.getByRole('radio', { name: zh('coupon.checkout.none') })).toBeChecked();
  await expect(shopPicker.getByRole('radio', { name: new RegExp(shopCoupon.couponName.replace(/[()（）]/g, '.')) })).toBeChecked();
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNumbers')!;

  // The order detail: the discount (the shop coupon's) and the payable amount.
  const detail = await orderDetail(request, shopper.token, orderNumber);
  expect(detail.reduceAmount).toBeGreaterThan(0);
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  const fees = page.locator('.order-detail__fees');
  await expect(fees).toContainText(`-${yuan(detail.reduceAmount)}`);
  await expect(fees).toContainText(yuan(detail.actualTotal));

  // Cancel it: the shop coupon is unused again.
  await openPage(page, '/user-center/uc-order?status=1');
  await page.getByRole('button', { name: `${zh('orders.actions.cancel')} ${orderNumber}` }).click();
  await page.getByRole('dialog', { name: zh('orders.confirmCancel.title') }).getByRole('button', { name: zh('orders.confirmCancel.confirm') }).click();
  await expect(page.getByRole('region', { name: zh('toast.label') })).toContainText(zh('orders.cancelled'));
  // The user center counts the coupons to use, and its tile leads to them.
  await openPage(page, '/user-center');
  const assets = page.getByRole('region', { name: zh('points.overview.title') });
  await expect(assets.getByTestId('uc-coupons')).toHaveText('2');
  await assets.getByRole('link', { name: zh('coupon.mine.menu') }).click();
  await expect(page).toHaveURL(/\/user-center\/uc-coupons$/);
  await openPage(page, '/user-center/uc-coupons');
  await expect(page.getByRole('link', { name: zh('coupon.mine.tabs.1', { count: 2 }) })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.coupon-grid--mine')).toContainText(shopCoupon.couponName);
  await checkOpenedPage(page);
});

test('en: the coupon center and my coupons in English, axe-clean', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/en/coupons');
  await expect(page.getByRole('heading', { level: 1, name: en('coupon.center.title') })).toBeVisible();
  await checkOpenedPage(page);
  await openPage(page, '/en/user-center/uc-coupons');
  await expect(page.getByRole('link', { name: en('coupon.mine.tabs.1', { count: 0 }) })).toBeVisible();
  await expect(page.getByText(en('coupon.mine.empty.1'))).toBeVisible();
  await checkOpenedPage(page);
});
