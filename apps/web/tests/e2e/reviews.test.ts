// Reviews, the shopper's side: a new shopper's order (a virtual item, paid through the Alipay
// sandbox, delivered at once) is completed on receipt and waits under "my reviews"; the review page
// refuses an empty form and an over-long text with the API's messages, takes a 5-star anonymous
// review with one picture, and the line leaves it; the same line sent again from another tab gets
// the API's refusal on its form. The review then shows under "reviewed", the order
// loses its review link, and the product page shows it under the masked nickname.
import { expect, type Locator, type Page } from '@playwright/test';
import { REVIEW_CONTENT_MAX } from '@bazaar/shared/constants/review';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { addAddressByApi, placeOrderByApi, virtualProduct } from './order-support.ts';
import { openPage, registerShopper, useToken, waitForHydration, zh, test } from './support.ts';

/** A 1x1 PNG; the API decodes and re-encodes every upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** As the API shows an anonymous reviewer: first and last character. */
const masked = (name: string) => {
  const chars = Array.from(name);
  return `${chars[0]}***${chars[chars.length - 1]}`;
};

const reviewLink = (scope: Page | Locator, orderNumber: string) => scope.getByRole('link', { name: `${zh('orders.actions.review')} ${orderNumber}` });

test('a shopper reviews a completed order: checks, a 5-star anonymous review with a picture, my reviews, the order and the product page', async ({ page, request, context, baseURL }) => {
  test.setTimeout(150_000);
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const pick = await virtualProduct(request);
  const orderNumber = await placeOrderByApi(request, shopper.token, pick, 1);
  await useToken(context, baseURL!, shopper.token);

  // Paid and delivered at once; confirming receipt completes the order, which now asks for a review.
  await openPage(page, `/payment?orderNumbers=${orderNumber}`);
  await page.getByRole('radio', { name: zh('payment.methods.alipay') }).check();
  await page.getByRole('button', { name: zh('payment.payNow') }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do/);
  await page.getByRole('button', { name: /确认付款/ }).click();
  await expect(page.getByRole('heading', { name: zh('payment.success.title') })).toBeVisible();
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await page.getByRole('button', { name: `${zh('orders.actions.receipt')} ${orderNumber}` }).click();
  await page.getByRole('dialog', { name: zh('orders.confirmReceipt.title') }).getByRole('button', { name: zh('orders.confirmReceipt.confirm') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(zh('orders.evaluate'));
  await expect(reviewLink(page, orderNumber)).toHaveAttribute('href', `/write-comments?orderNumber=${orderNumber}`);
  await openPage(page, '/user-center/uc-order?status=4');
  const card = page.getByRole('article', { name: zh('orders.orderNumber', { number: orderNumber }) });
  await expect(reviewLink(card, orderNumber)).toBeVisible();

  // My reviews, from the user-center menu: the line waits under "to review".
  await page.getByRole('navigation', { name: zh('userCenter.menu.label') }).getByRole('link', { name: zh('myReviews.menu') }).click();
  await expect(page.getByRole('heading', { level: 1, name: zh('myReviews.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: zh('myReviews.tabs.toReview') })).toHaveAttribute('aria-current', 'page');
  const waiting = page.getByRole('listitem').filter({ hasText: pick.prodName });
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(zh('orders.orderNumber', { number: orderNumber }));
  await waiting.getByRole('link', { name: zh('myReviews.toReview.writeLabel', { name: pick.prodName }) }).click();
  await expect(page).toHaveURL(new RegExp(`/write-comments\\?orderNumber=${orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: zh('writeReview.title') })).toBeVisible();
  await expect(page.getByText(zh('writeReview.orderNumber', { number: orderNumber }))).toBeVisible();

  // Nothing filled: the rating is asked for first, then the text; an over-long text is refused as it is typed.
  const form = page.getByRole('form', { name: zh('writeReview.itemLabel', { name: pick.prodName }) });
  const submit = form.getByRole('button', { name: zh('writeReview.submit') });
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(zh('writeReview.errors.score'));
  await form.getByRole('radio', { name: zh('writeReview.score.star', { count: 5 }) }).check();
  await expect(form.getByText(zh('writeReview.score.levels.5'))).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(zh('writeReview.errors.contentRequired'));
  const text = form.getByLabel(zh('writeReview.content.label'));
  await text.fill('好'.repeat(REVIEW_CONTENT_MAX + 1));
  await expect(form.getByText(zh('writeReview.content.counter', { count: REVIEW_CONTENT_MAX + 1, max: REVIEW_CONTENT_MAX }))).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText(zh('writeReview.errors.contentTooLong'));
  const content = `会员卡到账很快，客服耐心 ${orderNumber.slice(-6)}`;
  await text.fill(content);
  await expect(form.getByText(zh('writeReview.content.counter', { count: content.length, max: REVIEW_CONTENT_MAX }))).toBeVisible();

  // One picture: a wrong format is refused before upload, a PNG is uploaded and previewed.
  const files = form.locator('input[type=file]');
  await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(form.getByRole('alert')).toHaveText(zh('validation.imageFormat'));
  await files.setInputFiles({ name: 'review.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: zh('writeReview.pictures.picture', { n: 1 }) })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByRole('button', { name: zh('writeReview.pictures.remove', { n: 1 }) })).toBeVisible();
  await form.getByRole('checkbox', { name: zh('writeReview.anonymous') }).check();
  await expectNoSeriousA11yViolations(page, 'zh write-comments, filled in');
  // The same line is also open in a second tab, to be sent there after this one.
  const other = await context.newPage();
  await openPage(other, `/write-comments?orderNumber=${orderNumber}`);
  await submit.click();

  // The line leaves the list with a message; none is left, so the page links to the orders and my reviews.
  await expect(page.getByRole('status').filter({ hasText: zh('writeReview.submitted', { name: pick.prodName }) })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { name: zh('writeReview.allDone.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: zh('writeReview.toOrders') })).toHaveAttribute('href', '/user-center/uc-order');

  // The second tab's review of the same line is refused by the API, and its message is shown on the form.
  const otherForm = other.getByRole('form', { name: zh('writeReview.itemLabel', { name: pick.prodName }) });
  await otherForm.getByRole('radio', { name: zh('writeReview.score.star', { count: 3 }) }).check();
  await otherForm.getByLabel(zh('writeReview.content.label')).fill('第二次评价');
  await otherForm.getByRole('button', { name: zh('writeReview.submit') }).click();
  await expect(otherForm.getByRole('alert')).toHaveText(zh('writeReview.errors.alreadyReviewed'));
  await other.close();
  await page.getByRole('link', { name: zh('writeReview.toMyReviews') }).click();

  // Under "reviewed": the product, 5 stars, the text, the picture and the anonymous mark; "to review" is empty.
  await expect(page).toHaveURL(/\/user-center\/uc-comments\?tab=reviewed$/);
  await expect(page.getByRole('link', { name: zh('myReviews.tabs.reviewed') })).toHaveAttribute('aria-current', 'page');
  const mine = page.getByRole('listitem').filter({ hasText: content });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(pick.prodName);
  await expect(mine.getByRole('img', { name: zh('review.score', { score: 5 }) })).toBeVisible();
  await expect(mine.getByRole('img', { name: zh('review.picture', { n: 1 }) })).toBeVisible();
  await expect(mine.getByText(zh('myReviews.reviewed.anonymous'))).toBeVisible();
  await page.getByRole('link', { name: zh('myReviews.tabs.toReview') }).click();
  await expect(page.getByText(zh('myReviews.toReview.empty'))).toBeVisible();

  // The order is completed without a review link, in the list and on its detail.
  await openPage(page, '/user-center/uc-order');
  await expect(card).toContainText(zh('orders.status.5'));
  await expect(reviewLink(card, orderNumber)).toHaveCount(0);
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(zh('orders.status.5'));
  await expect(reviewLink(page, orderNumber)).toHaveCount(0);

  // Back on the review page there is nothing left; a malformed order number is the same empty page.
  for (const query of [orderNumber, 'abc']) {
    await openPage(page, `/write-comments?orderNumber=${query}`);
    await expect(page.getByRole('heading', { name: zh('writeReview.empty.title') })).toBeVisible();
    await expect(form).toHaveCount(0);
  }

  // The product page shows the review under the masked nickname (its caches let go within seconds).
  const tabName = new RegExp(`^${zh('product.tabs.reviews', { count: 0 }).replace(/\s*\(.*$/, '')}`);
  await expect
    .poll(
      async () => {
        await page.goto(`/detail/${pick.prodId}`);
        await waitForHydration(page);
        const tab = page.getByRole('tab', { name: tabName });
        if ((await tab.count()) === 0) return false;
        await tab.click();
        await expect(page.locator('.review').filter({ hasText: content })).toHaveCount(1, { timeout: 4_000 });
        return true;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true);
  const posted = page.locator('.review').filter({ hasText: content });
  await expect(posted).toContainText(masked(shopper.nickName));
  await expect(posted).not.toContainText(shopper.nickName);
  await expect(posted.getByRole('img', { name: zh('review.score', { score: 5 }) })).toBeVisible();
  await expect(posted.getByRole('button', { name: zh('review.picture', { n: 1 }) })).toBeVisible();
});
