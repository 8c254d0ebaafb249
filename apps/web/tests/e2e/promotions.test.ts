// Shop promotions on the storefront (issue 11 §3): a fresh shopper's cart meets a 满减 tier in one
// shop and a 满件折 tier in another (the seed's running promotions, found through the API), sees
// the groups' labels, the hint before the tier is met and the reduced total after; then finds the
// promotions on /special-discount, opens one and adds a product from /discount-detail; a visitor
// gets the login popup instead. In Chinese and English; every page passes axe (openPage).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ProductDetailSchema, type ProductDetail, type Sku } from '@bazaar/shared/schemas/product';
import { CartInfoSchema } from '@bazaar/shared/schemas/cart-view';
import { DiscountProductCardSchema, DiscountSummarySchema, discountTierLabel, type DiscountSummary } from '@bazaar/shared/schemas/shop-promotion';
import { API_URL, openPage, registerShopper, text, useToken, test } from './support.ts';
import { checkOpenedPage } from './axe.ts';

type Lang = 'zh' | 'en';

const yuan = (fen: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100);

const labelsOf = (d: DiscountSummary, lang: Lang) => d.discountItems.map((tier) => discountTierLabel(d.discountRule, d.discountType, tier, lang)).join(lang === 'zh' ? '，' : ', ');

async function runningDeals(request: APIRequestContext, lang: Lang): Promise<DiscountSummary[]> {
  const res = await request.get(`${API_URL}/marking/discount/getDiscountList?size=50`, { headers: { 'Accept-Language': lang } });
  expect(res.status(), await res.text()).toBe(200);
  return pageOf(DiscountSummarySchema).parse(await res.json()).records;
}

interface Pick {
  product: ProductDetail;
  sku: Sku;
}

