import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../schemas/chat.ts';
import { CHAT_CLIENT_MSG_ID_PATTERN } from '../constants/chat.ts';
import { addPending, contiguousSeqOf, dayOf, emptyThread, expirePending, firstSeqOf, isGap, lastSeqOf, markPending, mergeMessages, newClientMsgId } from './chat-thread.ts';

const message = (seq: number, clientMsgId: string | null = null): ChatMessage => ({
  id: 100 + seq,
  conversationId: 1,
  seq,
  userId: 'a'.repeat(32),
  shopId: 3,
  fromSide: 1,
  senderId: 'a'.repeat(32),
  msgType: 0,
  content: `m${seq}`,
  card: null,
  clientMsgId,
  createTime: '2026-12-06 12:00:00',
});

describe('a chat thread', () => {
  it('keeps each seq once, in order, however the messages arrive', () => {
    let thread = mergeMessages(emptyThread(), [message(3), message(4)]);
    thread = mergeMessages(thread, [message(1), message(2), message(3)]);
    thread = mergeMessages(thread, [message(4), message(5)]);
    expect(thread.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(lastSeqOf(thread)).toBe(5);
    expect(firstSeqOf(thread)).toBe(1);
  });

  it('a pending message leaves when its acknowledgement (same client id) arrives, once even if acknowledged twice', () => {
    let thread = addPending(emptyThread(), { clientMsgId: 'c1', msgType: 0, content: 'hello', at: 0 });
    thread = addPending(thread, { clientMsgId: 'c2', msgType: 0, content: 'again', at: 1 });
    thread = mergeMessages(thread, [message(1, 'c1')]);
    thread = mergeMessages(thread, [message(1, 'c1')]);
    expect(thread.messages).toHaveLength(1);
    expect(thread.pending.map((p) => p.clientMsgId)).toEqual(['c2']);
  });

  it('a message still sending after the timeout fails, and a resend makes it sending again', () => {
    let thread = addPending(emptyThread(), { clientMsgId: 'c1', msgType: 0, content: 'hello', at: 1_000 });
    expect(expirePending(thread, 5_000, 10_000, 'slow')).toBe(thread);
    thread = expirePending(thread, 11_000, 10_000, 'slow');
    expect(thread.pending[0]).toMatchObject({ state: 'failed', reason: 'slow' });
    thread = markPending(thread, 'c1', 'sending');
    expect(thread.pending[0]).toMatchObject({ state: 'sending', reason: null });
    thread = markPending(thread, 'c1', 'failed', '发送太频繁');
    expect(thread.pending[0]).toMatchObject({ state: 'failed', reason: '发送太频繁' });
    expect(markPending(thread, 'other', 'failed')).toBe(thread);
  });

  it('resumes from the last seq held without a gap, not the highest seen', () => {
    expect(contiguousSeqOf(emptyThread())).toBe(0);
    expect(contiguousSeqOf(mergeMessages(emptyThread(), [message(4), message(5), message(6)]))).toBe(6);
    expect(contiguousSeqOf(mergeMessages(emptyThread(), [message(4), message(5), message(8)]))).toBe(5);
  });

  it('sees a gap when a live message skips seqs', () => {
    const thread = mergeMessages(emptyThread(), [message(1), message(2)]);
    expect(isGap(thread, message(3))).toBe(false);
    expect(isGap(thread, message(5))).toBe(true);
    expect(isGap(emptyThread(), message(9))).toBe(false);
  });

  it('makes client ids the server accepts, and days of API times', () => {
    const id = newClientMsgId();
    expect(id).toMatch(CHAT_CLIENT_MSG_ID_PATTERN);
    expect(newClientMsgId()).not.toBe(id);
    expect(dayOf('2026-12-06 08:01:02')).toBe('2026-12-06');
  });
});
