// One conversation's messages as every chat client shows them (storefront, merchant center,
// platform console): stored messages in seq order, each once however it arrived (history page,
// live frame, resume, a resend's acknowledgement), and this client's own messages still on their
// way (sending) or refused (failed, with the reason) until the server acknowledges them.
import type { ChatMessage } from '../schemas/chat.ts';

export interface PendingMessage {
  clientMsgId: string;
  msgType: number;
  content: string;
  /** When it was written (ms), for the order and the sending timeout. */
  at: number;
  state: 'sending' | 'failed';
  /** Why it failed (the server's text, or the client's own), when known. */
  reason: string | null;
}

export interface Thread {
  /** Stored messages, ascending seq, no seq twice. */
  messages: ChatMessage[];
  /** Own messages not acknowledged yet, in the order written. */
  pending: PendingMessage[];
}

export const emptyThread = (): Thread => ({ messages: [], pending: [] });

/** Adds stored messages (any order, duplicates allowed); an acknowledged pending message leaves the pending list. */
export function mergeMessages(thread: Thread, incoming: readonly ChatMessage[]): Thread {
  if (incoming.length === 0) return thread;
  const bySeq = new Map<number, ChatMessage>();
  for (const m of thread.messages) bySeq.set(m.seq, m);
  for (const m of incoming) bySeq.set(m.seq, m);
  const acknowledged = new Set(incoming.map((m) => m.clientMsgId).filter((id): id is string => id !== null));
  return {
    messages: [...bySeq.values()].sort((a, b) => a.seq - b.seq),
    pending: acknowledged.size ? thread.pending.filter((p) => !acknowledged.has(p.clientMsgId)) : thread.pending,
  };
}

export function addPending(thread: Thread, message: Omit<PendingMessage, 'state' | 'reason'>): Thread {
  return { ...thread, pending: [...thread.pending, { ...message, state: 'sending', reason: null }] };
}

/** Marks a pending message sending again (a resend) or failed (with its reason). */
export function markPending(thread: Thread, clientMsgId: string, state: PendingMessage['state'], reason: string | null = null): Thread {
  if (!thread.pending.some((p) => p.clientMsgId === clientMsgId)) return thread;
  return { ...thread, pending: thread.pending.map((p) => (p.clientMsgId === clientMsgId ? { ...p, state, reason, at: state === 'sending' ? Date.now() : p.at } : p)) };
}

/** Pending messages still sending after `timeoutMs` fail (the shopper may resend them: same id, stored once). */
export function expirePending(thread: Thread, now: number, timeoutMs: number, reason: string | null): Thread {
  if (!thread.pending.some((p) => p.state === 'sending' && now - p.at >= timeoutMs)) return thread;
  return { ...thread, pending: thread.pending.map((p) => (p.state === 'sending' && now - p.at >= timeoutMs ? { ...p, state: 'failed', reason } : p)) };
}

/** The highest seq held (0 when none): what a resume asks to follow. */
export const lastSeqOf = (thread: Thread): number => thread.messages.at(-1)?.seq ?? 0;
/**
 * The seq up to which every message is held, from the oldest held one (decision 063: what a resume
 * names, so a gap left by a socket that died before its resume was answered is asked for again).
 */
export function contiguousSeqOf(thread: Thread): number {
  const { messages } = thread;
  let last = messages[0]?.seq ?? 0;
  for (let i = 1; i < messages.length && messages[i]!.seq === last + 1; i++) last = messages[i]!.seq;
  return last;
}
/** The lowest seq held: where the next older history page ends. */
export const firstSeqOf = (thread: Thread): number | null => thread.messages[0]?.seq ?? null;

/** The day of an API time ('yyyy-MM-dd HH:mm:ss', GMT+8): where day separators go. */
export const dayOf = (apiTime: string): string => apiTime.slice(0, 10);

/** A client message id (CHAT_CLIENT_MSG_ID_PATTERN): 32 random hex digits, also where randomUUID is missing (plain http). */
export function newClientMsgId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The seq a message that arrived live should follow; a larger gap means some were missed (ask for a resume). */
export function isGap(thread: Thread, message: ChatMessage): boolean {
  const last = lastSeqOf(thread);
  return last > 0 && message.seq > last + 1;
}
