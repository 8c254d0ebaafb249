// The chat across two API instances on PostgreSQL + Redis (decision 063): a shopper on one and a
// seller on the other talk live; a second login on the other instance closes the first socket
// (code 11); presence is shared (no code 12 when the seller is online elsewhere); platform agents on
// different instances (take, code 15, transfer); and a Redis drop (the subscriber connections
// killed) loses nothing: the instances re-subscribe by themselves and replay what went by.
// Skipped on the embedded database (PGlite's memory database cannot be shared).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CODE, type ChatMessage } from '@bazaar/shared/schemas/chat';
import { SUBSCRIBER_NAME } from '../modules/chat/runtime.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance, type TestInstance } from '../test/instances.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { ChatClient, chatAgent, chatMerchant, chatShopper, chatShops } from '../test/chat-test-kit.ts';

describe.skipIf(!SHARED_INFRASTRUCTURE)('chat across two API instances', () => {
  let t: TestApp;
  let b: TestInstance;
  let shopId: number;
  const clients: ChatClient[] = [];

  async function online(app: TestApp['app'], token: string, userId: string | number) {
    const client = await ChatClient.open(app, token, userId);
    clients.push(client);
    await client.waitCode(CHAT_CODE.unread);
    return client;
  }

  beforeAll(async () => {
    t = await ensureSeeded();
    b = await createTestInstance();
    shopId = (await chatShops(t, 1))[0]!;
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await b?.close();
  });

  it('a shopper on A and a seller on B talk live, with no code 12 (the seller is online elsewhere)', async () => {
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, shopId);
    const seller = await online(b.app, merchant.token, merchant.accountId);
    const flags = () => seller.frames.filter((f) => f.code === CHAT_CODE.unread).length;
    const buyer = await online(t.app, shopper.token, shopper.userId);
    buyer.say(shopId, 'hello from A', { clientMsgId: 'a-1' });
    const [got] = await seller.waitMessages(1);
    expect(got).toMatchObject({ content: 'hello from A', seq: 1, clientMsgId: 'a-1' });
    // The seller's unread flag on B followed the shopper's message on A; the inbox (asked on B) counts it.
    await seller.waitFor(() => flags() >= 2);
    const unreadOf = async () => {
      const inbox = await b.app.inject({ method: 'GET', url: '/merchant/chat/conversations?size=100', headers: { authorization: merchant.token } });
      return inbox.json().records.find((r: { userId: string }) => r.userId === shopper.userId)?.unreadCount;
    };
    expect(await unreadOf()).toBe(1);
    seller.say(shopper.userId, 'hello from B');
    const answer = await buyer.waitFor(() => buyer.messages().find((m) => m.content === 'hello from B'));
    expect(answer.seq).toBe(2);
    // Answering read it.
    expect(await unreadOf()).toBe(0);
    expect(buyer.frames.some((f) => f.code === CHAT_CODE.otherSideOffline)).toBe(false);
  });

  it('code 12 follows the seller across instances: none while online on B, at once when gone, none when back', async () => {
    // A shop of its own: the other tests leave their sellers online.
    const [ownShop] = await chatShops(t, 1);
    const shopper = await chatShopper(t);
    const merchant = await chatMerchant(t, ownShop!);
    const buyer = await online(t.app, shopper.token, shopper.userId);
    const offline = () => buyer.frames.filter((f) => f.code === CHAT_CODE.otherSideOffline);
    const acked = (clientMsgId: string) => buyer.waitFor(() => buyer.messages().find((m) => m.clientMsgId === clientMsgId));
    const sellerGone = async () => {
      for (const end = Date.now() + 5_000; b.app.chatHub.peersOf([`s:${ownShop}`]).length > 0; ) {
        if (Date.now() > end) throw new Error('the seller socket stayed');
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    let seller = await online(b.app, merchant.token, merchant.accountId);
    buyer.say(ownShop!, 'one', { clientMsgId: 'p-1' });
    await seller.waitMessages(1);
    await acked('p-1');
    // A's presence cache now holds the shop online (its TTL is 2 s: what follows is well within it).
    await seller.close();
    await sellerGone();
    await new Promise((r) => setTimeout(r, 100));
    buyer.say(ownShop!, 'two', { clientMsgId: 'p-2' });
    const two = await acked('p-2');
    const gone = await buyer.waitFor(() => offline().find((f) => (f.data as { seq: number }).seq === two.seq));
    expect(gone.data).toMatchObject({ conversationId: two.conversationId, reason: 'shopOffline' });
    seller = await online(b.app, merchant.token, merchant.accountId);
    await new Promise((r) => setTimeout(r, 100));
    buyer.say(ownShop!, 'three', { clientMsgId: 'p-3' });
    await seller.waitFor(() => seller.messages().find((m) => m.clientMsgId === 'p-3'));
    await acked('p-3');
    await new Promise((r) => setTimeout(r, 200));
    expect(offline()).toHaveLength(1);
  });

  it('a second login on the other instance closes the first socket with code 11', async () => {
    const shopper = await chatShopper(t);
    const first = await online(t.app, shopper.token, shopper.userId);
    await online(b.app, shopper.token, shopper.userId);
    await first.waitCode(CHAT_CODE.loggedInElsewhere);
    expect(await first.waitClosed()).toBe(4409);
  });

  it('agents on different instances: take on A, code 15 for the agent on B, transfer to B', async () => {
    const shopper = await chatShopper(t);
    const agentA = await chatAgent(t);
    const agentB = await chatAgent(t);
    const a = await online(t.app, agentA.token, agentA.adminId);
    const bb = await online(b.app, agentB.token, agentB.adminId);
    const buyer = await online(b.app, shopper.token, shopper.userId);
    buyer.say(0, 'help please');
    // Agents are online (on two instances): no 'customer service not online'.
    await a.waitFor(() => a.messages().find((m) => m.content === 'help please'));
    await bb.waitFor(() => bb.messages().find((m) => m.content === 'help please'));
    expect(buyer.frames.some((f) => f.code === CHAT_CODE.otherSideOffline)).toBe(false);
    a.say(shopper.userId, 'agent A here');
    await buyer.waitCode(CHAT_CODE.transferred);
    await buyer.waitFor(() => buyer.messages().find((m) => m.content === 'agent A here'));
    bb.say(shopper.userId, 'agent B too');
    await bb.waitCode(CHAT_CODE.notYourResponsibility);
    const move = await b.app.inject({ method: 'POST', url: `/admin/chat/conversations/${shopper.userId}/transfer`, headers: { authorization: agentA.token, 'content-type': 'application/json' }, payload: { toAdminId: agentB.adminId } });
    expect(move.statusCode, move.body).toBe(200);
    await bb.waitCode(CHAT_CODE.transferred);
    bb.say(shopper.userId, 'agent B now');
    await buyer.waitFor(() => buyer.messages().find((m) => m.content === 'agent B now'));
  });

  it('a Redis drop: the subscribers come back by themselves and nothing is lost or repeated', async () => {
    const limit = t.ctx.env.CHAT_MESSAGES_PER_10S;
    t.ctx.env.CHAT_MESSAGES_PER_10S = 1000;
    b.ctx.env.CHAT_MESSAGES_PER_10S = 1000;
    try {
      const shopper = await chatShopper(t);
      const merchant = await chatMerchant(t, shopId);
      const seller = await online(b.app, merchant.token, merchant.accountId);
      const buyer = await online(t.app, shopper.token, shopper.userId);
      buyer.say(shopId, 'before the drop');
      const [first] = await seller.waitMessages(1);
      const conversationId = first!.conversationId;

      // Kill every chat subscriber connection of this test database (both instances'), as a Redis restart would.
      const admin = new Redis(t.ctx.env.REDIS_URL!);
      try {
        const db = Number(new URL(t.ctx.env.REDIS_URL!).pathname.slice(1) || 0);
        const list = await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub');
        const ids = String(list)
          .split('\n')
          .filter((line) => line.includes(`name=${SUBSCRIBER_NAME}`) && line.includes(` db=${db} `))
          .map((line) => /id=(\d+)/.exec(line)![1]!);
        expect(ids.length).toBeGreaterThanOrEqual(2);
        const sending = (async () => {
          for (let i = 1; i <= 30; i++) {
            seller.say(shopper.userId, `during ${i}`, { clientMsgId: `d-${i}` });
            await new Promise((r) => setTimeout(r, 10));
          }
        })();
        for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
        await sending;
      } finally {
        admin.disconnect();
      }
      const all = await buyer.waitFor(() => {
        const list = buyer.messages(conversationId).filter((m) => m.fromSide === 2);
        return list.length >= 30 ? list : undefined;
      }, 20_000);
      await new Promise((r) => setTimeout(r, 500));
      const seqs = buyer.messages(conversationId).map((m: ChatMessage) => m.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(all.map((m) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `during ${i + 1}`));
      // Delivery works live again after the drop.
      seller.say(shopper.userId, 'after the drop');
      await buyer.waitFor(() => buyer.messages().find((m) => m.content === 'after the drop'), 10_000);
    } finally {
      t.ctx.env.CHAT_MESSAGES_PER_10S = limit;
      b.ctx.env.CHAT_MESSAGES_PER_10S = limit;
    }
  }, 60_000);
});
