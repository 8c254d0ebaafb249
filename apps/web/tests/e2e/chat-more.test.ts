// Live chat (issue 28), the journeys chat.test.ts leaves out:
// - a picture (refused for a wrong format and over 2 MB with section 5's messages, then sent), and a
//   product card and an order card picked from recentBrowse, each opening its product or order;
// - the seller's quick replies and away setting: the shopper gets code 12 ('the shop is away'), the
//   message waits, and the seller sees it once back online, then answers with a quick reply;
// - code 11: the same shopper opening the mall in a second browser: the first shows 'logged in
//   elsewhere, refresh' and does not reconnect; code 10: the token revoked while /chat is open, then
//   the connection drops: the reconnect is refused ('account offline, login again');
// - on an own API with the platform consultation's idle time shortened (own-mall.ts, as
//   aftersale-deadline.test.ts): an agent transfers a conversation to another (code 3 to the
//   shopper), the first agent's answer is then not theirs (code 15), and the idle conversation
//   expires (code 16) for the shopper and the agent.
// Accounts: fresh shoppers; the shop second to last in the search (chat.test.ts takes the last one);
// on the own API, its own seeded buyer01 and agents cs04/cs05 (a database of their own).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import { TokenSchema } from '@bazaar/shared/schemas/account';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { consoleMerchant } from '@bazaar/shared/i18n/zh/console-merchant';
import { consolePlatform } from '@bazaar/shared/i18n/zh/console-platform';
import { addAddressByApi, ok, placeOrderByApi, type Pick } from './order-support.ts';
import { OWN_MALL_OFFSETS, startOwnMall, type OwnMall } from './own-mall.ts';
import { allowConsoleError, API_URL, encryptPassword, openPage, registerShopper, test, useToken, zh } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
const inbox = consoleMerchant.chat;
const service = consolePlatform.chat;
// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A product in stock of the shop second to last in the search (chat.test.ts takes the last shop). */
async function productOfOurShop(request: APIRequestContext, api = API_URL): Promise<Pick> {
  const page = SearchPageSchema.parse(await ok(request.get(`${api}/search/page?size=100&sort=2&hasStock=1`)));
  const shops = [...new Set(page.records.map((c) => c.shopId))].sort((a, b) => b - a);
  const shopId = shops[1] ?? shops[0]!;
  for (const card of page.records.filter((c) => c.shopId === shopId)) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${api}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks >= 5);
    if (product.prodType === 0 && product.mold === 0 && sku) return { prodId: product.prodId, skuId: sku.skuId, shopId, prodName: product.prodName, stocks: sku.stocks, price: sku.price };
  }
  throw new Error(`no product in stock in shop ${shopId}`);
}

async function merchantLogin(browser: Browser, shopId: number): Promise<Page> {
  const merchant = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(`shop${shopId}`);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登 录' }).or(merchant.getByRole('button', { name: '登录' })).click();
  await expect(merchant.getByTestId('account-role')).toBeVisible();
  await merchant.getByRole('menuitem', { name: new RegExp(inbox.inbox.menu) }).click();
  await expect(merchant.getByRole('heading', { name: inbox.inbox.title })).toBeVisible();
  return merchant;
}

