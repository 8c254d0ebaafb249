// Live chat (issue 28) in two browser contexts: a shopper asks a shop about a product from its
// detail page, the seller answers from the merchant center's inbox, the shopper (now on the home
// page) sees the top bar's unread mark live, opens the conversation and the mark clears. Then the
// platform's customer service: a shopper (in English) writes to toId 0, an agent takes it from the
// queue and answers, and a second agent who answers it gets 'not your responsibility' (code 15).
// The pages pass axe.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { consoleMerchant } from '@bazaar/shared/i18n/zh/console-merchant';
import { consolePlatform } from '@bazaar/shared/i18n/zh/console-platform';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { ok } from './order-support.ts';
import { staffLogin } from './platform-console.ts';
import { en, openPage, registerShopper, test, topBar, useToken, zh } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
const inbox = consoleMerchant.chat;
const service = consolePlatform.chat;

/** A product of the shop listed last in the search (other journeys take the first shops), and that shop. */
async function productOfALateShop(request: APIRequestContext): Promise<{ prodId: number; shopId: number }> {
  const page = SearchPageSchema.parse(await ok(request.get(`${process.env.BAZAAR_E2E_API_URL}/search/page?size=100&sort=2`)));
  const shopId = Math.max(...page.records.map((c) => c.shopId));
  const card = page.records.find((c) => c.shopId === shopId)!;
  return { prodId: card.prodId, shopId };
}

async function merchantLogin(browser: Browser, shopId: number): Promise<Page> {
  const merchant = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(`shop${shopId}`);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登 录' }).or(merchant.getByRole('button', { name: '登录' })).click();
  await expect(merchant.getByTestId('account-role')).toBeVisible();
  return merchant;
}

