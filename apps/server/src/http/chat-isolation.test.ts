// Chat isolation (decision 063): a seller cannot write into another shop's conversation, no third
// socket (another shop's seller, another shopper, a platform agent) hears or resumes a shop's
// conversation, product cards stay within the conversation's shop, images must be the sender's own
// uploads, the unread counts move exactly (partial read, never back, capped at the last message),
// and a seller writing to an offline shopper gets code 12.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CODE, type ChatMessage, type ChatServerFrame } from '@bazaar/shared/schemas/chat';
import { chatConversations, chatMessages, products } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json } from '../test/account-test-kit.ts';
import { uploadedProductImage } from '../test/merchant-product-test-kit.ts';
import { JPEG, multipart, uploadImage } from '../test/shop-application-test-kit.ts';
import { ChatClient, chatAgent, chatMerchant, chatShopper, chatShops } from '../test/chat-test-kit.ts';

let t: TestApp;
/** The shop whose conversations are spied on, and another shop (each with one product). */
let shopId: number;
let otherShopId: number;
/** Fresh shops for the counts: nothing else in this file talks to them. */
let countShopId: number;
let offlineShopId: number;
const clients: ChatClient[] = [];

/** Time a third socket is given, after the legitimate recipient got a message, to (wrongly) get it too. */
const SETTLE_MS = 400;

beforeAll(async () => {
  t = await ensureSeeded();
  [shopId, otherShopId, countShopId, offlineShopId] = (await chatShops(t, 4)) as [number, number, number, number];
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

/** Opens a socket and waits until the hub has registered it (its first unread frame). */
async function online(token: string, userId: string | number, lang: 'zh' | 'en' = 'en'): Promise<ChatClient> {
  const client = await ChatClient.open(t.app, token, userId, lang);
  clients.push(client);
  await client.waitCode(CHAT_CODE.unread);
  return client;
}

const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
  body === undefined
    ? t.app.inject({ method, url, headers: { authorization: token, 'accept-language': 'en' } })
    : t.app.inject({ method, url, ...json(body, { headers: { authorization: token, 'accept-language': 'en' } }) });

/** Every message row of a conversation, straight from the table. */
async function storedMessages(conversationId: number) {
  return t.ctx.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(chatMessages.seq);
}

async function conversationRow(userId: string, shop: number) {
  const [row] = await t.ctx.db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), eq(chatConversations.shopId, shop)));
  return row;
}

async function productOf(shop: number): Promise<number> {
  const [row] = await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.shopId, shop)).limit(1);
  return row!.id;
}

/** Every frame that mentions the conversation: a message, a resume's page, or anything carrying its id. */
function framesAbout(client: ChatClient, conversationId: number): ChatServerFrame[] {
  return client.frames.filter((f) => {
    if (f.code === CHAT_CODE.message) return (f.data as ChatMessage).conversationId === conversationId;
    if (f.code === CHAT_CODE.history) return (f.data as { conversationId: number }).conversationId === conversationId;
    return typeof f.data === 'object' && f.data !== null && (f.data as { conversationId?: number }).conversationId === conversationId;
  });
}

const refusals = (client: ChatClient) => client.frames.filter((f) => f.code === CHAT_CODE.refused);

/** A shopper's first message to a shop (so the conversation exists), acknowledged: its conversation id. */
async function openConversation(buyer: ChatClient, toId: number, content: string): Promise<number> {
  const before = buyer.messages().length;
  buyer.say(toId, content);
  const list = await buyer.waitMessages(before + 1);
  const ack = list.find((m) => m.content === content)!;
  expect(ack).toBeDefined();
  return ack.conversationId;
}

