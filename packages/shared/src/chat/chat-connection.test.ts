import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectChat, parseServerFrame, type ChatConnectionState, type ChatSocketLike } from './chat-connection.ts';
import { CHAT_HEARTBEAT_MS, CHAT_RECONNECT_DELAY_MS } from '../constants/chat.ts';

class FakeSocket implements ChatSocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server's side:
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  frames() {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  }
}

function setup(resume: Array<{ conversationId: number; lastSeq: number }> = []) {
  const sockets: FakeSocket[] = [];
  const states: ChatConnectionState[] = [];
  const frames: unknown[] = [];
  const connection = connectChat({
    url: () => 'ws://mall/api/im/websocket/online/user/t/u?lang=zh',
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    onFrame: (f) => frames.push(f),
    onState: (s) => states.push(s),
    resume: () => resume,
  });
  return { connection, sockets, states, frames, last: () => sockets.at(-1)! };
}

describe('the chat connection (sections 4 and 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a heartbeat on open and every 19 s, and the resume of what it holds', () => {
    const { connection, last } = setup([{ conversationId: 7, lastSeq: 12 }]);
    last().accept();
    expect(connection.state).toBe('open');
    expect(last().frames()).toEqual([{ content: 'HEART_BEAT', sendType: 0 }, { sendType: 2, resume: [{ conversationId: 7, lastSeq: 12 }] }]);
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS - 1);
    expect(last().sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(last().frames()[2]).toEqual({ content: 'HEART_BEAT', sendType: 0 });
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS);
    expect(last().sent).toHaveLength(4);
  });

  it('closes and drops a socket found not open at a beat, then reconnects', () => {
    const { sockets, last } = setup();
    last().accept();
    last().readyState = 2; // closing, no close event yet
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS);
    expect(sockets[0]!.closedWith).toBeUndefined();
    vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects 2 s after a close, at most 3 times, then waits for a manual retry', () => {
    const { connection, sockets, last, states } = setup();
    last().accept();
    last().drop();
    expect(connection.state).toBe('connecting');
    vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // Three failed tries (the socket never opens).
    last().drop();
    vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS);
    last().drop();
    vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(4);
    last().drop();
    expect(connection.state).toBe('retry');
    vi.advanceTimersByTime(10 * CHAT_RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(4);
    connection.retry();
    expect(sockets).toHaveLength(5);
    last().accept();
    expect(states.at(-1)).toBe('open');
  });

  it('a successful open starts the count of tries again', () => {
    const { sockets, last, connection } = setup();
    for (let round = 0; round < 5; round++) {
      last().accept();
      last().drop();
      vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS);
    }
    expect(sockets).toHaveLength(6);
    expect(connection.state).toBe('connecting');
  });

  it('never reconnects after code 11, and passes the frame on', () => {
    const { connection, sockets, last, frames } = setup();
    last().accept();
    last().frame({ code: 11, data: null, success: false, content: '账号已在别处登录，请刷新', msgType: null });
    last().drop();
    vi.advanceTimersByTime(10 * CHAT_RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe('kicked');
    expect(frames).toEqual([{ code: 11, data: null, success: false, content: '账号已在别处登录，请刷新', msgType: null }]);
  });

  it('stops at code 10 (the user could not be identified)', () => {
    const { connection, sockets, last } = setup();
    last().frame({ code: 10, data: null, success: false, content: 'x', msgType: null });
    last().drop();
    vi.advanceTimersByTime(10 * CHAT_RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe('refused');
  });

  it('does not pass heartbeat answers on, and sends messages only while open', () => {
    const { connection, last, frames } = setup();
    expect(connection.send({ toId: 3, msgType: 0, content: 'hi', clientMsgId: 'a1' })).toBe(false);
    last().accept();
    last().frame({ code: 0, data: null, success: true, content: 'HEART_BEAT', msgType: null });
    last().frame({ code: '00000', data: 2, success: true, content: null, msgType: null });
    expect(frames).toEqual([{ code: '00000', data: 2, success: true, content: null, msgType: null }]);
    expect(connection.send({ toId: 3, msgType: 0, content: 'hi', clientMsgId: 'a1' })).toBe(true);
    expect(last().frames().at(-1)).toEqual({ toId: 3, msgType: 0, content: 'hi', clientMsgId: 'a1', sendType: 1 });
  });

  it('stop() closes without reconnecting', () => {
    const { connection, sockets, last } = setup();
    last().accept();
    connection.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(10 * CHAT_RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe('stopped');
  });

  it('a socket still connecting when stopped is closed once it opens, not before', () => {
    const { connection, sockets } = setup();
    connection.stop();
    expect(sockets[0]!.closedWith).toBeNull();
    sockets[0]!.readyState = 1;
    sockets[0]!.onopen?.({});
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(sockets[0]!.sent).toEqual([]);
  });

  it('reads frames by shape and ignores anything else', () => {
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame(JSON.stringify({ code: 'x' }))).toBeNull();
    expect(parseServerFrame(new ArrayBuffer(2))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ code: 12, data: { seq: 1 } }))).toEqual({ code: 12, data: { seq: 1 }, success: false, content: null, msgType: null });
  });
});
