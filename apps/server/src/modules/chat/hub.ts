// This instance's chat sockets (decision 063). Every outgoing frame of a socket but the heartbeat's
// answer goes through its own queue, and the socket remembers the last seq it was sent per conversation: a message right after
// it is sent, one at or before it is a duplicate and dropped, one further on first reads the gap from
// the database. So a socket receives each conversation's messages once and in order, whether they
// come live from this instance, through Redis from another, from a resume or from the replay after
// a Redis outage.
import { CHAT_CODE, CHAT_RESUME_MAX, CHAT_SILENT_CLOSE_MS, type ChatOfflineReason } from '@bazaar/shared/constants/chat';
import type { ChatMessage, ChatServerFrame } from '@bazaar/shared/schemas/chat';
import type { AppContext } from '../../context.ts';
import * as repo from './repository.ts';
import type { ChatEvent, ChatRuntime, ChatTarget } from './runtime.ts';
import { toChatMessage } from './service.ts';

/** Who holds a socket. */
export type ChatIdentity =
  | { kind: 'user'; userId: string }
  | { kind: 'shop'; shopId: number; accountId: number }
  | { kind: 'agent'; adminId: number; name: string };

export interface ChatPeer {
  readonly id: string;
  readonly who: ChatIdentity;
  /** The targets this socket listens to. */
  readonly targets: readonly ChatTarget[];
  /** The account, for code 11: one live socket per account. */
  readonly account: string;
  generation: number;
  lastSeen: number;
  /** Sends a frame; content already in the socket's language. */
  send(frame: ChatServerFrame): void;
  /** Translates a key for this socket. */
  translate(key: string, params?: Record<string, string | number>): string;
  close(code: number, reason: string): void;
  terminate(): void;
}

/**
 * What a socket was sent of a conversation: every seq from floor to cursor (a socket that first
 * hears of a conversation live starts at that message; a resume moves the floor down).
 */
interface Sent {
  floor: number;
  cursor: number;
}

interface PeerState {
  peer: ChatPeer;
  cursors: Map<number, Sent>;
  queue: Promise<void>;
  /** Work queued and not yet done: at 0 a live message in order is sent at once, without the queue. */
  pending: number;
}

/** Conversations a socket remembers its cursor for (the least recently used is forgotten). */
const CURSORS_MAX = 256;
const UNREAD_DEBOUNCE_MS = 150;
/** Every socket's presence is extended once per beat, a slice of the sockets every tick (below). */
const PRESENCE_BEAT_MS = 15_000;
const PRESENCE_TICK_MS = 250;
const NO_STATES: ReadonlySet<never> = new Set();

export function targetsOf(who: ChatIdentity): ChatTarget[] {
  switch (who.kind) {
    case 'user':
      return [`u:${who.userId}`];
    case 'shop':
      return [`s:${who.shopId}`];
    case 'agent':
      return [`a:${who.adminId}`, 'svc'];
  }
}

export function accountOf(who: ChatIdentity): string {
  switch (who.kind) {
    case 'user':
      return `user:${who.userId}`;
    case 'shop':
      return `merchant:${who.accountId}`;
    case 'agent':
      return `admin:${who.adminId}`;
  }
}

/** Where a conversation's events go: the shopper, and the shop's sellers or the agent holding it (the queue: every agent). */
export function conversationTargets(c: { userId: string; shopId: number; agentId: number | null; status: number }): ChatTarget[] {
  if (c.shopId !== 0) return [`u:${c.userId}`, `s:${c.shopId}`];
  return c.agentId !== null && c.status === 1 ? [`u:${c.userId}`, `a:${c.agentId}`] : [`u:${c.userId}`, 'svc'];
}

/** May this socket read the conversation? */
export function canRead(who: ChatIdentity, c: { userId: string; shopId: number }): boolean {
  switch (who.kind) {
    case 'user':
      return c.userId === who.userId;
    case 'shop':
      return c.shopId === who.shopId;
    case 'agent':
      return c.shopId === 0;
  }
}

export function messageFrame(m: ChatMessage): ChatServerFrame {
  return { code: CHAT_CODE.message, data: m, success: true, content: m.content, msgType: m.msgType };
}