describe('writing', () => {
  it('a seller writing into another shop\'s conversation gets code 4 conversationNotFound; nothing is stored or delivered', async () => {
    const shopper = await chatShopper(t);
    const buyer = await online(shopper.token, shopper.userId);
    const conversationId = await openConversation(buyer, shopId, 'hello shop');
    const otherMerchant = await chatMerchant(t, otherShopId);
    const intruder = await online(otherMerchant.token, otherMerchant.accountId);

    intruder.say(shopper.userId, 'buy from us instead', { clientMsgId: 'steal-1' });
    const refused = await intruder.waitCode(CHAT_CODE.refused);
    expect(refused).toMatchObject({ success: false, data: { clientMsgId: 'steal-1', reason: 'chat.errors.conversationNotFound' } });
    expect(refused.content).toBe('This conversation does not exist');
    // A card (read before the send) takes the same path and is refused the same way.
    intruder.say(shopper.userId, String(await productOf(otherShopId)), { msgType: 2, clientMsgId: 'steal-2' });
    await intruder.waitFor((f) => f.filter((x) => x.code === CHAT_CODE.refused).length >= 2);
    expect(refusals(intruder)[1]!.data).toMatchObject({ clientMsgId: 'steal-2', reason: 'chat.errors.conversationNotFound' });

    await new Promise((r) => setTimeout(r, SETTLE_MS));
    expect(intruder.messages()).toEqual([]);
    expect(buyer.messages().map((m) => m.content)).toEqual(['hello shop']);
    // Stored: the shopper's one message in the shop's conversation, and no conversation with the other shop.
    expect((await storedMessages(conversationId)).map((m) => m.content)).toEqual(['hello shop']);
    expect(await conversationRow(shopper.userId, otherShopId)).toBeUndefined();
    const list = await call('GET', '/p/user/conversations', shopper.token);
    expect(list.json().map((c: { toId: number }) => c.toId)).toEqual([shopId]);
  });
});

describe('reading', () => {
  it('another shop\'s seller, another shopper and a platform agent get nothing of a shop\'s conversation, live or by resume', async () => {
    // The three outsiders, each with a conversation of its own to resume (the proof its resume was answered).
    const otherMerchant = await chatMerchant(t, otherShopId);
    const stranger = await chatShopper(t);
    const agent = await chatAgent(t);
    const strangerSocket = await online(stranger.token, stranger.userId);
    const strangersShopConversation = await openConversation(strangerSocket, otherShopId, 'stranger to the other shop');
    const strangersServiceConversation = await openConversation(strangerSocket, 0, 'stranger asks the platform');

    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, shopId);
    const seller = await online(merchant.token, merchant.accountId);
    const buyer = await online(shopper.token, shopper.userId);
    const otherSeller = await online(otherMerchant.token, otherMerchant.accountId);
    const agentSocket = await online(agent.token, agent.adminId);
    const outsiders = [otherSeller, strangerSocket, agentSocket];

    const conversationId = await openConversation(buyer, shopId, 'secret: my address is 1 Elm St');
    await seller.waitFor(() => seller.messages(conversationId).find((m) => m.content === 'secret: my address is 1 Elm St'));
    seller.say(shopper.userId, 'secret: your code is 4711');
    await buyer.waitFor(() => buyer.messages(conversationId).find((m) => m.content === 'secret: your code is 4711'));
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    for (const spy of outsiders) {
      expect(framesAbout(spy, conversationId)).toEqual([]);
      expect(JSON.stringify(spy.frames)).not.toContain('secret:');
    }

    // Resume: the forbidden conversation first, then one of the outsider's own in the same frame
    // (a resume's items are answered in order, so once the own page is there, the forbidden one
    // would have been sent before it).
    const own = new Map<ChatClient, number>([
      [otherSeller, strangersShopConversation],
      [strangerSocket, strangersShopConversation],
      [agentSocket, strangersServiceConversation],
    ]);
    for (const spy of outsiders) {
      const mine = own.get(spy)!;
      spy.resume([
        { conversationId, lastSeq: 0 },
        { conversationId: mine, lastSeq: 0 },
      ]);
      await spy.waitFor((f) => f.find((x) => x.code === CHAT_CODE.history && (x.data as { conversationId: number }).conversationId === mine));
      expect(framesAbout(spy, conversationId)).toEqual([]);
      expect(JSON.stringify(spy.frames)).not.toContain('secret:');
    }
    // The shop's seller may resume it (a fresh socket, which has not had them live): the same request carries the messages.
    await seller.close();
    const sellerAgain = await online(merchant.token, merchant.accountId);
    sellerAgain.resume([{ conversationId, lastSeq: 0 }]);
    const page = await sellerAgain.waitFor((f) => f.find((x) => x.code === CHAT_CODE.history && (x.data as { conversationId: number }).conversationId === conversationId));
    expect((page.data as { messages: ChatMessage[] }).messages.map((m) => m.seq)).toEqual([1, 2]);
  });
});