test('a shopper asks about a product, the seller answers from the inbox, the shopper sees it live and the unread mark clears', async ({ page, context, browser, request }) => {
  test.setTimeout(120_000);
  const shopper = await registerShopper(request);
  await useToken(context, test.info().project.use.baseURL!, shopper.token);
  const { prodId, shopId } = await productOfALateShop(request);

  // ---- The product page's "contact the seller" opens /chat with the product ready to send ----
  await openPage(page, `/detail/${prodId}`);
  await page.getByRole('link', { name: zh('product.shop.contact') }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?toId=${shopId}&prodId=${prodId}`));
  const ready = page.getByRole('group', { name: zh('chat.card.ready') });
  await expect(ready).toBeVisible();
  await expect(page.locator('.top-bar')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/chat');
  await ready.getByRole('button', { name: zh('chat.card.send'), exact: true }).click();
  await expect(ready).toHaveCount(0);
  const thread = page.getByRole('log');
  // The card goes out, acknowledged with its seq (no longer pending).
  await expect(thread.getByTestId('chat-message').locator('.chat-card')).toHaveCount(1);
  await page.getByLabel(zh('chat.composer.label')).fill('请问这个有现货吗？😀');
  await page.getByLabel(zh('chat.composer.label')).press('Enter');
  await expect(thread.getByTestId('chat-message').filter({ hasText: '请问这个有现货吗？😀' })).toBeVisible();
  await expect(thread.getByTestId('chat-pending')).toHaveCount(0);

  // The shopper goes on shopping: the top bar's entry has no unread mark yet.
  await openPage(page, '/');
  const mark = topBar(page).getByRole('link', { name: zh('chat.mark.label'), exact: true });
  await expect(mark).toBeVisible();

  // ---- The merchant center: the inbox shows the conversation; the seller answers ----
  const merchant = await merchantLogin(browser, shopId);
  await merchant.getByRole('menuitem', { name: new RegExp(inbox.inbox.menu) }).click();
  await expect(merchant.getByRole('heading', { name: inbox.inbox.title })).toBeVisible();
  const conversation = merchant.getByTestId('chat-conversation').filter({ hasText: shopper.nickName });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByTestId('chat-unread')).toBeVisible();
  await conversation.getByRole('button', { name: new RegExp(shopper.nickName) }).click();
  const sellerThread = merchant.getByRole('log');
  await expect(sellerThread).toContainText('请问这个有现货吗？😀');
  // Read by opening it: its unread count clears.
  await expect(conversation.getByTestId('chat-unread')).toHaveCount(0);
  await expectNoSeriousA11yViolations(merchant, 'merchant chat inbox');
  await merchant.getByLabel(inbox.composer.label).fill('有现货，今天下单明天发货');
  await merchant.getByLabel(inbox.composer.label).press('Enter');
  await expect(sellerThread.getByTestId('chat-message').filter({ hasText: '有现货，今天下单明天发货' })).toBeVisible();

  // ---- The shopper sees it live: the top bar's mark, then the conversation; the mark clears ----
  const unreadMark = topBar(page).getByRole('link', { name: zh('chat.mark.unread', { count: 1 }) });
  await expect(unreadMark).toBeVisible();
  await unreadMark.click();
  await expect(page).toHaveURL(/\/chat$/);
  const item = page.getByTestId('chat-conversation').first();
  await expect(item.getByTestId('chat-unread')).toBeVisible();
  await item.click();
  await expect(page.getByRole('log')).toContainText('有现货，今天下单明天发货');
  await expect(item.getByTestId('chat-unread')).toHaveCount(0);
  await openPage(page, '/');
  await expect(topBar(page).getByRole('link', { name: zh('chat.mark.label'), exact: true })).toBeVisible();

  // And a live message while the shopper watches the conversation.
  await page.goto(`/chat?toId=${shopId}`);
  await expect(page.getByRole('log')).toContainText('有现货，今天下单明天发货');
  await merchant.getByLabel(inbox.composer.label).fill('还有别的问题随时联系');
  await merchant.getByLabel(inbox.composer.label).press('Enter');
  await expect(page.getByRole('log')).toContainText('还有别的问题随时联系');
  await merchant.context().close();
});

test('platform customer service: an agent takes a waiting conversation and answers; a second agent gets "not your responsibility" (English shopper)', async ({ page, context, browser, request }) => {
  test.setTimeout(120_000);
  const shopper = await registerShopper(request);
  await useToken(context, test.info().project.use.baseURL!, shopper.token);

  // ---- The shopper, in English, opens customer service from the user center ----
  await openPage(page, '/en/user-center');
  await page.getByRole('link', { name: en('chat.entry.customerService') }).click();
  await expect(page).toHaveURL(/\/chat\?toId=0/);
  await expect(page.getByRole('heading', { name: en('chat.page.service') })).toBeVisible();
  await page.getByLabel(en('chat.composer.label')).fill('Where is my parcel?');
  await page.getByRole('button', { name: en('chat.composer.send'), exact: true }).click();
  const thread = page.getByRole('log');
  await expect(thread.getByTestId('chat-message').filter({ hasText: 'Where is my parcel?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/en/chat');

  // ---- Agent cs04 takes it from the queue and answers ----
  const first = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await staffLogin(first, 'cs04');
  await first.getByRole('menuitem', { name: service.service.menu }).click();
  await expect(first.getByRole('heading', { name: service.service.title })).toBeVisible();
  const waiting = first.getByTestId('chat-conversation').filter({ hasText: shopper.nickName });
  await expect(waiting).toBeVisible();
  await waiting.getByRole('button', { name: new RegExp(shopper.nickName) }).click();
  await expect(first.getByRole('log')).toContainText('Where is my parcel?');
  await first.getByRole('button', { name: service.service.take }).click();
  await expect(first.getByText(service.service.agent.replace('{{name}}', 'cs04'))).toBeVisible();
  await expectNoSeriousA11yViolations(first, 'platform chat workspace');
  await first.getByLabel(service.composer.label).fill('您好，我来帮您查一下');
  await first.getByLabel(service.composer.label).press('Enter');
  await expect(page.getByRole('log')).toContainText('您好，我来帮您查一下');

  // ---- Agent cs05 answers the same conversation: not theirs (code 15) ----
  const second = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await staffLogin(second, 'cs05');
  await second.getByRole('menuitem', { name: service.service.menu }).click();
  await second.getByRole('tab', { name: service.service.tabs.all }).click();
  const held = second.getByTestId('chat-conversation').filter({ hasText: shopper.nickName });
  await held.getByRole('button', { name: new RegExp(shopper.nickName) }).click();
  await expect(second.getByRole('log')).toContainText('您好，我来帮您查一下');
  await second.getByLabel(service.composer.label).fill('我也来回答');
  await second.getByLabel(service.composer.label).press('Enter');
  await expect(second.getByText(zh('chat.codes.notYourResponsibility')).first()).toBeVisible();
  await expect(second.getByTestId('chat-pending')).toContainText(zh('chat.codes.notYourResponsibility'));
  // The shopper never sees it.
  await expect(page.getByRole('log')).not.toContainText('我也来回答');
  await first.context().close();
  await second.context().close();
});
