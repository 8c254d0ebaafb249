// What shoppers tripped over (issue 25), checked at 1366 × 768 in Chinese and English: the footer's
// 7*8-hour service, the top bar's notices beside its links, the search type's name read once, and
// the product page's coupon chips as one phrase. (The shop entry as a link: shop-entry.test.ts; the
// payment preselection: payment.test.ts; the language in the URL: language.test.ts.)
import { expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { CouponCardSchema, type CouponCard } from '@bazaar/shared/schemas/coupon';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { API_URL, openPage, registerShopper, text, topBar, useToken, test } from './support.ts';
import { ok } from './order-support.ts';

type Lang = 'zh' | 'en';
const LANGS: Lang[] = ['zh', 'en'];
// An /en visit leaves an English cookie, which sends '/' to '/en': Chinese is asked for by the query.
const home = (lang: Lang) => (lang === 'en' ? '/en' : '/?lang=zh');
const yuan = (fen: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100);

test.use({ viewport: { width: 1366, height: 768 } });

test('the footer promises 7*8-hour customer service, in both languages', async ({ page }) => {
  for (const [lang, words] of [
    ['zh', '7*8小时客服'],
    ['en', '7*8-hour customer service'],
  ] as const) {
    await openPage(page, home(lang));
    await expect(page.locator('.site-footer .promise').nth(1)).toContainText(words);
    expect(text(lang, 'layout.footer.servicePromise')).toBe(words);
  }
});

/** The notices end before the top bar's links begin, with a gap. */
async function expectTickerClear(page: Page) {
  const ticker = await topBar(page).getByRole('region').boundingBox();
  const links = await topBar(page).locator('.top-bar__right').boundingBox();
  expect(ticker, 'the notices are shown').not.toBeNull();
  expect(ticker!.x + ticker!.width).toBeLessThanOrEqual(links!.x - 8);
  expect(links!.x + links!.width).toBeLessThanOrEqual(1366);
}

test('the notices never run into the top bar’s links at 1366 px, logged out and in, in both languages', async ({ page, context, request, baseURL }) => {
  for (const lang of LANGS) {
    await openPage(page, home(lang));
    await expect(topBar(page).getByRole('region', { name: text(lang, 'layout.topBar.notices') })).toBeVisible();
    await expectTickerClear(page);
  }
  const shopper = await registerShopper(request, { nickName: 'ALongNickname15' });
  await useToken(context, baseURL!, shopper.token);
  for (const lang of LANGS) {
    await openPage(page, home(lang));
    await expect(topBar(page).getByRole('button', { name: text(lang, 'layout.topBar.accountMenu') })).toBeVisible();
    // The chat entry joins the links once the socket has answered: measure the bar at its widest.
    await expect(topBar(page).getByRole('link', { name: text(lang, 'chat.mark.label') })).toBeVisible();
    await expectTickerClear(page);
  }
});

test('the search type is read once: its kind, then what it is for', async ({ page }) => {
  for (const lang of LANGS) {
    await openPage(page, home(lang));
    const kind = page.getByRole('search').getByRole('button', { name: text(lang, 'layout.header.searchType') });
    // Not "Product, Search type: Product": the kind once, then what the control is for.
    await expect(kind).toHaveAccessibleName(new RegExp(`^${text(lang, 'layout.header.product')}\\s*,\\s*${text(lang, 'layout.header.searchType')}$`));
  }
});

test('the product page’s coupon chips read as one phrase, in both languages', async ({ page, request }) => {
  const search = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=60&sort=2`)));
  let found: { prodId: number; coupon: CouponCard } | null = null;
  for (const card of search.records) {
    const coupons = z.array(CouponCardSchema).parse(await ok(request.get(`${API_URL}/coupon/listByProdId?shopId=${card.shopId}&prodId=${card.prodId}`)));
    const coupon = coupons.find((c) => c.couponType === 1 && c.cashCondition > 0);
    if (coupon) {
      found = { prodId: card.prodId, coupon };
      break;
    }
  }
  expect(found, 'a product with a cash coupon that has a threshold').not.toBeNull();
  const { prodId, coupon } = found!;
  for (const lang of LANGS) {
    await openPage(page, `${lang === 'en' ? '/en' : ''}/detail/${prodId}`);
    const chips = page.getByRole('region', { name: text(lang, 'coupon.product.title') }).locator('.coupon-row__chip');
    const phrase = text(lang, 'coupon.card.offer.cashFrom', { value: yuan(coupon.reduceAmount, lang), amount: yuan(coupon.cashCondition, lang) });
    await expect(chips.filter({ hasText: phrase }).first()).toHaveText(phrase);
    // Never the condition followed by the bare value.
    await expect(chips.filter({ hasText: `${text(lang, 'coupon.card.threshold', { amount: yuan(coupon.cashCondition, lang) })} ${yuan(coupon.reduceAmount, lang)}` })).toHaveCount(0);
  }
  expect(text('en', 'coupon.card.offer.cashFrom', { value: '¥30.00', amount: '¥300.00' })).toBe('¥30.00 off orders from ¥300.00');
});
