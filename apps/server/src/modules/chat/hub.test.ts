// The hub's database work per message (decision 063, the 1,000 messages/s goal): the unread
// totals ('00000') of a burst's receivers are read in one statement per kind of reader, not one
// per socket (flows/chat.test.ts counts the send path's).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_CODE, CHAT_MSG_TYPE, CHAT_SIDE, type ChatServerFrame } from '@bazaar/shared/schemas/chat';
import { countQueries } from '../../db/query-count.ts';
import { createTestAdmin } from '../../test/admin-test-kit.ts';
import { chatShops } from '../../test/chat-test-kit.ts';
import { registerBuyer } from '../../test/merchant-test-kit.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { ChatHub, accountOf, targetsOf, type ChatIdentity, type ChatPeer } from './hub.ts';
import type { ChatEvent, ChatRuntime } from './runtime.ts';
import * as chat from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

/** A runtime of this test alone: the test hands events to the hub itself. */
function quietRuntime(): { runtime: ChatRuntime; emit: (event: ChatEvent) => void } {
  const handlers: Array<(event: ChatEvent) => void> = [];
  let generation = 0;
  const runtime: ChatRuntime = {
    bus: { instanceId: 'test', publish: () => {}, onEvent: (h) => void handlers.push(h), onResubscribed: () => {}, close: async () => {} },
    presence: { add: async () => {}, remove: async () => {}, refresh: async () => {}, online: async (keys) => keys.map(() => false), known: () => false },
    nextGeneration: async () => ++generation,
    close: async () => {},
  };
  return { runtime, emit: (event) => handlers.forEach((h) => h(event)) };
}

function fakePeer(who: ChatIdentity, id: string): ChatPeer & { frames: ChatServerFrame[] } {
  const frames: ChatServerFrame[] = [];
  return {
    id,
    who,
    targets: targetsOf(who),
    account: accountOf(who),
    generation: 0,
    lastSeen: Date.now(),
    frames,
    send: (frame) => void frames.push(frame),
    translate: (key) => key,
    close: () => {},
    terminate: () => {},
  };
}

