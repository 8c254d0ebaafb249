// Group commit of sends (decision 063): the messages sent within one turn are stored by one
// statement, each conversation's seqs exact and gap-free in the order sent, a clientMsgId stored
// once (within a batch as across batches), a batch that fails retried message by message so each
// sender hears of its own failure, and nothing lost.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG_TYPE, CHAT_SIDE } from '@bazaar/shared/constants/chat';
import { countQueries } from '../../db/query-count.ts';
import { chatShops } from '../../test/chat-test-kit.ts';
import { registerBuyer } from '../../test/merchant-test-kit.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import * as repo from './repository.ts';
import * as chat from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

function text(fromSide: number, senderId: string, content: string, clientMsgId: string | null = randomUUID()): chat.SendInput {
  return { fromSide, senderId, msgType: CHAT_MSG_TYPE.text, content, card: null, clientMsgId, preview: content, at: new Date() };
}

/** A shopper and a conversation with a new shop, with no message yet. */
async function conversation(): Promise<{ userId: string; shopId: number; id: number }> {
  const [shopId] = (await chatShops(t, 1)) as [number];
  const { userId } = await registerBuyer(t);
  const row = await chat.ensureConversation(t.ctx.db, userId, shopId, new Date());
  return { userId, shopId, id: row.id };
}