export function codeFrame(peer: Pick<ChatPeer, 'translate'>, code: number, data: unknown, key: string | null, params?: Record<string, string | number>): ChatServerFrame {
  return { code, data, success: code !== CHAT_CODE.refused, content: key ? peer.translate(key, params) : null, msgType: null };
}

export function offlineKey(reason: ChatOfflineReason): string {
  return `chat.codes.offline.${reason}`;
}

export class ChatHub {
  private readonly peers = new Map<string, PeerState>();
  private readonly byTarget = new Map<ChatTarget, Set<PeerState>>();
  /** Sockets by account: a login's kick (code 11) looks at the account's own, not at every socket. */
  private readonly byAccount = new Map<string, Set<PeerState>>();
  private readonly timers: NodeJS.Timeout[] = [];
  /** Sockets due an unread frame, read together: one statement per kind of reader for a whole burst. */
  private readonly unreadDue = new Set<PeerState>();
  private unreadTimer: NodeJS.Timeout | null = null;
  private unreadAt = Infinity;
  private events = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'db'>,
    private readonly runtime: ChatRuntime,
    private readonly log: { error(obj: unknown, msg: string): void },
  ) {
    runtime.bus.onEvent((event) => this.onEvent(event));
    runtime.bus.onResubscribed((since) => {
      void this.replayAll(since);
    });
    // Sockets silent for more than two beats are dropped; presence is extended once a beat for all,
    // a slice every tick.
    const sweep = setInterval(() => this.sweep(Date.now()), 5_000);
    const beat = setInterval(() => void this.refreshPresenceSlice(), PRESENCE_TICK_MS);
    sweep.unref();
    beat.unref();
    this.timers.push(sweep, beat);
  }

  /** Where the presence round is in the sockets (a Map's iterator follows additions and deletions). */
  private presenceRound: Iterator<PeerState> | null = null;
  private presenceInFlight = false;
  /** When the last slice was taken: the next one covers the time since, however long (below). */
  private presenceSliceAt = Date.now();

  /**
   * Extends the presence of the next slice of sockets: PRESENCE_TICK_MS / PRESENCE_BEAT_MS of them,
   * so each is extended once a beat (a new socket's presence was set when it opened). All of an
   * instance's sockets at once, once a beat, held its event loop for 50 to 200 ms at 1,000 sockets
   * (3,000 Redis commands built and their answers parsed), and every message it handled waited:
   * the chat bench's delivery tail (decision 063). One slice at a time, so a slow Redis never piles
   * slices up; a slice covers the sockets' share of the time since the last slice, not of one tick,
   * so the ticks a slow refresh or a busy event loop skipped or delayed are made up by a larger slice
   * and the round still takes one beat (at worst every socket in one slice, as before the slices),
   * well inside the presence's lifetime (two and a half heartbeats).
   */
  private async refreshPresenceSlice(): Promise<void> {
    if (this.presenceInFlight) return;
    const now = Date.now();
    const elapsed = Math.max(now - this.presenceSliceAt, PRESENCE_TICK_MS);
    this.presenceSliceAt = now;
    if (this.peers.size === 0) return;
    const count = Math.min(this.peers.size, Math.ceil((this.peers.size * elapsed) / PRESENCE_BEAT_MS));
    const entries: Array<{ keys: readonly ChatTarget[]; member: string }> = [];
    this.presenceRound ??= this.peers.values();
    while (entries.length < count) {
      const next = this.presenceRound.next();
      if (next.done) {
        this.presenceRound = null;
        break;
      }
      entries.push({ keys: next.value.peer.targets, member: next.value.peer.id });
    }
    if (entries.length === 0) return;
    this.presenceInFlight = true;
    try {
      await this.runtime.presence.refresh(entries);
    } catch (err) {
      this.log.error({ err }, 'chat presence refresh failed');
    } finally {
      this.presenceInFlight = false;
    }
  }

  get size(): number {
    return this.peers.size;
  }

  /** Events handled so far (messages and the rest, from any instance): the idle collector's traffic besides HTTP. */
  get eventsHandled(): number {
    return this.events;
  }

  /** Registers an identified socket: presence, then code 11 for the account's older sockets everywhere. */
  async add(peer: ChatPeer): Promise<void> {
    const state: PeerState = { peer, cursors: new Map(), queue: Promise.resolve(), pending: 0 };
    this.peers.set(peer.id, state);
    for (const target of peer.targets) {
      let set = this.byTarget.get(target);
      if (!set) this.byTarget.set(target, (set = new Set()));
      set.add(state);
    }
    let mine = this.byAccount.get(peer.account);
    if (!mine) this.byAccount.set(peer.account, (mine = new Set()));
    mine.add(state);
    peer.generation = await this.runtime.nextGeneration(peer.account);
    this.runtime.bus.publish({ t: 'kick', account: peer.account, generation: peer.generation });
    await this.runtime.presence.add(peer.targets, peer.id);
    this.scheduleUnread(state, 0);
  }

  remove(peer: ChatPeer): void {
    const state = this.peers.get(peer.id);
    if (!state) return;
    this.peers.delete(peer.id);
    this.unreadDue.delete(state);
    for (const target of peer.targets) {
      const set = this.byTarget.get(target);
      set?.delete(state);
      if (set?.size === 0) this.byTarget.delete(target);
    }
    const mine = this.byAccount.get(peer.account);
    mine?.delete(state);
    if (mine?.size === 0) this.byAccount.delete(peer.account);
    this.runtime.presence.remove(peer.targets, peer.id).catch(() => {});
  }

  has(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  /** Runs work in the socket's outgoing order. */
  enqueue(peerId: string, work: () => Promise<void>): Promise<void> {
    const state = this.peers.get(peerId);
    if (!state) return Promise.resolve();
    state.pending += 1;
    const next = state.queue.then(async () => {
      try {
        await work();
      } catch (err) {
        this.log.error({ err }, 'chat socket work failed');
      } finally {
        state.pending -= 1;
      }
    });
    state.queue = next;
    return next;
  }

  /** A client's resume: what followed lastSeq in each conversation it names (that it may read), as code 2 frames. */
  resume(peerId: string, items: ReadonlyArray<{ conversationId: number; lastSeq: number }>): Promise<void> {
    return this.enqueue(peerId, async () => {
      const state = this.peers.get(peerId);
      if (!state) return;
      const conversations = await repo.conversationsByIds(this.ctx.db, items.map((i) => i.conversationId));
      const byId = new Map(conversations.map((c) => [c.id, c]));
      for (const item of items) {
        const conversation = byId.get(item.conversationId);
        if (!conversation || !canRead(state.peer.who, conversation)) continue;
        const rows = await repo.messagesAfter(this.ctx.db, conversation.id, item.lastSeq, CHAT_RESUME_MAX + 1);
        const sent = state.cursors.get(conversation.id);
        // What this socket already got live since it opened is not sent again.
        const fresh = rows.slice(0, CHAT_RESUME_MAX).filter((row) => !sent || row.seq < sent.floor || row.seq > sent.cursor);
        const messages = fresh.map((row) => toChatMessage(row, conversation));
        const top = Math.max(item.lastSeq, sent?.cursor ?? 0, messages.at(-1)?.seq ?? 0);
        this.setCursor(state, conversation.id, { floor: Math.min(item.lastSeq + 1, sent?.floor ?? Infinity), cursor: top });
        state.peer.send({ code: CHAT_CODE.history, data: { conversationId: conversation.id, messages, hasMore: rows.length > CHAT_RESUME_MAX }, success: true, content: null, msgType: null });
      }
    });
  }

  /**
   * Delivers a message to this instance's sockets of its targets (also used for the sender's own, at
   * once). A socket with nothing queued gets a message that needs no gap read at once: the common
   * case, without the queue's promises (at 1,000 messages/s, a share of the collector's work).
   */
  private deliverMessage(to: readonly ChatTarget[], m: ChatMessage): void {
    for (const state of this.statesOf(to)) {
      if (state.pending === 0 && this.sendIfNext(state, m)) continue;
      void this.enqueue(state.peer.id, () => this.sendInOrder(state, m));
    }
  }

  /** Sends the message (or drops it as a duplicate) when no gap is before it; false when one is. */
  private sendIfNext(state: PeerState, m: ChatMessage): boolean {
    const sent = state.cursors.get(m.conversationId);
    if (sent && m.seq >= sent.floor && m.seq <= sent.cursor) return true;
    if (sent && m.seq > sent.cursor + 1) return false;
    state.peer.send(messageFrame(m));
    if (sent && m.seq === sent.cursor + 1) {
      // The next one: the same record moved up (the cursors are kept least recently used first).
      sent.cursor = m.seq;
      state.cursors.delete(m.conversationId);
      state.cursors.set(m.conversationId, sent);
    } else this.setCursor(state, m.conversationId, { floor: sent && m.seq >= sent.floor ? sent.floor : m.seq, cursor: Math.max(m.seq, sent?.cursor ?? 0) });
    return true;
  }

  private async sendInOrder(state: PeerState, m: ChatMessage): Promise<void> {
    if (this.sendIfNext(state, m)) return;
    // A gap: what came between was lost on the way (a Redis outage); read it first.
    const sent = state.cursors.get(m.conversationId)!;
    const conversation = { userId: m.userId, shopId: m.shopId };
    const rows = await repo.messagesAfter(this.ctx.db, m.conversationId, sent.cursor, CHAT_RESUME_MAX, m.seq - 1);
    for (const row of rows) state.peer.send(messageFrame(toChatMessage(row, conversation)));
    state.peer.send(messageFrame(m));
    this.setCursor(state, m.conversationId, { floor: m.seq >= sent.floor ? sent.floor : m.seq, cursor: Math.max(m.seq, sent.cursor) });
  }

  private setCursor(state: PeerState, conversationId: number, sent: Sent): void {
    state.cursors.delete(conversationId);
    state.cursors.set(conversationId, sent);
    if (state.cursors.size > CURSORS_MAX) state.cursors.delete(state.cursors.keys().next().value!);
  }

  /**
   * The sockets of these targets, each once (an agent's socket listens to its own target and the
   * queue's). An event nearly always finds sockets under one of its targets on an instance (the
   * sender's side here, the other side there): that target's own set is answered, not a copy.
   */
  private statesOf(to: readonly ChatTarget[]): ReadonlySet<PeerState> {
    let found: Set<PeerState> | undefined;
    let merged: Set<PeerState> | undefined;
    for (const target of to) {
      const set = this.byTarget.get(target);
      if (!set) continue;
      if (!found) found = set;
      else {
        merged ??= new Set(found);
        for (const state of set) merged.add(state);
      }
    }
    return merged ?? found ?? NO_STATES;
  }

  private onEvent(event: ChatEvent): void {
    this.events += 1;
    switch (event.t) {
      case 'msg':
        this.deliverMessage(event.to, event.m);
        if (event.unread) for (const state of this.statesOf(event.unread)) this.scheduleUnread(state, UNREAD_DEBOUNCE_MS);
        break;
      case 'frame':
        for (const state of this.statesOf(event.to)) {
          void this.enqueue(state.peer.id, async () => state.peer.send(codeFrame(state.peer, event.code, event.data, event.key, event.params)));
        }
        break;
      case 'unread':
        for (const state of this.statesOf(event.to)) this.scheduleUnread(state, UNREAD_DEBOUNCE_MS);
        break;
      case 'kick':
        for (const state of [...(this.byAccount.get(event.account) ?? [])]) {
          const peer = state.peer;
          if (peer.generation === 0 || peer.generation >= event.generation) continue;
          void this.enqueue(peer.id, async () => {
            peer.send(codeFrame(peer, CHAT_CODE.loggedInElsewhere, null, 'chat.codes.loggedInElsewhere'));
            peer.close(4409, 'logged in elsewhere');
          });
          this.remove(peer);
        }
        break;
      case 'replay':
        for (const state of this.statesOf(event.to)) void this.replay(state, new Date(event.since));
        break;
    }
  }

  /**
   * Sends the socket its unread total ('00000') within delayMs, once per burst: every socket due by
   * then is read in the same statements (unreadTotals), not one query per socket.
   */
  scheduleUnread(state: PeerState | string, delayMs: number): void {
    const s = typeof state === 'string' ? this.peers.get(state) : state;
    if (!s) return;
    this.unreadDue.add(s);
    const at = Date.now() + delayMs;
    if (this.unreadTimer && at >= this.unreadAt) return;
    if (this.unreadTimer) clearTimeout(this.unreadTimer);
    this.unreadAt = at;
    this.unreadTimer = setTimeout(() => void this.flushUnread(), delayMs);
    this.unreadTimer.unref?.();
  }

  private async flushUnread(): Promise<void> {
    this.unreadTimer = null;
    this.unreadAt = Infinity;
    const due = [...this.unreadDue];
    this.unreadDue.clear();
    if (due.length === 0) return;
    const users = new Set<string>();
    const shops = new Set<number>();
    const agents = new Set<number>();
    for (const { peer } of due) {
      const who = peer.who;
      if (who.kind === 'user') users.add(who.userId);
      else if (who.kind === 'shop') shops.add(who.shopId);
      else agents.add(who.adminId);
    }
    try {
      // Read after the messages that caused it were stored; a later message schedules another.
      const totals = await repo.unreadTotals(this.ctx.db, { users: [...users], shops: [...shops], agents: [...agents] });
      for (const s of due) {
        const who = s.peer.who;
        const n = (who.kind === 'user' ? totals.users.get(who.userId) : who.kind === 'shop' ? totals.shops.get(who.shopId) : totals.agents.get(who.adminId)) ?? 0;
        void this.enqueue(s.peer.id, async () => s.peer.send({ code: CHAT_CODE.unread, data: n, success: n > 0, content: null, msgType: null }));
      }
    } catch (err) {
      this.log.error({ err }, 'chat unread totals failed');
    }
  }

  /** After a Redis outage: every socket gets what was written since, in order, without what it has. */
  async replayAll(since: Date): Promise<void> {
    for (const state of [...this.peers.values()]) await this.replay(state, since);
  }

  /** What one socket was not sent since `since`, in order, without what it has; then its unread total. */
  private async replay(state: PeerState, since: Date): Promise<void> {
    await this.enqueue(state.peer.id, async () => {
      const who = state.peer.who;
      const active = await repo.activeConversationIds(
        this.ctx.db,
        who.kind === 'user' ? { userId: who.userId } : who.kind === 'shop' ? { shopId: who.shopId } : { agentId: who.adminId },
        since,
      );
      const ids = new Set([...active.map((r) => r.id), ...state.cursors.keys()]);
      const conversations = await repo.conversationsByIds(this.ctx.db, [...ids]);
      for (const conversation of conversations) {
        if (!canRead(who, conversation)) continue;
        const sent = state.cursors.get(conversation.id);
        const rows =
          sent === undefined
            ? await repo.messagesSince(this.ctx.db, [conversation.id], since, CHAT_RESUME_MAX)
            : await repo.messagesAfter(this.ctx.db, conversation.id, sent.cursor, CHAT_RESUME_MAX);
        for (const row of rows) {
          const current = state.cursors.get(conversation.id);
          if (current !== undefined && row.seq >= current.floor && row.seq <= current.cursor) continue;
          state.peer.send(messageFrame(toChatMessage(row, conversation)));
          this.setCursor(state, conversation.id, { floor: current ? Math.min(current.floor, row.seq) : row.seq, cursor: Math.max(row.seq, current?.cursor ?? 0) });
        }
      }
    });
    this.scheduleUnread(state, 0);
  }

  /** Marks a socket alive (any frame). */
  touch(peerId: string, now: number): void {
    const state = this.peers.get(peerId);
    if (state) state.peer.lastSeen = now;
  }

  sweep(now: number): void {
    for (const state of [...this.peers.values()]) {
      if (now - state.peer.lastSeen > CHAT_SILENT_CLOSE_MS) {
        this.remove(state.peer);
        state.peer.terminate();
      }
    }
  }

  /** Every socket of these targets on this instance. */
  peersOf(to: readonly ChatTarget[]): ChatPeer[] {
    return [...this.statesOf(to)].map((s) => s.peer);
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    if (this.unreadTimer) clearTimeout(this.unreadTimer);
    this.unreadDue.clear();
    for (const state of [...this.peers.values()]) {
      this.remove(state.peer);
      state.peer.close(1001, 'server closing');
    }
  }
}
