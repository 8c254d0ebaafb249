// The send path's database work (decision 063, the 1,000 messages/s goal): a shopper's or a
// seller's text to an existing conversation is one statement and no transaction (the conversation
// found by its two sides, the seq, the counters, the message, the counts before it and the shop's
// away setting), shared with the other messages of its turn (modules/chat/send-batch.test.ts).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import { CHAT_CODE, CHAT_MSG_TYPE, ChatSendSchema, type ChatServerFrame } from '@bazaar/shared/schemas/chat';
import { countQueries } from '../db/query-count.ts';
import { shops } from '../db/schema.ts';
import { conversationOf } from '../modules/chat/service.ts';
import { accountOf, targetsOf, type ChatIdentity, type ChatPeer } from '../modules/chat/hub.ts';
import { chatShops } from '../test/chat-test-kit.ts';
import { registerBuyer } from '../test/merchant-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { sendFromSocket } from './chat.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

function fakePeer(who: ChatIdentity): ChatPeer {
  const frames: ChatServerFrame[] = [];
  return { id: randomUUID(), who, targets: targetsOf(who), account: accountOf(who), generation: 0, lastSeen: Date.now(), send: (f) => void frames.push(f), translate: (k) => k, close: () => {}, terminate: () => {} };
}

describe('the send path', () => {
  it("a shopper's first text is three statements, and one to an existing conversation is one, without BEGIN/COMMIT", async () => {
    const [shopId] = (await chatShops(t, 1)) as [number];
    const buyer = await registerBuyer(t);
    const peer = fakePeer({ kind: 'user', userId: buyer.userId });
    // The first: the send finds no conversation, one statement makes it (if the shop is open), the send by its id.
    const opened = await countQueries(() => sendFromSocket(t.ctx, peer, ChatSendSchema.parse({ toId: shopId, msgType: CHAT_MSG_TYPE.text, content: 'first', clientMsgId: randomUUID() })));
    expect(opened.result.map((f) => f.code)).toEqual([CHAT_CODE.otherSideOffline]);
    expect(opened.queries).toHaveLength(3);
    const { result, queries } = await countQueries(() => sendFromSocket(t.ctx, peer, ChatSendSchema.parse({ toId: shopId, msgType: CHAT_MSG_TYPE.text, content: 'second', clientMsgId: randomUUID() })));
    expect(result.map((f) => f.code)).toEqual([CHAT_CODE.otherSideOffline]);
    expect(queries).toHaveLength(1);
  });

  it('a resend of the same client message id stores nothing and answers the stored message, seq unchanged', async () => {
    const [shopId] = (await chatShops(t, 1)) as [number];
    const buyer = await registerBuyer(t);
    const peer = fakePeer({ kind: 'user', userId: buyer.userId });
    const clientMsgId = randomUUID();
    const frame = ChatSendSchema.parse({ toId: shopId, msgType: CHAT_MSG_TYPE.text, content: 'once', clientMsgId });
    await sendFromSocket(t.ctx, peer, frame);
    const again = await sendFromSocket(t.ctx, peer, frame);
    expect(again.map((f) => f.code)).toEqual([CHAT_CODE.message]);
    expect((again[0]!.data as { seq: number }).seq).toBe(1);
    const next = await sendFromSocket(t.ctx, peer, ChatSendSchema.parse({ toId: shopId, msgType: CHAT_MSG_TYPE.text, content: 'next', clientMsgId: randomUUID() }));
    expect(next.map((f) => f.code)).toEqual([CHAT_CODE.otherSideOffline]);
    expect((next[0]!.data as { seq: number }).seq).toBe(2);
  });

  it('a first message to a closed shop makes no conversation', async () => {
    const [shopId] = (await chatShops(t, 1)) as [number];
    await t.ctx.db.update(shops).set({ status: SHOP_STATUS.offline }).where(eq(shops.id, shopId));
    const buyer = await registerBuyer(t);
    const peer = fakePeer({ kind: 'user', userId: buyer.userId });
    const answer = await sendFromSocket(t.ctx, peer, ChatSendSchema.parse({ toId: shopId, msgType: CHAT_MSG_TYPE.text, content: 'hello', clientMsgId: randomUUID() }));
    expect(answer.map((f) => [f.code, (f.data as { reason: string }).reason])).toEqual([[CHAT_CODE.refused, 'chat.errors.shopNotFound']]);
    expect(await conversationOf(t.ctx.db, buyer.userId, shopId)).toBeNull();
  });
});