describe('cards and images', () => {
  it('a product card must be the conversation shop\'s own product, from either side', async () => {
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, shopId);
    const seller = await online(merchant.token, merchant.accountId);
    const buyer = await online(shopper.token, shopper.userId);
    const conversationId = await openConversation(buyer, shopId, 'which tea?');
    const mine = await productOf(shopId);
    const theirs = await productOf(otherShopId);

    buyer.say(shopId, String(theirs), { msgType: 2, clientMsgId: 'card-other' });
    const buyerRefused = await buyer.waitCode(CHAT_CODE.refused);
    expect(buyerRefused).toMatchObject({ success: false, data: { clientMsgId: 'card-other', reason: 'chat.errors.productNotFound' }, content: 'The product does not exist' });
    seller.say(shopper.userId, String(theirs), { msgType: 2, clientMsgId: 'card-other-seller' });
    const sellerRefused = await seller.waitCode(CHAT_CODE.refused);
    expect(sellerRefused).toMatchObject({ data: { clientMsgId: 'card-other-seller', reason: 'chat.errors.productNotFound' }, content: 'The product does not exist' });
    // In Chinese too (the socket's language).
    const zhShopper = await chatShopper(t);
    const zhBuyer = await online(zhShopper.token, zhShopper.userId, 'zh');
    zhBuyer.say(shopId, String(theirs), { msgType: 2 });
    expect((await zhBuyer.waitCode(CHAT_CODE.refused)).content).toBe('商品不存在');

    seller.say(shopper.userId, String(mine), { msgType: 2, clientMsgId: 'card-own' });
    const card = await buyer.waitFor(() => buyer.messages(conversationId).find((m) => m.msgType === 2));
    expect(card).toMatchObject({ msgType: 2, content: String(mine), card: { prodId: mine, shopId } });
    const stored = await storedMessages(conversationId);
    expect(stored.map((m) => m.msgType)).toEqual([0, 2]);
    expect(stored[1]).toMatchObject({ content: String(mine) });
    const history = await call('GET', `/p/user/chat/history?toId=${shopId}`, shopper.token);
    expect(history.json().records.at(-1)).toMatchObject({ msgType: 2, card: { prodId: mine, shopId } });
  });

  it('a seller may send only its own shop\'s uploads; an agent only stored public ones', async () => {
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, shopId);
    const otherMerchant = await chatMerchant(t, otherShopId);
    const ownPath = await uploadedProductImage(t, merchant.token);
    const otherShopsPath = await uploadedProductImage(t, otherMerchant.token);
    const im = multipart('photo.jpg', JPEG);
    const shopperUpload = await t.app.inject({ method: 'POST', url: '/p/file/uploadImFile', payload: im.payload, headers: { ...im.headers, authorization: shopper.token } });
    expect(shopperUpload.statusCode, shopperUpload.body).toBe(200);
    const shoppersPath = shopperUpload.json() as string;
    for (const path of [ownPath, otherShopsPath, shoppersPath]) expect(path).toMatch(/^\/uploads\/images\//);

    const seller = await online(merchant.token, merchant.accountId);
    const buyer = await online(shopper.token, shopper.userId);
    const conversationId = await openConversation(buyer, shopId, 'a photo please');
    for (const [i, path] of [otherShopsPath, shoppersPath].entries()) {
      seller.say(shopper.userId, path, { msgType: 1, clientMsgId: `img-${i}` });
      await seller.waitFor((f) => f.filter((x) => x.code === CHAT_CODE.refused).length >= i + 1);
      expect(refusals(seller)[i]).toMatchObject({ data: { clientMsgId: `img-${i}`, reason: 'chat.errors.imageInvalid' }, content: 'Upload the image before sending it' });
    }
    seller.say(shopper.userId, ownPath, { msgType: 1, clientMsgId: 'img-own' });
    const sent = await buyer.waitFor(() => buyer.messages(conversationId).find((m) => m.msgType === 1));
    expect(sent).toMatchObject({ content: ownPath, clientMsgId: 'img-own' });
    expect((await storedMessages(conversationId)).map((m) => m.content)).toEqual(['a photo please', ownPath]);

    // Platform service: an agent answers from the queue; a path nobody stored, or a shopper's
    // private upload, is refused; a stored public image (staff cite any) goes out.
    const privateRes = await uploadImage(t, shopper.token, 'private');
    expect(privateRes.statusCode, privateRes.body).toBe(200);
    const privatePath = privateRes.json().path as string;
    const agent = await chatAgent(t);
    const agentSocket = await online(agent.token, agent.adminId);
    const serviceConversation = await openConversation(buyer, 0, 'platform help');
    agentSocket.say(shopper.userId, 'hello');
    await buyer.waitFor(() => buyer.messages(serviceConversation).find((m) => m.content === 'hello'));
    for (const [i, path] of ['/uploads/images/never-uploaded-by-anyone.png', privatePath].entries()) {
      agentSocket.say(shopper.userId, path, { msgType: 1, clientMsgId: `agent-img-${i}` });
      await agentSocket.waitFor((f) => f.filter((x) => x.code === CHAT_CODE.refused).length >= i + 1);
      expect(refusals(agentSocket)[i]).toMatchObject({ data: { clientMsgId: `agent-img-${i}`, reason: 'chat.errors.imageInvalid' } });
    }
    agentSocket.say(shopper.userId, ownPath, { msgType: 1 });
    await buyer.waitFor(() => buyer.messages(serviceConversation).find((m) => m.msgType === 1 && m.content === ownPath));
    expect((await storedMessages(serviceConversation)).map((m) => m.content)).toEqual(['platform help', 'hello', ownPath]);
  });
});