test('a picture (with the image rules) and a product card and an order card picked from my recent browsing, each opening its page', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const shopper = await registerShopper(request);
  await useToken(context, test.info().project.use.baseURL!, shopper.token);
  const pick = await productOfOurShop(request);
  await addAddressByApi(request, shopper.token);
  const orderNumber = await placeOrderByApi(request, shopper.token, pick);
  // Browsing the product leaves it in my footprint.
  await openPage(page, `/detail/${pick.prodId}`);
  await expect(page.getByRole('link', { name: zh('product.shop.contact') })).toBeVisible();

  await openPage(page, `/chat?toId=${pick.shopId}`);
  const thread = page.getByRole('log');
  const picture = page.getByLabel(zh('chat.composer.image'), { exact: true });
  const composerError = page.locator('#chat-input-error');
  await picture.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(composerError).toHaveText(zh('validation.imageFormat'));
  await picture.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]) });
  await expect(composerError).toHaveText(zh('validation.imageSize'));
  await picture.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(composerError).toHaveCount(0);
  const sentPicture = thread.getByTestId('chat-message').getByRole('img', { name: zh('chat.thread.image') });
  await expect(sentPicture).toHaveCount(1);
  await expect(sentPicture).toHaveAttribute('src', /^\/uploads\/images\//);
  await expect(thread.getByTestId('chat-pending')).toHaveCount(0);

  // The cards: my recent products and orders with this shop.
  await page.getByRole('button', { name: zh('chat.composer.cards') }).click();
  const recent = page.getByRole('region', { name: zh('chat.recent.title') });
  await recent.getByRole('button', { name: `${zh('chat.card.send')} ${pick.prodName}` }).click();
  await page.getByRole('button', { name: zh('chat.composer.cards') }).click();
  await recent.getByRole('button', { name: `${zh('chat.card.send')} ${zh('chat.card.orderNumber', { orderNumber })}` }).click();
  const cards = thread.getByTestId('chat-message').locator('.chat-card');
  await expect(cards).toHaveCount(2);
  await expect(thread.getByTestId('chat-pending')).toHaveCount(0);
  await expect(cards.nth(0)).toContainText(pick.prodName);
  await expect(cards.nth(1)).toContainText(orderNumber);

  // A card opens its product, the other its order.
  await cards.nth(0).click();
  await expect(page).toHaveURL(new RegExp(`/detail/${pick.prodId}$`));
  await page.goBack();
  await expect(page.getByRole('log').getByTestId('chat-message').locator('.chat-card')).toHaveCount(2);
  await page.getByRole('log').getByTestId('chat-message').locator('.chat-card').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail\\?orderNumber=${orderNumber}$`));
});

test('the seller keeps quick replies and goes away: the shopper is told, the message waits, and the seller sees it when back', async ({ page, context, browser, request }) => {
  test.setTimeout(150_000);
  const shopper = await registerShopper(request);
  await useToken(context, test.info().project.use.baseURL!, shopper.token);
  const pick = await productOfOurShop(request);
  const merchant = await merchantLogin(browser, pick.shopId);
  const reply = `亲，在的，${shopper.nickName}，有什么可以帮您？`;

  // A quick reply kept by the shop.
  await merchant.getByRole('button', { name: inbox.inbox.manage }).click();
  const dialog = merchant.getByRole('dialog', { name: inbox.inbox.manage });
  await dialog.getByLabel(inbox.inbox.newReply).fill(reply);
  await dialog.getByRole('button', { name: inbox.inbox.add }).click();
  await expect(dialog.getByText(reply)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).or(dialog.getByLabel('Close')).first().click();
  await expect(dialog).toHaveCount(0);

  // Away (online first, should an earlier run have left it away).
  const status = merchant.getByRole('switch', { name: inbox.inbox.status });
  await expect(status).toBeEnabled();
  if ((await status.getAttribute('aria-checked')) === 'false') await status.click();
  await expect(status).toBeChecked();
  await status.click();
  await expect(status).not.toBeChecked();
  await expect(merchant.getByText(inbox.inbox.awayHint)).toBeVisible();

  {
    // The shopper writes: told the shop is away (code 12); the message is stored (acknowledged).
    await openPage(page, `/chat?toId=${pick.shopId}`);
    await page.getByLabel(zh('chat.composer.label')).fill('老板在吗？');
    await page.getByLabel(zh('chat.composer.label')).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: zh('chat.codes.offline.shopAway') })).toBeVisible();
    await expect(page.getByRole('log').getByTestId('chat-message').filter({ hasText: '老板在吗？' })).toBeVisible();
    await expect(page.getByRole('log').getByTestId('chat-pending')).toHaveCount(0);

    // The message waits: the away seller's inbox is not reached.
    const conversation = merchant.getByTestId('chat-conversation').filter({ hasText: shopper.nickName });
    await merchant.waitForTimeout(2_000);
    await expect(conversation).toHaveCount(0);

    // Back online: the waiting message reaches the inbox, unread.
    await status.click();
    await expect(status).toBeChecked({ timeout: 30_000 });
    await expect(conversation).toBeVisible();
    await expect(conversation.getByTestId('chat-unread')).toBeVisible();
    await conversation.getByRole('button', { name: new RegExp(shopper.nickName) }).click();
    await expect(merchant.getByRole('log')).toContainText('老板在吗？');

    // The answer is the quick reply, inserted and sent; the shopper sees it live.
    await merchant.getByRole('combobox', { name: inbox.inbox.quickInsert }).click();
    // Ant Design's options: the visible item carries the label as its title (the listbox's own items name the value).
    await merchant.locator('.ant-select-dropdown:visible').getByTitle(reply, { exact: true }).click();
    await expect(merchant.getByLabel(inbox.composer.label)).toHaveValue(reply);
    await merchant.getByLabel(inbox.composer.label).press('Enter');
    await expect(page.getByRole('log')).toContainText(reply);
  }
  await merchant.context().close();
});

test('code 11: the same shopper opening the mall in another browser ends the first one\'s chat without a reconnect', async ({ page, context, browser, request }) => {
  test.setTimeout(90_000);
  const shopper = await registerShopper(request);
  const baseURL = test.info().project.use.baseURL!;
  await useToken(context, baseURL, shopper.token);
  await openPage(page, '/chat?toId=0');
  await expect(page.getByLabel(zh('chat.composer.label'))).toBeEnabled();

  // The same account in a second browser: the first gets code 11 and stays closed.
  const elsewhere = await browser.newContext({ locale: 'zh-CN', baseURL });
  await useToken(elsewhere, baseURL, shopper.token);
  const second = await elsewhere.newPage();
  await openPage(second, '/chat?toId=0');
  const banner = page.getByTestId('chat-banner');
  await expect(banner).toContainText(zh('chat.codes.loggedInElsewhere'));
  await expect(banner.getByRole('button', { name: zh('chat.status.refresh') }).or(banner.getByRole('link', { name: zh('chat.status.refresh') }))).toBeVisible();
  // No reconnect: after more than a reconnect delay it is still ended, and the second browser still chats.
  await page.waitForTimeout(3_000);
  await expect(banner).toContainText(zh('chat.codes.loggedInElsewhere'));
  await expect(second.getByTestId('chat-banner')).toHaveCount(0);
  await second.getByLabel(zh('chat.composer.label')).fill('第二个浏览器还在线');
  await second.getByLabel(zh('chat.composer.label')).press('Enter');
  await expect(second.getByRole('log').getByTestId('chat-message').filter({ hasText: '第二个浏览器还在线' })).toBeVisible();
  await elsewhere.close();

});

test('code 10: the token is revoked while /chat is open and the connection drops: the reconnect is refused with \'account offline, login again\'', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const shopper = await registerShopper(request);
  await useToken(context, test.info().project.use.baseURL!, shopper.token);
  // The page's socket through a route, so the test can cut it as a network drop would.
  // Playwright's routed socket forwards the page's frames to its own socket to the server; a frame
  // the page sends (its socket still open) while the cut closes that socket is logged by Chromium
  // against the route's socket (seen once in CI, 2026-12-06). The page never sends on a closed socket
  // (chat-connection.ts checks readyState), so that one message is the harness's.
  allowConsoleError(context, /^WebSocket is already in CLOSING or CLOSED state\.$/);
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/im\/websocket\//, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await openPage(page, '/chat?toId=0');
  await expect(page.getByLabel(zh('chat.composer.label'))).toBeEnabled();
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  // Logged out elsewhere (the token is revoked), then the connection breaks.
  const out = await request.post(`${API_URL}/logOut`, { headers: { Authorization: shopper.token } });
  expect(out.status(), await out.text()).toBe(200);
  await sockets.at(-1)!.close({ code: 4000, reason: 'network drop' });
  // The client reconnects after 2 s with the revoked token: code 10, no more tries.
  const banner = page.getByTestId('chat-banner');
  await expect(banner).toContainText(zh('chat.codes.userInfoFailed'));
  await expect(banner.getByRole('button', { name: zh('chat.status.login') }).or(banner.getByRole('link', { name: zh('chat.status.login') }))).toBeVisible();
  const tries = sockets.length;
  await page.waitForTimeout(4_000);
  expect(sockets.length).toBe(tries);
});

// ---- On an own API: the platform consultation's idle time shortened ----

const IDLE_SECONDS = 30;
let mall: OwnMall;
let platformUrl: string;
let platform: ChildProcess | null = null;

test.describe('platform service on an own API', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    mall = await startOwnMall({ CHAT_SERVICE_IDLE_SECONDS: String(IDLE_SECONDS) }, OWN_MALL_OFFSETS.chatService);
    // The platform console in front of the own API (the shared one talks to the shared API).
    const port = Number(new URL(mall.webUrl).port) + 2;
    platformUrl = `http://127.0.0.1:${port}`;
    const here = path.dirname(new URL(import.meta.url).pathname);
    platform = spawn(process.execPath, ['server.js'], {
      cwd: path.resolve(here, '../../../platform'),
      env: { ...process.env, PLATFORM_PORT: String(port), API_URL: mall.apiUrl, HOST: '127.0.0.1', NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let up = false, until = Date.now() + 60_000; !up; ) {
      if (Date.now() > until) throw new Error('the own platform console did not start');
      up = await fetch(`${platformUrl}/`).then((r) => r.ok, () => false);
      if (!up) await new Promise((r) => setTimeout(r, 300));
    }
  });
  test.afterAll(async () => {
    if (platform && platform.exitCode === null) {
      const exited = new Promise((r) => platform!.once('exit', r));
      platform.kill('SIGTERM');
      await exited;
    }
    await mall?.stop();
  });

  async function agent(browser: Browser, username: 'cs04' | 'cs05'): Promise<Page> {
    const console = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    await console.goto(`${platformUrl}/`);
    await console.getByLabel('管理账号').fill(username);
    await console.getByLabel('密码').fill('admin12345');
    await console.getByRole('button', { name: '登 录' }).or(console.getByRole('button', { name: '登录' })).click();
    await expect(console.getByRole('navigation').getByRole('menuitem').first()).toBeVisible();
    await console.getByRole('menuitem', { name: service.service.menu }).click();
    await expect(console.getByRole('heading', { name: service.service.title })).toBeVisible();
    return console;
  }

  test('an agent transfers a conversation to another (code 3); the first one\'s answer is then not theirs (code 15); idle, it expires (code 16)', async ({ page, context, browser, request }) => {
    test.setTimeout(180_000);
    const login = await request.post(`${mall.apiUrl}/login`, { data: { userName: 'buyer01', passWord: encryptPassword('bazaar123') } });
    expect(login.status(), await login.text()).toBe(200);
    const token = TokenSchema.parse(await login.json()).accessToken;
    const [first, second] = [await agent(browser, 'cs04'), await agent(browser, 'cs05')];

    await useToken(context, mall.webUrl, token);
    await openPage(page, `${mall.webUrl}/chat?toId=0`);
    const composer = page.getByLabel(zh('chat.composer.label'));
    await composer.fill('我的包裹在哪里？');
    await composer.press('Enter');
    await expect(page.getByRole('log').getByTestId('chat-message').filter({ hasText: '我的包裹在哪里？' })).toBeVisible();

    // cs04 takes it from the queue and answers.
    const waiting = first.getByTestId('chat-conversation').first();
    await expect(waiting).toBeVisible();
    await waiting.getByRole('button').first().click();
    await expect(first.getByRole('log')).toContainText('我的包裹在哪里？');
    await first.getByRole('button', { name: service.service.take }).click();
    await expect(first.getByText(service.service.agent.replace('{{name}}', 'cs04'))).toBeVisible();
    await first.getByLabel(service.composer.label).fill('您好，我先看一下');
    await first.getByLabel(service.composer.label).press('Enter');
    await expect(page.getByRole('log')).toContainText('您好，我先看一下');

    // cs04 transfers it to cs05: the shopper is told (code 3), cs05 has it among its own.
    await first.getByRole('combobox', { name: service.service.transferTo }).click();
    await first.locator('.ant-select-dropdown:visible').getByTitle(/^cs05 /).click();
    await first.getByRole('button', { name: service.service.transfer }).click();
    await expect(page.getByRole('status').filter({ hasText: zh('chat.codes.transferred', { agentName: 'cs05' }) })).toBeVisible();
    await second.getByRole('tab', { name: service.service.tabs.mine }).click();
    const mine = second.getByTestId('chat-conversation').first();
    await expect(mine).toBeVisible();
    await mine.getByRole('button').first().click();
    await expect(second.getByText(service.service.agent.replace('{{name}}', 'cs05'))).toBeVisible();

    // cs04 answers again: no longer theirs (code 15); the shopper never sees it.
    await first.getByRole('tab', { name: service.service.tabs.all }).click();
    await first.getByTestId('chat-conversation').first().getByRole('button').first().click();
    await first.getByLabel(service.composer.label).fill('我再补充一句');
    await first.getByLabel(service.composer.label).press('Enter');
    await expect(first.getByTestId('chat-pending')).toContainText(zh('chat.codes.notYourResponsibility'));

    // cs05 answers; then nobody writes for the idle time: the consultation expires (code 16).
    await second.getByLabel(service.composer.label).fill('我是 cs05，继续为您服务');
    await second.getByLabel(service.composer.label).press('Enter');
    await expect(page.getByRole('log')).toContainText('我是 cs05，继续为您服务');
    await expect(page.getByRole('log')).not.toContainText('我再补充一句');
    await expect(page.getByRole('status').filter({ hasText: zh('chat.codes.consultExpired') })).toBeVisible({ timeout: (IDLE_SECONDS + 40) * 1000 });
    await expect(second.getByText(zh('chat.codes.consultExpired')).first()).toBeVisible();

    // Re-consult: the shopper's next message queues it again.
    await composer.fill('还有一个问题');
    await composer.press('Enter');
    await expect(page.getByRole('log').getByTestId('chat-message').filter({ hasText: '还有一个问题' })).toBeVisible();
    await second.getByRole('tab', { name: service.service.tabs.queue }).click();
    await expect(second.getByTestId('chat-conversation').first()).toBeVisible();
    await first.context().close();
    await second.context().close();
  });
});
