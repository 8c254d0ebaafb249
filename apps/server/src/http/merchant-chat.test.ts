// The chat's HTTP calls beside the socket (decision 063): uploadImFile and an image sent with it,
// recentBrowse form-encoded, the merchant inbox's quick replies, away and the shopper's context, and
// the platform's agents list and a shop's conversation read with chat.read (refused without it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CODE, CHAT_QUICK_REPLY_MAX, type ChatMessage } from '@bazaar/shared/schemas/chat';
import { browseLogs, products } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json } from '../test/account-test-kit.ts';
import { adminLogin, createTestAdmin } from '../test/admin-test-kit.ts';
import { createPaidOrder } from '../test/merchant-test-kit.ts';
import { JPEG, multipart } from '../test/shop-application-test-kit.ts';
import { ChatClient, chatAgent, chatMerchant, chatShopper, chatShops } from '../test/chat-test-kit.ts';

let t: TestApp;
let shopId: number;
let otherShopId: number;
const clients: ChatClient[] = [];

beforeAll(async () => {
  t = await ensureSeeded();
  [shopId, otherShopId] = (await chatShops(t, 2)) as [number, number];
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown, lang = 'en') =>
  body === undefined ? t.app.inject({ method, url, headers: { authorization: token, 'accept-language': lang } }) : t.app.inject({ method, url, ...json(body, { headers: { authorization: token, 'accept-language': lang } }) });

describe('shopper calls', () => {
  it('uploadImFile answers the path of a checked picture, which can then be sent; a non-image is refused with the spec\'s text', async () => {
    const shopper = await chatShopper(t);
    const body = multipart('photo.jpg', JPEG);
    const res = await t.app.inject({ method: 'POST', url: '/p/file/uploadImFile', payload: body.payload, headers: { ...body.headers, authorization: shopper.token, 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    const imagePath = res.json() as string;
    expect(imagePath).toMatch(/^\/uploads\/images\//);
    const bad = multipart('notes.txt', Buffer.from('hello'));
    const refused = await t.app.inject({ method: 'POST', url: '/p/file/uploadImFile', payload: bad.payload, headers: { ...bad.headers, authorization: shopper.token, 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('incorrect format');

    const client = await ChatClient.open(t.app, shopper.token, shopper.userId);
    clients.push(client);
    await client.waitCode(CHAT_CODE.unread);
    client.say(shopId, imagePath, { msgType: 1 });
    const [sent] = await client.waitMessages(1);
    expect(sent).toMatchObject({ msgType: 1, content: imagePath });
  });

  it('recentBrowse: the shop\'s products I viewed last and my orders with it; another shop\'s are not there', async () => {
    const shopper = await chatShopper(t);
    const [mine] = await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.shopId, shopId)).limit(1);
    const [theirs] = await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.shopId, otherShopId)).limit(1);
    await t.ctx.db.insert(browseLogs).values([
      { userId: shopper.userId, productId: mine!.id },
      { userId: shopper.userId, productId: theirs!.id },
    ]);
    const order = await createPaidOrder(t, shopper, shopId, { lines: 1, count: 2 });
    const res = await t.app.inject({ method: 'POST', url: '/p/user/recentBrowse', payload: `shopId=${shopId}&current=1&size=10`, headers: { authorization: shopper.token, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().products.records.map((p: { prodId: number }) => p.prodId)).toEqual([mine!.id]);
    expect(res.json().orders).toMatchObject({ total: 1, records: [{ orderNumber: order.orderNumber, shopId, productCount: 2 }] });
    const all = await t.app.inject({ method: 'POST', url: '/p/user/recentBrowse', payload: 'shopId=0', headers: { authorization: shopper.token, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(all.json().products.total).toBe(2);
    const bad = await t.app.inject({ method: 'POST', url: '/p/user/recentBrowse', payload: 'shopId=x', headers: { authorization: shopper.token, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the merchant inbox', () => {
  it('quick replies: add, list in order, change, delete; another shop\'s are out of reach; limits say what is wrong', async () => {
    const merchant = await chatMerchant(t, shopId);
    const other = await chatMerchant(t, otherShopId);
    const first = await call('POST', '/merchant/chat/quick-replies', merchant.token, { content: 'Thanks for asking!', seq: 5 });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', '/merchant/chat/quick-replies', merchant.token, { content: 'Ships in 48 hours', seq: 1 });
    const list = await call('GET', '/merchant/chat/quick-replies', merchant.token);
    const mineIds = list.json().map((r: { id: number }) => r.id);
    expect(mineIds.indexOf(second.json().id)).toBeLessThan(mineIds.indexOf(first.json().id));
    const changed = await call('PUT', `/merchant/chat/quick-replies/${first.json().id}`, merchant.token, { content: 'Thank you!' });
    expect(changed.json()).toMatchObject({ content: 'Thank you!' });
    expect((await call('PUT', `/merchant/chat/quick-replies/${first.json().id}`, other.token, { content: 'mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/merchant/chat/quick-replies/${first.json().id}`, other.token)).statusCode).toBe(404);
    const long = await call('POST', '/merchant/chat/quick-replies', merchant.token, { content: 'x'.repeat(CHAT_QUICK_REPLY_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(`at most ${CHAT_QUICK_REPLY_MAX} characters`);
    expect((await call('DELETE', `/merchant/chat/quick-replies/${first.json().id}`, merchant.token)).statusCode).toBe(200);
    expect((await call('GET', '/merchant/chat/quick-replies', merchant.token)).json().some((r: { id: number }) => r.id === first.json().id)).toBe(false);
  });

  it('the context beside a conversation: the shopper\'s orders here and the shop\'s products they viewed', async () => {
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, shopId);
    const order = await createPaidOrder(t, shopper, shopId, { lines: 1, count: 1 });
    const client = await ChatClient.open(t.app, shopper.token, shopper.userId);
    clients.push(client);
    await client.waitCode(CHAT_CODE.unread);
    // No conversation yet: 404; after the first message the seller sees it.
    expect((await call('GET', `/merchant/chat/conversations/${shopper.userId}/context`, merchant.token)).statusCode).toBe(404);
    client.say(shopId, 'about my order');
    await client.waitMessages(1);
    const context = await call('GET', `/merchant/chat/conversations/${shopper.userId}/context`, merchant.token);
    expect(context.json().orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order.orderNumber]);
    const read = await call('POST', `/merchant/chat/conversations/${shopper.userId}/read`, merchant.token, { seq: 1 });
    expect(read.statusCode, read.body).toBe(200);
    const history = await call('GET', `/merchant/chat/conversations/${shopper.userId}/history`, merchant.token);
    expect(history.json().records.map((m: ChatMessage) => m.content)).toEqual(['about my order']);
    const status = await call('GET', '/merchant/chat/status', merchant.token);
    expect(status.json()).toMatchObject({ away: false });
  });
});

describe('the platform', () => {
  it('lists the agents with who is online, and reads a shop\'s conversation with chat.read; a role without it is refused', async () => {
    const agent = await chatAgent(t);
    const socket = await ChatClient.open(t.app, agent.token, agent.adminId);
    clients.push(socket);
    await socket.waitCode(CHAT_CODE.unread);
    const agents = await call('GET', '/admin/chat/agents', agent.token);
    expect(agents.json().find((a: { adminId: number }) => a.adminId === agent.adminId)).toMatchObject({ online: true });

    const shopper = await chatShopper(t);
    const client = await ChatClient.open(t.app, shopper.token, shopper.userId);
    clients.push(client);
    await client.waitCode(CHAT_CODE.unread);
    client.say(shopId, 'the seller refused my refund');
    await client.waitMessages(1);
    const read = await call('GET', `/admin/chat/shops/${shopId}/conversations/${shopper.userId}/history`, agent.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().records.map((m: ChatMessage) => m.content)).toEqual(['the seller refused my refund']);
    const financeAdmin = await createTestAdmin(t, 'finance');
    const finance = (await adminLogin(t, financeAdmin.username)).json().accessToken as string;
    expect((await call('GET', `/admin/chat/shops/${shopId}/conversations/${shopper.userId}/history`, finance)).statusCode).toBe(403);
    expect((await call('GET', '/admin/chat/conversations', finance)).statusCode).toBe(403);
    // A finance member's socket is refused too (it lacks chat.service): code 10.
    const financeSocket = await ChatClient.open(t.app, finance, financeAdmin.id);
    clients.push(financeSocket);
    await financeSocket.waitCode(CHAT_CODE.userInfoFailed);
  });
});