describe('unread counts', () => {
  it('the shopper\'s partial read, a cursor backwards and one past the end; the seller\'s read lowers the shop\'s count exactly', async () => {
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, countShopId);
    const seller = await online(merchant.token, merchant.accountId);
    const buyer = await online(shopper.token, shopper.userId);
    const conversationId = await openConversation(buyer, countShopId, 'q1'); // seq 1
    for (const text of ['a1', 'a2', 'a3']) seller.say(shopper.userId, text); // seq 2, 3, 4
    await buyer.waitFor(() => buyer.messages(conversationId).length >= 4);
    expect(buyer.messages(conversationId).map((m) => [m.seq, m.content])).toEqual([
      [1, 'q1'],
      [2, 'a1'],
      [3, 'a2'],
      [4, 'a3'],
    ]);
    const unreadOf = async () => (await call('GET', '/p/user/conversations', shopper.token)).json().find((c: { toId: number }) => c.toId === countShopId).unreadCount as number;
    expect(await unreadOf()).toBe(3);

    const read = (seq: number) => call('POST', '/p/user/chat/read', shopper.token, { toId: countShopId, seq });
    // Up to the second answer (seq 3): one left.
    expect((await read(3)).json()).toEqual({ unreadCount: 1 });
    expect(await unreadOf()).toBe(1);
    expect((await conversationRow(shopper.userId, countShopId))!.userReadSeq).toBe(3);
    // Backwards: nothing moves.
    expect((await read(1)).json()).toEqual({ unreadCount: 1 });
    expect((await conversationRow(shopper.userId, countShopId))!).toMatchObject({ userReadSeq: 3, userUnread: 1 });
    // Past the end: capped at the last message (4), not 999.
    expect((await read(999)).json()).toEqual({ unreadCount: 0 });
    expect((await conversationRow(shopper.userId, countShopId))!).toMatchObject({ userReadSeq: 4, userUnread: 0 });
    // So the next message (seq 5) is unread, and reading it works (a cursor left at 999 would hold it at 1).
    seller.say(shopper.userId, 'a4');
    await buyer.waitFor(() => buyer.messages(conversationId).find((m) => m.seq === 5));
    expect(await unreadOf()).toBe(1);
    expect((await read(5)).json()).toEqual({ unreadCount: 0 });

    // The shop's side: three more from the shopper (seq 6, 7, 8) unread for the shop (q1 was read by
    // the seller's answer: a send reads its own side up to it).
    for (const text of ['q2', 'q3', 'q4']) buyer.say(countShopId, text);
    await seller.waitFor(() => seller.messages(conversationId).find((m) => m.seq === 8));
    const inbox = async () => {
      const res = await call('GET', '/merchant/chat/conversations', merchant.token);
      const row = res.json().records.find((r: { userId: string }) => r.userId === shopper.userId);
      return { row: row.unreadCount as number, total: res.json().unreadTotal as number };
    };
    expect(await inbox()).toEqual({ row: 3, total: 3 });
    expect((await conversationRow(shopper.userId, countShopId))!).toMatchObject({ shopUnread: 3 });
    // The seller reads up to seq 7: only q4 is left.
    const sellerRead = await call('POST', `/merchant/chat/conversations/${shopper.userId}/read`, merchant.token, { seq: 7 });
    expect(sellerRead.statusCode, sellerRead.body).toBe(200);
    expect(sellerRead.json()).toEqual({ unreadCount: 1 });
    expect(await inbox()).toEqual({ row: 1, total: 1 });
    expect((await conversationRow(shopper.userId, countShopId))!).toMatchObject({ shopReadSeq: 7, shopUnread: 1 });
    // Backwards changes nothing; past the end reads all.
    expect((await call('POST', `/merchant/chat/conversations/${shopper.userId}/read`, merchant.token, { seq: 2 })).json()).toEqual({ unreadCount: 1 });
    expect((await call('POST', `/merchant/chat/conversations/${shopper.userId}/read`, merchant.token, { seq: 10_000 })).json()).toEqual({ unreadCount: 0 });
    expect((await conversationRow(shopper.userId, countShopId))!).toMatchObject({ shopReadSeq: 8, shopUnread: 0 });
  });
});

