// The platform console's review moderation (decision 056): staff open Reviews, narrow the list by
// product name and status, hide a demo review after a confirmation, and the storefront's product
// page no longer shows it (nor counts it); under "hidden" staff show it again and it is back. The
// page and the confirmation pass axe. A review the shop has answered is taken, so the
// merchant-reviews journey (which answers an unanswered one) never meets it.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { ReviewSchema, ReviewSummarySchema, type Review } from '@bazaar/shared/schemas/review';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { ok } from './order-support.ts';
import { settled, staffLogin } from './platform-console.ts';
import { API_URL, test, waitForHydration, zh } from './support.ts';

const ReviewPage = pageOf(ReviewSchema);

/**
 * A demo product with more than one review (with none left the page drops the reviews' tab) and an
 * answered one that is not anonymous: the product's name, its count and that review.
 */
async function answeredReview(request: APIRequestContext): Promise<{ prodId: number; prodName: string; total: number; review: Review }> {
  const search = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100`)));
  for (const card of search.records) {
    // Among the first few, so the product page's first page shows it.
    const reviews = ReviewPage.parse(await ok(request.get(`${API_URL}/prod/prodCommPageByProd?prodId=${card.prodId}&size=5`)));
    const review = reviews.records.findLast((r) => r.replyContent !== null && !r.isAnonymous);
    if (!review || reviews.total < 2) continue;
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    return { prodId: product.prodId, prodName: product.prodName, total: reviews.total, review };
  }
  throw new Error('no demo product with an answered review');
}

const shownOnProductPage = async (request: APIRequestContext, prodId: number, commId: number) =>
  ReviewPage.parse(await ok(request.get(`${API_URL}/prod/prodCommPageByProd?prodId=${prodId}&size=50`))).records.some((r) => r.commId === commId);

const summaryCount = async (request: APIRequestContext, prodId: number) => ReviewSummarySchema.parse(await ok(request.get(`${API_URL}/prod/prodCommData?prodId=${prodId}`))).number;

/**
 * Opens the product page's reviews, whose tab counts the shown reviews. The storefront keeps a
 * visitor's page a few seconds (page-cache.js), so a page rendered before the change may answer
 * first: it is loaded again until the count is the new one.
 */
async function productReviews(page: Page, prodId: number, count: number) {
  const tab = page.getByRole('tab', { name: zh('product.tabs.reviews', { count }), exact: true });
  await expect(async () => {
    await page.goto(`/detail/${prodId}`);
    await waitForHydration(page);
    await expect(tab).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await tab.click();
}

async function status(console: Page, name: string): Promise<void> {
  await console.getByRole('combobox', { name: '显示状态' }).click();
  await console.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click();
}

test('staff hide an abusive review: the product page no longer shows it; showing it again brings it back', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const target = await answeredReview(request);
  const { commId, content } = target.review;

  const console = await context.newPage();
  await staffLogin(console, 'cs02');
  await console.getByRole('menuitem', { name: '评价管理' }).click();
  await expect(console.getByRole('heading', { name: '评价管理' })).toBeVisible();
  await expect(console.locator('tbody tr[data-row-key]').first()).toBeVisible();
  await settled(console);
  await expectNoSeriousA11yViolations(console, 'platform reviews');

  // The product's name and "shown" find the review, with its stars, reply and status.
  await console.getByRole('searchbox', { name: '商品名称' }).fill([...target.prodName].slice(0, 30).join('').trim());
  await console.getByRole('button', { name: '搜索', exact: true }).click();
  await status(console, '显示中');
  const row = console.locator(`tbody tr[data-row-key="${commId}"]`);
  await expect(row).toContainText(content);
  await expect(row).toContainText(target.review.nickName);
  await expect(row).toContainText(target.review.replyContent!);
  await expect(row.getByRole('img', { name: `${target.review.score} 星` })).toBeVisible();
  await expect(row.getByText('显示中', { exact: true })).toBeVisible();

  // Hide it, after a confirmation: under "shown" the row leaves.
  await row.getByRole('button', { name: `隐藏 ${commId}` }).click();
  const confirm = console.getByRole('tooltip').filter({ hasText: '隐藏这条评价？' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(console, 'platform hide a review');
  await confirm.getByRole('button', { name: /确\s?定/ }).click();
  await expect(console.getByText('已隐藏').first()).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await shownOnProductPage(request, target.prodId, commId)).toBe(false);
  expect(await summaryCount(request, target.prodId)).toBe(target.total - 1);

  // The storefront's product page no longer shows it.
  await productReviews(page, target.prodId, target.total - 1);
  await expect(page.locator('.review').first()).toBeVisible();
  await expect(page.locator('.review').filter({ hasText: content })).toHaveCount(0);

  // Under "hidden" it is listed, marked; showing it again brings it back.
  await status(console, '已隐藏');
  await expect(row.getByText('已隐藏', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `恢复显示 ${commId}` }).click();
  await console.getByRole('tooltip').filter({ hasText: '恢复显示这条评价？' }).getByRole('button', { name: /确\s?定/ }).click();
  await expect(console.getByText('已恢复显示')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await shownOnProductPage(request, target.prodId, commId)).toBe(true);
  expect(await summaryCount(request, target.prodId)).toBe(target.total);
  await productReviews(page, target.prodId, target.total);
  await expect(page.locator('.review').filter({ hasText: content })).toHaveCount(1);
});
