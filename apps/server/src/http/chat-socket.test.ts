// The chat socket with real `ws` clients against the listening test app (embedded database and the
// in-process twin, or PostgreSQL + Redis when the run has them): every code, acknowledgement and
// dedupe by client message id, delivery to the other side, resume without loss or duplicates,
// unread counts, the platform queue with take, code 15, transfer and expiry, and the limits.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CHAT_CODE, CHAT_FRAME_MAX_BYTES, CHAT_TEXT_MAX, type ChatMessage } from '@bazaar/shared/schemas/chat';
import { PassThrough } from 'node:stream';
import { createLogger } from '../lib/logger.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { jobHandlers } from '../jobs.ts';
import { CHAT_EXPIRY_JOB } from '../flows/chat.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json } from '../test/account-test-kit.ts';
import { createPaidOrder } from '../test/merchant-test-kit.ts';
import { buildApp } from '../app.ts';
import { ChatClient, chatAgent, chatMerchant, chatShopper, chatShops } from '../test/chat-test-kit.ts';

let t: TestApp;
let shopId: number;
let otherShopId: number;
const clients: ChatClient[] = [];

async function open(token: string, userId: string | number, lang: 'zh' | 'en' = 'zh') {
  const client = await ChatClient.open(t.app, token, userId, lang);
  clients.push(client);
  return client;
}

/** Opens and waits until the hub has registered the socket (its first unread frame). */
async function online(token: string, userId: string | number, lang: 'zh' | 'en' = 'zh') {
  const client = await open(token, userId, lang);
  await client.waitCode(CHAT_CODE.unread);
  return client;
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopId, otherShopId] = (await chatShops(t, 2)) as [number, number];
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('identification', () => {
  it('a bad token gets code 10 and a close; so does a userId that is not the token\'s', async () => {
    const bad = await open('not-a-token', '0123456789abcdef0123456789abcdef', 'en');
    const frame = await bad.waitCode(CHAT_CODE.userInfoFailed);
    expect(frame.content).toBe('Account offline, please log in again');
    expect(await bad.waitClosed()).toBe(4401);

    const shopper = await chatShopper(t);
    const other = await chatShopper(t);
    const wrong = await open(shopper.token, other.userId);
    expect((await wrong.waitCode(CHAT_CODE.userInfoFailed)).content).toBe('账号已下线，请重新登录');
    expect(await wrong.waitClosed()).toBe(4401);
  });

  it('answers the heartbeat and sends the unread flag on open', async () => {
    const shopper = await chatShopper(t);
    const client = await open(shopper.token, shopper.userId);
    client.heartbeat();
    const beat = await client.waitCode(CHAT_CODE.heartbeat);
    expect(beat).toMatchObject({ content: 'HEART_BEAT', success: true });
    const unread = await client.waitCode(CHAT_CODE.unread);
    expect(unread).toMatchObject({ data: 0, success: false });
  });

  it('a second login of the same account gets the first socket code 11 and a close', async () => {
    const shopper = await chatShopper(t);
    const first = await online(shopper.token, shopper.userId, 'en');
    const second = await online(shopper.token, shopper.userId, 'en');
    const kicked = await first.waitCode(CHAT_CODE.loggedInElsewhere);
    expect(kicked.content).toBe('Logged in elsewhere, please refresh');
    expect(await first.waitClosed()).toBe(4409);
    second.heartbeat();
    await second.waitCode(CHAT_CODE.heartbeat);
    expect(second.closeCode).toBeNull();
  });

  it('the token never reaches a request log line', async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (chunk) => lines.push(String(chunk)));
    const log = createLogger('info', out);
    log.info({ req: { method: 'GET', url: '/im/websocket/online/user/secret-token-123/abc?lang=en', ip: '127.0.0.1' } }, 'incoming request');
    log.info({ req: { method: 'GET', url: '/api/im/websocket/online/user/secret-token-123/abc' } }, 'incoming request');
    await new Promise((r) => setImmediate(r));
    expect(lines.join('')).not.toContain('secret-token-123');
    expect(lines.join('')).toContain('/im/websocket/online/user/[redacted]/abc');
  });
});