const unreadFrames = (peer: { frames: ChatServerFrame[] }) => peer.frames.filter((f) => f.code === CHAT_CODE.unread);

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !check(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('database work per message', () => {
  it("a burst's unread totals are one statement per kind of reader, however many sockets receive it", async () => {
    const [shopA, shopB] = (await chatShops(t, 2)) as [number, number];
    const buyers = await Promise.all(Array.from({ length: 6 }, () => registerBuyer(t)));
    // Each shopper has i + 1 unread messages from shop A; shop B has one unread from each shopper.
    const at = t.ctx.now();
    for (const [i, buyer] of buyers.entries()) {
      const a = await chat.ensureConversation(t.ctx.db, buyer.userId, shopA, at);
      for (let n = 0; n <= i; n++) await chat.sendMessage(t.ctx, { id: a.id }, { fromSide: CHAT_SIDE.shop, senderId: '1', msgType: CHAT_MSG_TYPE.text, content: `m${n}`, card: null, clientMsgId: null, preview: `m${n}`, at });
      const b = await chat.ensureConversation(t.ctx.db, buyer.userId, shopB, at);
      await chat.sendMessage(t.ctx, { id: b.id }, { fromSide: CHAT_SIDE.shopper, senderId: buyer.userId, msgType: CHAT_MSG_TYPE.text, content: 'q', card: null, clientMsgId: null, preview: 'q', at });
    }
    const admin = await createTestAdmin(t, 'service');

    const { runtime, emit } = quietRuntime();
    const hub = new ChatHub(t.ctx, runtime, { error: () => {} });
    try {
      const peers = [
        ...buyers.map((b, i) => fakePeer({ kind: 'user', userId: b.userId }, `u${i}`)),
        fakePeer({ kind: 'shop', shopId: shopA, accountId: 1 }, 'sA'),
        fakePeer({ kind: 'shop', shopId: shopB, accountId: 2 }, 'sB'),
        fakePeer({ kind: 'agent', adminId: admin.id, name: admin.username }, 'ag'),
      ];
      for (const peer of peers) await hub.add(peer);
      await until(() => peers.every((p) => unreadFrames(p).length === 1));

      // One unread event for every target at once, as a burst of messages brings: the sockets'
      // totals are read together.
      const { queries } = await countQueries(async () => {
        emit({ t: 'unread', to: peers.flatMap((p) => p.targets) });
        await until(() => peers.every((p) => unreadFrames(p).length === 2));
      });
      const unreadStatements = queries.filter((q) => /_unread/.test(q));
      expect(unreadStatements).toHaveLength(3);
      expect(queries).toHaveLength(3);
      for (const [i, buyer] of buyers.entries()) {
        expect(unreadFrames(peers[i]!)[1]!.data).toBe(i + 1);
        expect(await chat.unreadOfUser(t.ctx.db, buyer.userId)).toBe(i + 1);
      }
      expect(unreadFrames(peers[6]!)[1]!.data).toBe(await chat.unreadOfShop(t.ctx.db, shopA));
      expect(unreadFrames(peers[7]!)[1]!.data).toBe(6);
      expect(unreadFrames(peers[8]!)[1]!.data).toBe(await chat.unreadOfAgent(t.ctx.db, admin.id));
      expect(unreadFrames(peers[7]!)[1]!.success).toBe(true);
    } finally {
      hub.close();
    }
  });
});

describe('presence', () => {
  it("extends every socket's presence once a beat, a small slice per tick: never all of them in one go", async () => {
    // Only the intervals are faked (the unread flush's timeout and the database keep real time).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { runtime } = quietRuntime();
    const calls: string[][] = [];
    runtime.presence.refresh = async (entries) => void calls.push(entries.map((e) => e.member));
    const hub = new ChatHub(t.ctx, runtime, { error: () => {} });
    try {
      const peers = Array.from({ length: 130 }, (_, i) => fakePeer({ kind: 'user', userId: `presence-${i}` }, `p${i}`));
      for (const peer of peers) await hub.add(peer);
      // One beat (15 s) in ticks of 250 ms: a slice of ceil(130 / 60) = 3 sockets per tick.
      for (let ms = 0; ms < 15_000; ms += 250) await vi.advanceTimersByTimeAsync(250);
      expect(Math.max(...calls.map((c) => c.length))).toBe(3);
      const times = new Map<string, number>();
      for (const member of calls.flat()) times.set(member, (times.get(member) ?? 0) + 1);
      expect(peers.filter((p) => !times.has(p.id))).toEqual([]);
      expect(Math.max(...times.values())).toBeLessThanOrEqual(2);
      // A socket gone mid-round is not extended again.
      hub.remove(peers[0]!);
      calls.length = 0;
      for (let ms = 0; ms < 15_000; ms += 250) await vi.advanceTimersByTimeAsync(250);
      expect(calls.flat()).not.toContain('p0');
      expect(new Set(calls.flat()).size).toBe(129);
    } finally {
      hub.close();
      vi.useRealTimers();
    }
  });

  it('makes up the ticks a slow refresh skipped: every socket is still extended within about one beat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { runtime } = quietRuntime();
    const extended = new Map<string, number>();
    const inFlight: Array<() => void> = [];
    // Each refresh answers a second later: three ticks of four find a slice still in flight.
    runtime.presence.refresh = (entries) =>
      new Promise<void>((resolve) =>
        inFlight.push(() => {
          for (const e of entries) extended.set(e.member, Date.now());
          resolve();
        }),
      );
    const hub = new ChatHub(t.ctx, runtime, { error: () => {} });
    try {
      const peers = Array.from({ length: 120 }, (_, i) => fakePeer({ kind: 'user', userId: `slow-presence-${i}` }, `s${i}`));
      for (const peer of peers) await hub.add(peer);
      const start = Date.now();
      for (let tick = 1; tick <= 68; tick++) {
        await vi.advanceTimersByTimeAsync(250);
        if (tick % 4 === 0) for (const answer of inFlight.splice(0)) answer();
      }
      // 120 sockets at 2 a tick would take 60 s of one-second refreshes, past the presence's 47.5 s
      // lifetime; covering the time since the last slice, the round takes one beat (15 s) and a second.
      expect(peers.filter((p) => !extended.has(p.id))).toEqual([]);
      expect(Math.max(...extended.values()) - start).toBeLessThanOrEqual(17_000);
    } finally {
      hub.close();
      vi.useRealTimers();
    }
  });
});