describe('group commit of sends', () => {
  it('stores the messages sent in one turn with one statement: seqs in the order sent, counters as if sent one by one', async () => {
    const a = await conversation();
    const b = await conversation();
    const seller = '7';
    const { result, queries } = await countQueries(() =>
      Promise.all([
        chat.sendMessage(t.ctx, { userId: a.userId, shopId: a.shopId }, text(CHAT_SIDE.shopper, a.userId, 'a1')),
        chat.sendMessage(t.ctx, { id: b.id }, text(CHAT_SIDE.shopper, b.userId, 'b1')),
        chat.sendMessage(t.ctx, { id: a.id }, text(CHAT_SIDE.shop, seller, 'a2')),
        chat.sendMessage(t.ctx, { userId: a.userId, shopId: a.shopId }, text(CHAT_SIDE.shop, seller, 'a3')),
        chat.sendMessage(t.ctx, { id: b.id }, text(CHAT_SIDE.shopper, b.userId, 'b2')),
        chat.sendMessage(t.ctx, { userId: a.userId, shopId: a.shopId }, text(CHAT_SIDE.shopper, a.userId, 'a4')),
      ]),
    );
    expect(queries).toHaveLength(1);
    const [a1, b1, a2, a3, b2, a4] = result.map((sent) => sent!) as [chat.Sent, chat.Sent, chat.Sent, chat.Sent, chat.Sent, chat.Sent];
    expect([a1, a2, a3, a4].map((s) => [s.message.content, s.message.seq])).toEqual([
      ['a1', 1],
      ['a2', 2],
      ['a3', 3],
      ['a4', 4],
    ]);
    expect([b1, b2].map((s) => s.message.seq)).toEqual([1, 2]);
    // Each message sees the counts just before it, as a send of its own would.
    expect([a1, a2, a3, a4].map((s) => s.before)).toEqual([
      { userUnread: 0, shopUnread: 0 },
      { userUnread: 0, shopUnread: 1 },
      { userUnread: 1, shopUnread: 0 },
      { userUnread: 2, shopUnread: 0 },
    ]);
    expect(a3.conversation).toMatchObject({ lastSeq: 3, userReadSeq: 1, shopReadSeq: 3, userUnread: 2, shopUnread: 0, lastContent: 'a3' });
    const stored = await repo.conversationById(t.ctx.db, a.id);
    expect(stored).toMatchObject({ lastSeq: 4, userReadSeq: 4, shopReadSeq: 3, userUnread: 0, shopUnread: 1, lastContent: 'a4' });
    expect(a4.conversation).toMatchObject({ lastSeq: 4, userReadSeq: 4, shopReadSeq: 3, userUnread: 0, shopUnread: 1 });
    expect(await repo.conversationById(t.ctx.db, b.id)).toMatchObject({ lastSeq: 2, shopUnread: 2, userReadSeq: 2 });
  });

  it('stores a clientMsgId sent twice in one batch once, and a later resend answers the same message', async () => {
    const a = await conversation();
    const id = randomUUID();
    const pair = { userId: a.userId, shopId: a.shopId };
    const [first, copy, other] = await Promise.all([
      chat.sendMessage(t.ctx, pair, text(CHAT_SIDE.shopper, a.userId, 'once', id)),
      chat.sendMessage(t.ctx, pair, text(CHAT_SIDE.shopper, a.userId, 'once', id)),
      chat.sendMessage(t.ctx, pair, text(CHAT_SIDE.shopper, a.userId, 'next')),
    ]);
    expect(first).toMatchObject({ duplicate: false, message: { seq: 1, clientMsgId: id } });
    expect(copy).toMatchObject({ duplicate: true, message: { seq: 1, clientMsgId: id, content: 'once' } });
    expect(other).toMatchObject({ duplicate: false, message: { seq: 2 } });
    // A resend in a later batch, with others: the stored one, no seq taken.
    const [again, after] = await Promise.all([
      chat.sendMessage(t.ctx, { id: a.id }, text(CHAT_SIDE.shopper, a.userId, 'once', id)),
      chat.sendMessage(t.ctx, pair, text(CHAT_SIDE.shopper, a.userId, 'after')),
    ]);
    expect(again).toMatchObject({ duplicate: true, message: { id: first!.message.id, seq: 1 } });
    expect(after).toMatchObject({ duplicate: false, message: { seq: 3 } });
    const rows = await repo.messagesAfter(t.ctx.db, a.id, 0, 10);
    expect(rows.map((r) => r.content)).toEqual(['once', 'next', 'after']);
  });

  it('answers null for a conversation that does not exist, and stores the rest of the batch', async () => {
    const a = await conversation();
    const [missing, stored] = await Promise.all([
      chat.sendMessage(t.ctx, { userId: a.userId, shopId: a.shopId + 100_000 }, text(CHAT_SIDE.shopper, a.userId, 'nowhere')),
      chat.sendMessage(t.ctx, { id: a.id }, text(CHAT_SIDE.shopper, a.userId, 'here')),
    ]);
    expect(missing).toBeNull();
    expect(stored).toMatchObject({ message: { seq: 1, content: 'here' } });
  });

  it('reports a failed batch to each of its senders, one bad message failing only itself', async () => {
    const a = await conversation();
    // A sender id longer than its column fails the statement that holds it.
    const bad = 'x'.repeat(40);
    const settled = await Promise.allSettled([
      chat.sendMessage(t.ctx, { id: a.id }, text(CHAT_SIDE.shopper, a.userId, 'good 1')),
      chat.sendMessage(t.ctx, { id: a.id }, text(CHAT_SIDE.shop, bad, 'bad')),
      chat.sendMessage(t.ctx, { id: a.id }, text(CHAT_SIDE.shopper, a.userId, 'good 2')),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await repo.messagesAfter(t.ctx.db, a.id, 0, 10)).map((r) => [r.seq, r.content])).toEqual([
      [1, 'good 1'],
      [2, 'good 2'],
    ]);
    // Every message of the batch failing: every sender is told, nothing is stored, no seq is used.
    const all = await Promise.allSettled([1, 2, 3].map((n) => chat.sendMessage(t.ctx, { id: a.id }, text(CHAT_SIDE.shop, bad, `bad ${n}`))));
    expect(all.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await repo.conversationById(t.ctx.db, a.id)).toMatchObject({ lastSeq: 2 });
  });

  it('loses nothing in a burst larger than one statement: every message stored once, seqs 1..n per conversation', async () => {
    const convs = await Promise.all([conversation(), conversation(), conversation()]);
    const n = chat.SEND_BATCH_MAX + 50;
    const sends = Array.from({ length: n }, (_, i) => {
      const c = convs[i % convs.length]!;
      const fromShopper = i % 2 === 0;
      return chat.sendMessage(t.ctx, { id: c.id }, text(fromShopper ? CHAT_SIDE.shopper : CHAT_SIDE.shop, fromShopper ? c.userId : '9', `m${i}`));
    });
    const sent = await Promise.all(sends);
    for (const [k, c] of convs.entries()) {
      const mine = sent.filter((_, i) => i % convs.length === k).map((s) => s!.message);
      // In the order sent, with no gap and no repeat.
      expect(mine.map((m) => m.seq)).toEqual(mine.map((_, i) => i + 1));
      const rows = await repo.messagesAfter(t.ctx.db, c.id, 0, 1000);
      expect(rows.map((r) => [r.seq, r.content])).toEqual(mine.map((m) => [m.seq, m.content]));
      const row = await repo.conversationById(t.ctx.db, c.id);
      const last = mine.at(-1)!;
      expect(row!.lastSeq).toBe(mine.length);
      expect(sent.find((s) => s!.message.id === last.id)!.conversation).toMatchObject({ lastSeq: row!.lastSeq, userUnread: row!.userUnread, shopUnread: row!.shopUnread, userReadSeq: row!.userReadSeq, shopReadSeq: row!.shopReadSeq });
    }
  });
});