describe('offline', () => {
  it('code 12 (shopper offline) to a seller writing to a shopper with no socket open; the message is stored', async () => {
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, offlineShopId);
    const seller = await online(merchant.token, merchant.accountId);
    const buyer = await online(shopper.token, shopper.userId);
    const conversationId = await openConversation(buyer, offlineShopId, 'I will be back');
    // While the shopper is online, no code 12.
    seller.say(shopper.userId, 'welcome');
    await buyer.waitFor(() => buyer.messages(conversationId).find((m) => m.content === 'welcome'));
    await seller.waitFor(() => seller.messages(conversationId).find((m) => m.content === 'welcome'));
    expect(seller.frames.some((f) => f.code === CHAT_CODE.otherSideOffline)).toBe(false);

    await buyer.close();
    // The shop's inbox shows the shopper offline once the hub has let the socket go.
    for (let i = 0; ; i++) {
      const res = await call('GET', '/merchant/chat/conversations', merchant.token);
      if (res.json().records.find((r: { userId: string }) => r.userId === shopper.userId).online === false) break;
      if (i > 100) throw new Error('the shopper stayed online');
      await new Promise((r) => setTimeout(r, 50));
    }
    seller.say(shopper.userId, 'your parcel shipped', { clientMsgId: 'off-1' });
    const offline = await seller.waitCode(CHAT_CODE.otherSideOffline);
    expect(offline).toMatchObject({ data: { conversationId, seq: 3, reason: 'shopperOffline' }, content: 'The shopper is offline; the message will be delivered when they are back' });
    // Acknowledged and stored all the same.
    expect(await seller.waitFor(() => seller.messages(conversationId).find((m) => m.clientMsgId === 'off-1'))).toMatchObject({ seq: 3 });
    expect((await storedMessages(conversationId)).map((m) => m.content)).toEqual(['I will be back', 'welcome', 'your parcel shipped']);
  });
});
