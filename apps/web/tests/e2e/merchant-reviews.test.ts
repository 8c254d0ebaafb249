// The merchant center's reviews (decision 055): a demo shop's store account opens Reviews, narrows
// the list by rating, reply status and product name, answers a shopper's review in the dialog (a
// blank reply is refused first, the count follows the text), sees the reply in the row under
// "replied" with its action now "edit", and the reply shows under the review on the storefront's
// product page. The page and the dialog pass axe.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { ReviewSchema, type Review } from '@bazaar/shared/schemas/review';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { ok } from './order-support.ts';
import { API_URL, test, waitForHydration, zh } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
const ReviewPage = pageOf(ReviewSchema);
const EVALUATION_TAB = ['好评', '中评', '差评'];

interface Target {
  prodId: number;
  shopId: number;
  prodName: string;
  review: Review;
}

/** A demo product whose newest review (the first on its page) is not anonymous and not answered yet. */
async function unansweredReview(request: APIRequestContext): Promise<Target> {
  const search = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100`)));
  for (const card of search.records) {
    const reviews = ReviewPage.parse(await ok(request.get(`${API_URL}/prod/prodCommPageByProd?prodId=${card.prodId}&size=1`)));
    const review = reviews.records[0];
    if (!review || review.replyContent !== null || review.isAnonymous) continue;
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    return { prodId: product.prodId, shopId: product.shopId, prodName: product.prodName, review };
  }
  throw new Error('no demo product with an unanswered review');
}

async function logIn(merchant: Page, shopId: number): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await expect(merchant.getByRole('heading', { name: '商家登录' })).toBeVisible();
  await merchant.getByLabel('商家账号').fill(`shop${shopId}`);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登录' }).click();
}

/** Picks a reply status: the radio buttons' inputs are hidden under their labels, which take the click. */
async function replyStatus(merchant: Page, name: string): Promise<void> {
  await merchant.getByRole('group', { name: '回复状态' }).getByText(name, { exact: true }).click();
  await expect(merchant.getByRole('radio', { name, exact: true })).toBeChecked();
}

test('the merchant filters its reviews, replies to one, sees the reply in the list, and the shopper sees it on the product page', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const target = await unansweredReview(request);
  const reply = `感谢您的评价！我们会继续用心做好每一件商品。（${Date.now().toString(36)}）`;

  const merchant = await context.newPage();
  await logIn(merchant, target.shopId);
  await merchant.getByRole('menuitem', { name: '评价管理' }).click();
  await expect(merchant.getByRole('heading', { name: '评价管理' })).toBeVisible();
  await expect(merchant.getByRole('tab', { name: '全部评价' })).toHaveAttribute('aria-selected', 'true');
  await expect(merchant.locator('tbody tr[data-row-key]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant reviews');

  // The review's rating, "not replied" and the product's name.
  await merchant.getByRole('tab', { name: EVALUATION_TAB[target.review.evaluate]!, exact: true }).click();
  await replyStatus(merchant, '未回复');
  await merchant.getByRole('searchbox', { name: '商品名称' }).fill([...target.prodName].slice(0, 30).join('').trim());
  await merchant.getByRole('button', { name: '搜索', exact: true }).click();
  const row = merchant.locator(`tbody tr[data-row-key="${target.review.commId}"]`);
  await expect(row).toContainText(target.review.content);
  await expect(row).toContainText(target.review.nickName);
  await expect(row.getByRole('img', { name: `${target.review.score} 星` })).toBeVisible();
  await expect(row).toContainText('未回复');
  for (const other of await merchant.locator('tbody tr[data-row-key]').all()) await expect(other).toContainText(target.prodName.slice(0, 4));

  // The dialog: a blank reply is refused before it is sent; the count follows the text.
  await row.getByRole('button', { name: /^回复 / }).click();
  const dialog = merchant.getByRole('dialog');
  await expect(dialog.getByText('回复评价', { exact: true })).toBeVisible();
  await expect(dialog).toContainText(target.review.content);
  const box = dialog.getByRole('textbox', { name: '回复内容' });
  await box.fill('   ');
  await dialog.getByRole('button', { name: '保存回复' }).click();
  await expect(dialog.getByText('请填写回复内容')).toBeVisible();
  await box.fill(reply);
  await expect(dialog.getByText(`${reply.length} / 500`)).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant review reply dialog');
  await dialog.getByRole('button', { name: '保存回复' }).click();
  await expect(merchant.getByText('回复已保存')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Answered, the review leaves "not replied" and is under "replied", with the reply and "edit reply".
  await expect(row).toHaveCount(0);
  await replyStatus(merchant, '已回复');
  await expect(row.getByTestId(`review-reply-${target.review.commId}`)).toHaveText(reply);
  await expect(row.getByRole('button', { name: /^修改回复 / })).toBeVisible();

  // The storefront's product page shows the reply under the review.
  await page.goto(`/detail/${target.prodId}`);
  await waitForHydration(page);
  await page.getByRole('tab', { name: new RegExp(`^${zh('product.tabs.reviews', { count: 0 }).replace(/\s*\(.*$/, '')}`) }).click();
  const shown = page.locator('.review').filter({ hasText: target.review.content }).filter({ hasText: reply });
  await expect(shown).toHaveCount(1);
  await expect(shown.locator('.review__reply')).toHaveText(`${zh('review.reply')}${reply}`);
});