describe('a shopper and a seller', () => {
  it('delivers live both ways, acknowledges with the seq, and stores a resend once', async () => {
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, shopId);
    const seller = await online(merchant.token, merchant.accountId);
    // Another app built on the same context (as some tests and tools do) closing leaves this one's presence.
    const second = await buildApp({ ctx: t.ctx });
    await second.ready();
    await second.close();
    const buyer = await online(shopper.token, shopper.userId);

    buyer.say(shopId, 'Is this tea from this year?', { clientMsgId: 'c-1' });
    const [ack] = await buyer.waitMessages(1);
    expect(ack).toMatchObject({ seq: 1, clientMsgId: 'c-1', fromSide: 1, content: 'Is this tea from this year?', shopId, userId: shopper.userId });
    const [got] = await seller.waitMessages(1);
    expect(got).toEqual(ack);

    // The same client message id again (a timeout, a second tab): the stored one, nothing new.
    buyer.say(shopId, 'Is this tea from this year?', { clientMsgId: 'c-1' });
    await buyer.waitFor((f) => f.filter((x) => x.code === CHAT_CODE.message).length >= 2);
    expect(buyer.frames.filter((f) => f.code === CHAT_CODE.message).map((f) => (f.data as ChatMessage).seq)).toEqual([1, 1]);

    seller.say(shopper.userId, 'Yes, picked this spring.');
    const answers = await buyer.waitFor((f) => f.filter((x) => x.code === CHAT_CODE.message && (x.data as ChatMessage).fromSide === 2).map((x) => x.data as ChatMessage)[0]);
    expect(answers).toMatchObject({ seq: 2, content: 'Yes, picked this spring.' });
    await new Promise((r) => setTimeout(r, 300));
    expect(seller.messages().map((m) => m.seq)).toEqual([1, 2]);

    // Unread: the seller's answer is unread for the shopper until read.
    const list = await t.app.inject({ method: 'GET', url: '/p/user/conversations', headers: { authorization: shopper.token } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()[0]).toMatchObject({ toId: shopId, unreadCount: 1, lastContent: 'Yes, picked this spring.', lastSeq: 2 });
    await buyer.waitFor((f) => f.some((x) => x.code === CHAT_CODE.unread && x.data === 1));
    const read = await t.app.inject({ method: 'POST', url: '/p/user/chat/read', ...json({ toId: shopId, seq: 2 }, { headers: { authorization: shopper.token } }) });
    expect(read.json()).toEqual({ unreadCount: 0 });
    await buyer.waitFor((f) => f.at(-1)?.code === CHAT_CODE.unread && f.at(-1)?.data === 0);
  });

  it('code 12 when the seller is offline or away, and the message waits for them', async () => {
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, otherShopId);
    const buyer = await online(shopper.token, shopper.userId, 'en');
    buyer.say(otherShopId, 'anyone there?');
    const offline = await buyer.waitCode(CHAT_CODE.otherSideOffline);
    expect(offline.data).toMatchObject({ seq: 1, reason: 'shopOffline' });
    expect(offline.content).toBe('The seller is offline; your message will be delivered when they are back');

    const away = await t.app.inject({ method: 'PUT', url: '/merchant/chat/status', ...json({ away: true }, { headers: { authorization: merchant.token } }) });
    expect(away.json()).toMatchObject({ away: true });
    const seller = await online(merchant.token, merchant.accountId);
    const unreadFrames = () => seller.frames.filter((f) => f.code === CHAT_CODE.unread).length;
    const unreadBefore = unreadFrames();
    buyer.say(otherShopId, 'hello?');
    await buyer.waitFor((f) => f.filter((x) => x.code === CHAT_CODE.otherSideOffline).length === 2);
    expect((buyer.frames.filter((x) => x.code === CHAT_CODE.otherSideOffline)[1]!.data as { reason: string }).reason).toBe('shopAway');
    // The shopper's own socket has it (acknowledged); the away shop's socket is not reached, not even its unread total.
    expect(buyer.messages().map((m) => m.content)).toEqual(['anyone there?', 'hello?']);
    await new Promise((r) => setTimeout(r, 500));
    expect(seller.messages()).toEqual([]);
    expect(unreadFrames()).toBe(unreadBefore);

    // Back online: the message that waited reaches the seller's socket, then its unread total.
    await t.app.inject({ method: 'PUT', url: '/merchant/chat/status', ...json({ away: false }, { headers: { authorization: merchant.token } }) });
    const waited = await seller.waitFor((f) => f.find((x) => x.code === CHAT_CODE.message && (x.data as ChatMessage).content === 'hello?'));
    expect((waited.data as ChatMessage).seq).toBe(2);
    const total = await seller.waitFor((f) => f.slice(f.indexOf(waited)).find((x) => x.code === CHAT_CODE.unread));
    expect(total.data).toBeGreaterThanOrEqual(2);

    // The inbox has both unread; a resume brings what the socket lacks, and nothing twice.
    const inbox = await t.app.inject({ method: 'GET', url: '/merchant/chat/conversations', headers: { authorization: merchant.token } });
    const row = inbox.json().records.find((r: { userId: string }) => r.userId === shopper.userId);
    expect(row).toMatchObject({ unreadCount: 2, online: true });
    seller.resume([{ conversationId: row.conversationId, lastSeq: 0 }]);
    await seller.waitFor((f) => f.find((x) => x.code === CHAT_CODE.history));
    expect(seller.messages(row.conversationId).map((m) => m.seq).sort()).toEqual([1, 2]);

    // Online again, the next message is live.
    buyer.say(otherShopId, 'still there?');
    await seller.waitFor((f) => f.find((x) => x.code === CHAT_CODE.message && (x.data as ChatMessage).content === 'still there?'));
  });

  it('resume: 50 messages from the seller while the shopper drops twice arrive once each, in order', async () => {
    // The seller types faster than the per-account limit allows (checked in its own test).
    const limit = t.ctx.env.CHAT_MESSAGES_PER_10S;
    t.ctx.env.CHAT_MESSAGES_PER_10S = 1000;
    onTestFinished(() => {
      t.ctx.env.CHAT_MESSAGES_PER_10S = limit;
    });
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, shopId);
    const seller = await online(merchant.token, merchant.accountId);
    let buyer = await online(shopper.token, shopper.userId);
    buyer.say(shopId, 'start');
    const [first] = await buyer.waitMessages(1);
    const conversationId = first!.conversationId;
    const received: ChatMessage[] = [first!];
    const take = (client: ChatClient) => {
      for (const m of client.messages(conversationId)) if (!received.some((r) => r.seq === m.seq)) received.push(m);
    };
    // A client resumes from the last seq up to which it holds every message (not the highest it
    // saw: a socket may die after a live message but before its resume's answer arrived).
    const lastSeq = () => {
      const held = new Set(received.map((m) => m.seq));
      let n = 0;
      while (held.has(n + 1)) n += 1;
      return n;
    };

    for (let i = 1; i <= 50; i++) {
      seller.say(shopper.userId, `m${i}`, { clientMsgId: `s-${i}` });
      if (i === 15 || i === 35) {
        // The shopper's network drops: its socket dies without a goodbye, messages keep coming.
        await buyer.waitMessages(2);
        take(buyer);
        buyer.socket.terminate();
        await new Promise((r) => setTimeout(r, 50));
      }
      if (i === 25 || i === 45) {
        buyer = await online(shopper.token, shopper.userId);
        buyer.resume([{ conversationId, lastSeq: lastSeq() }]);
      }
    }
    await seller.waitFor((f) => f.filter((x) => x.code === CHAT_CODE.message && (x.data as ChatMessage).fromSide === 2).length >= 50, 15_000);
    await buyer.waitFor(() => buyer.messages(conversationId).some((m) => m.seq === 51), 15_000);
    take(buyer);
    // Every socket got each message at most once (a duplicate would repeat a seq within one socket);
    // the live ones in order, and a resume's list in order.
    for (const client of clients.filter((c) => c.messages(conversationId).length > 0)) {
      const seqs = client.messages(conversationId).map((m) => m.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      const live = client.frames.filter((f) => f.code === CHAT_CODE.message && (f.data as ChatMessage).conversationId === conversationId).map((f) => (f.data as ChatMessage).seq);
      expect([...live].sort((a, b) => a - b)).toEqual(live);
    }
    expect(received.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    expect(received.filter((m) => m.fromSide === 2).map((m) => m.content).sort()).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 1}`).sort());
  }, 60_000);

  it('history pages upward and nobody reads another\'s conversation', async () => {
    const shopper = await chatShopper(t);
    const stranger = await chatShopper(t);
    const buyer = await online(shopper.token, shopper.userId);
    for (let i = 1; i <= 5; i++) buyer.say(shopId, `h${i}`);
    await buyer.waitMessages(5);
    const page = await t.app.inject({ method: 'GET', url: `/p/user/chat/history?toId=${shopId}&size=2`, headers: { authorization: shopper.token } });
    expect(page.json()).toMatchObject({ hasMore: true });
    expect(page.json().records.map((m: ChatMessage) => m.content)).toEqual(['h4', 'h5']);
    const older = await t.app.inject({ method: 'GET', url: `/p/user/chat/history?toId=${shopId}&size=2&beforeSeq=4`, headers: { authorization: shopper.token } });
    expect(older.json().records.map((m: ChatMessage) => m.content)).toEqual(['h2', 'h3']);
    // The stranger's history of that shop is its own (empty), and its socket cannot resume ours.
    const theirs = await t.app.inject({ method: 'GET', url: `/p/user/chat/history?toId=${shopId}`, headers: { authorization: stranger.token } });
    expect(theirs.json()).toMatchObject({ conversationId: null, records: [] });
    const spy = await online(stranger.token, stranger.userId);
    spy.resume([{ conversationId: page.json().conversationId, lastSeq: 0 }]);
    spy.heartbeat();
    await spy.waitCode(CHAT_CODE.heartbeat);
    expect(spy.frames.some((f) => f.code === CHAT_CODE.history)).toBe(false);
    // Another shop's seller cannot read it either.
    const merchant = await chatMerchant(t, otherShopId);
    const res = await t.app.inject({ method: 'GET', url: `/merchant/chat/conversations/${shopper.userId}/history`, headers: { authorization: merchant.token } });
    expect(res.statusCode).toBe(404);
  });
});

describe('limits and checks', () => {
  it('refuses text over the limit, frames over 8 KiB, garbage, and more than the rate per account (code 4)', async () => {
    const shopper = await chatShopper(t);
    const buyer = await online(shopper.token, shopper.userId, 'en');
    buyer.say(shopId, 'x'.repeat(CHAT_TEXT_MAX + 1), { clientMsgId: 'long' });
    const long = await buyer.waitCode(CHAT_CODE.refused);
    expect(long).toMatchObject({ success: false, data: { clientMsgId: 'long', reason: 'chat.errors.contentTooLong' } });
    expect(long.content).toBe(`A message can have at most ${CHAT_TEXT_MAX} characters`);
    buyer.frames.length = 0;
    buyer.send(JSON.stringify({ toId: shopId, msgType: 0, content: 'y'.repeat(CHAT_FRAME_MAX_BYTES) }));
    expect((await buyer.waitCode(CHAT_CODE.refused)).data).toMatchObject({ reason: 'chat.errors.frameTooLarge' });
    buyer.frames.length = 0;
    buyer.send('{not json');
    expect((await buyer.waitCode(CHAT_CODE.refused)).data).toMatchObject({ reason: 'chat.errors.frameInvalid' });
    buyer.frames.length = 0;
    buyer.say(shopId, '   ');
    expect((await buyer.waitCode(CHAT_CODE.refused)).data).toMatchObject({ reason: 'chat.errors.contentRequired' });
    buyer.frames.length = 0;
    for (let i = 0; i < t.ctx.env.CHAT_MESSAGES_PER_10S + 3; i++) buyer.say(shopId, `r${i}`);
    const fast = await buyer.waitFor((f) => f.find((x) => x.code === CHAT_CODE.refused && (x.data as { reason: string }).reason === 'chat.errors.tooFast'));
    expect(fast.content).toBe('You are sending too fast, please try again later');
    await buyer.waitFor((f) => f.filter((x) => x.code === CHAT_CODE.refused).length >= 2);
    // CHAT_RATE_MAX minus the refused earlier ones counted in the same window.
    expect(buyer.messages().length).toBeLessThanOrEqual(t.ctx.env.CHAT_MESSAGES_PER_10S);
  });

  it('cards: my own order with the shop and the shop\'s product go out as cards; someone else\'s order or an image not uploaded do not', async () => {
    const shopper = await chatShopper(t);
    const other = await chatShopper(t);
    const mine = await createPaidOrder(t, shopper, shopId, { lines: 1, count: 1 });
    const theirs = await createPaidOrder(t, other, shopId, { lines: 1, count: 1 });
    const buyer = await online(shopper.token, shopper.userId);
    buyer.say(shopId, mine.orderNumber, { msgType: 3 });
    const [card] = await buyer.waitMessages(1);
    expect(card).toMatchObject({ msgType: 3, content: mine.orderNumber, card: { orderNumber: mine.orderNumber, shopId, productCount: 1 } });
    buyer.say(shopId, theirs.orderNumber, { msgType: 3 });
    expect((await buyer.waitCode(CHAT_CODE.refused)).data).toMatchObject({ reason: 'chat.errors.orderNotFound' });
    buyer.frames.length = 0;
    buyer.say(shopId, '/uploads/images/someone-elses.png', { msgType: 1 });
    expect((await buyer.waitCode(CHAT_CODE.refused)).data).toMatchObject({ reason: 'chat.errors.imageInvalid' });
    buyer.frames.length = 0;
    const recent = await t.app.inject({ method: 'POST', url: '/p/user/recentBrowse', payload: `shopId=${shopId}&current=1&size=5`, headers: { authorization: shopper.token, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json().orders.records.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([mine.orderNumber]);
  });
});

describe('platform customer service', () => {
  it('queue, take, code 15 for another agent, transfer (code 3), not online, and the idle expiry (code 16)', async () => {
    const shopper = await chatShopper(t);
    const buyer = await online(shopper.token, shopper.userId, 'en');
    const a = await chatAgent(t);
    const b = await chatAgent(t);
    // Nobody online to answer: code 12 'customer service not online'; the message waits in the queue.
    buyer.say(0, 'I need help with a refund');
    const noService = await buyer.waitCode(CHAT_CODE.otherSideOffline);
    expect(noService.data).toMatchObject({ reason: 'serviceOffline' });
    expect(noService.content).toContain('Customer service is not online');

    const agentA = await online(a.token, a.adminId);
    const agentB = await online(b.token, b.adminId);
    const queue = await t.app.inject({ method: 'GET', url: '/admin/chat/conversations?scope=queue', headers: { authorization: a.token } });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().records.some((r: { userId: string }) => r.userId === shopper.userId)).toBe(true);

    const took = await t.app.inject({ method: 'POST', url: `/admin/chat/conversations/${shopper.userId}/take`, headers: { authorization: a.token } });
    expect(took.statusCode, took.body).toBe(200);
    expect(took.json()).toMatchObject({ status: 1, agentId: a.adminId });
    const transferred = await buyer.waitCode(CHAT_CODE.transferred);
    expect(transferred.data).toMatchObject({ agentId: a.adminId, agentName: a.username });

    // B answering A's conversation: code 15, and nothing is stored.
    agentB.say(shopper.userId, 'let me help');
    const notYours = await agentB.waitCode(CHAT_CODE.notYourResponsibility);
    expect(notYours.content).toBe('不是你负责的会话');
    const bTake = await t.app.inject({ method: 'POST', url: `/admin/chat/conversations/${shopper.userId}/take`, headers: { authorization: b.token, 'accept-language': 'en' } });
    expect(bTake.statusCode).toBe(400);
    expect(bTake.body).toContain('Not your responsibility');

    agentA.say(shopper.userId, 'Hello, I am here');
    await buyer.waitFor(() => buyer.messages().find((m) => m.fromSide === 2));
    const move = await t.app.inject({ method: 'POST', url: `/admin/chat/conversations/${shopper.userId}/transfer`, ...json({ toAdminId: b.adminId }, { headers: { authorization: a.token } }) });
    expect(move.statusCode, move.body).toBe(200);
    await buyer.waitFor((f) => f.find((x) => x.code === CHAT_CODE.transferred && (x.data as { agentId: number }).agentId === b.adminId));
    await agentB.waitCode(CHAT_CODE.transferred);
    agentB.say(shopper.userId, 'B here');
    await buyer.waitFor(() => buyer.messages().find((m) => m.content === 'B here'));

    // Idle past CHAT_SERVICE_IDLE_SECONDS: the job expires it; both sides get code 16.
    t.advanceClock((t.ctx.env.CHAT_SERVICE_IDLE_SECONDS + 5) * 1000);
    try {
      // Earlier runs on a kept database may have left due ones too: run them all.
      while ((await runDueJobs(t.ctx.db, { [CHAT_EXPIRY_JOB]: jobHandlers(t.ctx)[CHAT_EXPIRY_JOB]! }, t.ctx.now())) >= 20);
    } finally {
      t.resetClock();
    }
    const expired = await buyer.waitCode(CHAT_CODE.consultExpired);
    expect(expired.content).toBe('The consultation expired, please consult again');
    await agentB.waitCode(CHAT_CODE.consultExpired);
    // The shopper consults again: back in the queue.
    buyer.say(0, 'one more question');
    await buyer.waitFor(() => buyer.messages().find((m) => m.content === 'one more question'));
    const again = await t.app.inject({ method: 'GET', url: '/admin/chat/conversations?scope=queue', headers: { authorization: b.token } });
    expect(again.json().records.find((r: { userId: string }) => r.userId === shopper.userId)).toMatchObject({ status: 0 });
  });
});