/** A product of the promotion with one SKU priced below `below` fen and at least `stock` in stock. */
async function dealProduct(request: APIRequestContext, deal: DiscountSummary, lang: Lang, below: number, stock: number): Promise<Pick> {
  const res = await request.get(`${API_URL}/marking/discount/prodList?discountId=${deal.discountId}&size=50`, { headers: { 'Accept-Language': lang } });
  expect(res.status(), await res.text()).toBe(200);
  for (const card of pageOf(DiscountProductCardSchema).parse(await res.json()).records) {
    const info = await request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`, { headers: { 'Accept-Language': lang } });
    if (!info.ok()) continue;
    const product = ProductDetailSchema.parse(await info.json());
    const sku = product.skuList.find((s) => s.price < below && s.price >= 1_000 && (s.stocks === -1 || s.stocks >= stock));
    if (product.prodType === 0 && product.mold === 0 && sku) return { product, sku };
  }
  throw new Error(`no product of ${deal.discountName} below ${below} fen`);
}

async function addToCart(request: APIRequestContext, token: string, pick: Pick, count: number) {
  const res = await request.post(`${API_URL}/p/shopCart/changeItem`, {
    headers: { Authorization: token },
    data: { basketId: 0, prodId: pick.product.prodId, skuId: pick.sku.skuId, shopId: pick.product.shopId, count },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The shop section of the cart page holding a product. */
const shopOf = (page: Page, pick: Pick) => page.getByTestId('cart-shop').filter({ hasText: pick.product.prodName });

for (const lang of ['zh', 'en'] as const) {
  const t = (key: string, v?: Record<string, string | number>) => text(lang, key, v);
  const prefix = lang === 'en' ? '/en' : '';

  test(`${lang}: a cart meets a 满减 tier in one shop and a 满件折 tier in another, and the checkout shows the reductions`, async ({ page, request, context, baseURL }) => {
    test.setTimeout(240_000);
    const deals = await runningDeals(request, lang);
    const ladder = deals.find((d) => d.discountRule === 0 && d.discountType === 0 && d.discountItems.length > 1);
    const pieces = deals.find((d) => d.discountRule === 1 && d.shopId !== ladder?.shopId);
    if (!ladder || !pieces) throw new Error('the seed runs a tiered 满减 and a 满件折 in two shops');
    const firstNeed = ladder.discountItems[0]!.needAmount;
    const food = await dealProduct(request, ladder, lang, firstNeed, 30);
    const tea = await dealProduct(request, pieces, lang, 1_000_000, 5);
    const shopper = await registerShopper(request);
    await addToCart(request, shopper.token, food, 1);
    await addToCart(request, shopper.token, tea, 1);
    await useToken(context, baseURL!, shopper.token);

    // Below every tier: the labels and the hints of what is missing.
    await openPage(page, `${prefix}/cart`);
    const foodShop = shopOf(page, food);
    const teaShop = shopOf(page, tea);
    await expect(foodShop.getByTestId('cart-promotion-labels')).toHaveText(labelsOf(ladder, lang));
    await expect(teaShop.getByTestId('cart-promotion-labels')).toHaveText(labelsOf(pieces, lang));
    const firstReduce = ladder.discountItems[0]!.reduceAmount;
    await expect(foodShop.getByTestId('cart-promotion-hint')).toHaveText(
      t('cartPage.promotion.hintReduce', { missing: yuan(firstNeed - food.sku.price, lang), reduce: lang === 'zh' ? String(firstReduce / 100) : `¥${firstReduce / 100}` }),
    );
    const pieceTier = pieces.discountItems[0]!;
    await expect(teaShop.getByTestId('cart-promotion-hint')).toHaveText(
      t('cartPage.promotion.hintPieces', { count: pieceTier.needAmount - 1, rate: pieceTier.discount!, off: Math.round((10 - pieceTier.discount!) * 10) }),
    );
    await expect(page.getByTestId('cart-promotion-saved')).toHaveCount(0);
    const money = page.locator('.cart-summary__money .price__now');
    await expect(money).toHaveText(yuan(food.sku.price + tea.sku.price, lang));

    // Meet both tiers: more pieces of each line.
    const foodCount = Math.ceil(firstNeed / food.sku.price);
    const quantity = page.getByRole('textbox', { name: t('cartPage.quantity', { name: food.product.prodName }) });
    await quantity.fill(String(foodCount));
    await quantity.press('Enter');
    for (let n = 1; n < pieceTier.needAmount; n++) await page.getByRole('button', { name: t('cartPage.increase', { name: tea.product.prodName }) }).click();

    // The reductions the server answers: the page shows them, and they are what the tiers promise.
    await expect(teaShop.getByTestId('cart-promotion-saved')).toBeVisible();
    await expect(foodShop.getByTestId('cart-promotion-saved')).toBeVisible();
    const info = CartInfoSchema.parse(await (await request.post(`${API_URL}/p/shopCart/info`, { headers: { Authorization: shopper.token, 'Accept-Language': lang }, data: [] })).json());
    const groupOf = (shopId: number) => info.find((s) => s.shopId === shopId)!.shopCartItemDiscounts.find((g) => g.chooseDiscountItemDto)!.chooseDiscountItemDto!;
    const foodReduce = groupOf(food.product.shopId).reduceAmount;
    const teaReduce = groupOf(tea.product.shopId).reduceAmount;
    const foodGoods = foodCount * food.sku.price;
    const reachedFood = [...ladder.discountItems].reverse().find((tier) => tier.needAmount <= foodGoods)!;
    expect(foodReduce).toBe(reachedFood.reduceAmount);
    const teaGoods = pieceTier.needAmount * tea.sku.price;
    expect(teaReduce).toBe(Math.min(Math.floor((teaGoods * (100 - pieceTier.discount! * 10)) / 100), pieces.maxReduceAmount ?? Number.MAX_SAFE_INTEGER));
    await expect(foodShop.getByTestId('cart-promotion-saved')).toHaveText(t('cartPage.promotion.saved', { amount: yuan(foodReduce, lang) }));
    await expect(teaShop.getByTestId('cart-promotion-saved')).toHaveText(t('cartPage.promotion.saved', { amount: yuan(teaReduce, lang) }));
    await expect(money).toHaveText(yuan(foodGoods + teaGoods - foodReduce - teaReduce, lang));
    await expect(page.locator('.cart-summary__subtract')).toHaveText(t('cartPage.summary.subtract', { amount: yuan(foodReduce + teaReduce, lang) }));

    // The checkout shows each shop's promotion reduction.
    await page.getByRole('button', { name: t('cartPage.summary.settle') }).click();
    await expect(page).toHaveURL(/\/submit-order/);
    await expect(page.getByTestId('checkout-shop-promotion')).toHaveCount(2);
    await expect(page.getByTestId('checkout-shop-promotion').first()).toContainText(t('checkout.shop.promotion'));
  });

  test(`${lang}: the header leads to the running promotions, and a product of one goes into the cart`, async ({ page, request, context, baseURL }) => {
    test.setTimeout(240_000);
    const deals = await runningDeals(request, lang);
    const pieces = deals.find((d) => d.discountRule === 1)!;
    const tea = await dealProduct(request, pieces, lang, 1_000_000, 5);
    const shopper = await registerShopper(request);
    await addToCart(request, shopper.token, tea, 1);
    await useToken(context, baseURL!, shopper.token);

    await openPage(page, `${prefix}/list?st=0`);
    await page.getByRole('link', { name: t('discountPage.entry'), exact: true }).click();
    await expect(page).toHaveURL(/\/special-discount/);
    await expect(page.getByRole('heading', { level: 1, name: t('discountPage.heading') })).toBeVisible();
    await checkOpenedPage(page);
    const card = page.getByTestId('deal-card').filter({ hasText: pieces.discountName });
    await expect(card.getByTestId('deal-labels')).toContainText(pieces.labels[0]!);
    await expect(card.getByTestId('deal-countdown')).toHaveText(/\d{2}:\d{2}:\d{2}/);
    await card.getByRole('link', { name: t('discountPage.openLabel', { name: pieces.discountName }) }).click();
    await expect(page).toHaveURL(new RegExp(`/discount-detail\\?discountId=${pieces.discountId}`));
    await expect(page.getByRole('heading', { level: 1, name: pieces.discountName })).toBeVisible();
    await checkOpenedPage(page);

    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const add = page.getByRole('button', { name: t('quickAdd.addLabel', { name: tea.product.prodName }) });
    await add.click();
    // A product with options asks for them first.
    if (tea.product.specs.length > 0) await page.getByRole('dialog', { name: t('quickAdd.choose') }).getByRole('button', { name: t('quickAdd.confirm') }).click();
    await expect(page.getByRole('region', { name: t('toast.label') })).toContainText(t('product.added'));
    await expect(page.getByTestId('cart-count')).toHaveText('2');
  });

  test(`${lang}: the product page shows its promotions and search cards their tag`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const deals = await runningDeals(request, lang);
    const pieces = deals.find((d) => d.discountRule === 1)!;
    const tea = await dealProduct(request, pieces, lang, 1_000_000, 1);
    await openPage(page, `${prefix}/detail/${tea.product.prodId}`);
    const row = page.getByTestId('promotion-row');
    await expect(row).toContainText(pieces.labels[0]!);
    await expect(row.getByRole('link', { name: new RegExp(pieces.discountName) })).toHaveAttribute('href', new RegExp(`discountId=${pieces.discountId}`));

    await openPage(page, `${prefix}/list?pn=${encodeURIComponent(tea.product.prodName)}`);
    const tagged = page.locator('.product-card').filter({ hasText: tea.product.prodName }).first();
    await expect(tagged.getByTestId('card-discount-tag')).toHaveText(pieces.labels[0]!);
  });

  test(`${lang}: a visitor adding from a deal gets the login popup`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const deals = await runningDeals(request, lang);
    const deal = deals[0]!;
    await openPage(page, `${prefix}/discount-detail?discountId=${deal.discountId}`);
    await expect(page.getByTestId('deal-head')).toContainText(deal.labels[0]!);
    await page.getByRole('button', { name: new RegExp(t('quickAdd.addLabel', { name: '' })) }).first().click();
    await expect(page.getByRole('dialog', { name: t('login.dialog.title') })).toBeVisible();
  });
}
