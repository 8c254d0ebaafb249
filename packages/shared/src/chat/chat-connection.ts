// The chat socket as every client keeps it (storefront, merchant center, platform console):
// specification sections 4 and 9 and decision 063. A heartbeat on open and every 19 s (a socket
// not open at a beat is closed and dropped); after a close it reconnects in 2 s, at most 3 times,
// then waits for a manual retry; never after code 11 (another login) or code 10 (not identified).
// On each open it sends the resume (the last seq the client holds per conversation), so what the
// socket missed arrives as code 2. No zod here: the storefront loads this on every page of a
// logged-in shopper (decision 011), so frames are read by shape.
import type { ChatServerFrame } from '../schemas/chat.ts';
import { CHAT_CODE, CHAT_HEARTBEAT_CONTENT, CHAT_HEARTBEAT_MS, CHAT_RECONNECT_DELAY_MS, CHAT_RECONNECT_TRIES, CHAT_SEND_TYPE } from '../constants/chat.ts';

/**
 * connecting: opening (or waiting to reopen); open; retry: the automatic tries are spent, a manual
 * retry may reopen it; kicked: code 11, never reopened (refresh); refused: code 10 (log in again);
 * stopped: closed by its owner.
 */
export type ChatConnectionState = 'connecting' | 'open' | 'retry' | 'kicked' | 'refused' | 'stopped';

/** What the connection needs of a WebSocket (the browser's; a fake in tests). */
export interface ChatSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
const OPEN = 1;

export interface ChatConnectionOptions {
  /** The socket's address, asked for at each attempt (the token may have changed); null: no token, do not connect. */
  url: () => string | null;
  /** Opens a socket (the browser's WebSocket by default). */
  open?: (url: string) => ChatSocketLike;
  /** Every server frame other than the heartbeat's answer. */
  onFrame: (frame: ChatServerFrame) => void;
  onState?: (state: ChatConnectionState) => void;
  /** The last seq held per conversation, sent on each open (none: nothing to resume). */
  resume?: () => Array<{ conversationId: number; lastSeq: number }>;
}

export interface ChatConnection {
  readonly state: ChatConnectionState;
  /** Sends a frame when the socket is open; false when it is not (the caller keeps the message as failed or pending). */
  send(frame: { toId: number | string; msgType: number; content: string; clientMsgId: string }): boolean;
  /** Asks again for what follows `lastSeq` in these conversations (e.g. after a gap). */
  resume(items: Array<{ conversationId: number; lastSeq: number }>): boolean;
  /** A manual retry after the automatic tries (or a refusal) ended. */
  retry(): void;
  stop(): void;
}

/** Reads a server frame by shape; anything else is ignored. */
export function parseServerFrame(data: unknown): ChatServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as Partial<ChatServerFrame> | null;
    if (!frame || typeof frame !== 'object' || (typeof frame.code !== 'number' && frame.code !== CHAT_CODE.unread)) return null;
    return { code: frame.code, data: frame.data ?? null, success: frame.success === true, content: typeof frame.content === 'string' ? frame.content : null, msgType: typeof frame.msgType === 'number' ? frame.msgType : null };
  } catch {
    return null;
  }
}

export function connectChat(options: ChatConnectionOptions): ChatConnection {
  const open = options.open ?? ((url: string) => new WebSocket(url) as unknown as ChatSocketLike);
  let socket: ChatSocketLike | null = null;
  let state: ChatConnectionState = 'connecting';
  let tries = 0;
  let beat: ReturnType<typeof setInterval> | null = null;
  let reopen: ReturnType<typeof setTimeout> | null = null;
  /** Set by code 10 or 11 before the server closes: the close must not reconnect. */
  let final: 'kicked' | 'refused' | null = null;

  const setState = (next: ChatConnectionState) => {
    if (state === next) return;
    state = next;
    options.onState?.(next);
  };
  const write = (frame: object) => {
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };
  const stopBeat = () => {
    if (beat !== null) clearInterval(beat);
    beat = null;
  };
  const heartbeat = () => {
    // Section 4: a socket found not open at a beat is closed and dropped (its close reconnects).
    if (!socket || socket.readyState !== OPEN) {
      drop();
      return;
    }
    write({ content: CHAT_HEARTBEAT_CONTENT, sendType: CHAT_SEND_TYPE.heartbeat });
  };

  function drop() {
    stopBeat();
    const current = socket;
    socket = null;
    if (current) shut(current);
    closed();
  }

  function detach(s: ChatSocketLike) {
    s.onopen = s.onclose = s.onerror = s.onmessage = null;
  }

  /** Closes a socket; one still connecting is closed once it opens (closing it earlier makes Chromium log an error). */
  function shut(s: ChatSocketLike, code?: number) {
    detach(s);
    if (s.readyState === 0) {
      s.onopen = () => s.close(code);
      return;
    }
    try {
      s.close(code);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  function closed() {
    stopBeat();
    if (state === 'stopped') return;
    if (final) {
      setState(final);
      return;
    }
    if (tries >= CHAT_RECONNECT_TRIES) {
      setState('retry');
      return;
    }
    tries += 1;
    setState('connecting');
    reopen = setTimeout(() => {
      reopen = null;
      attempt();
    }, CHAT_RECONNECT_DELAY_MS);
  }

  function attempt() {
    if (state === 'stopped') return;
    const url = options.url();
    if (!url) {
      setState('refused');
      return;
    }
    setState('connecting');
    let s: ChatSocketLike;
    try {
      s = open(url);
    } catch {
      closed();
      return;
    }
    socket = s;
    s.onopen = () => {
      tries = 0;
      setState('open');
      heartbeat();
      stopBeat();
      beat = setInterval(heartbeat, CHAT_HEARTBEAT_MS);
      const items = options.resume?.() ?? [];
      if (items.length) write({ sendType: CHAT_SEND_TYPE.resume, resume: items });
    };
    s.onmessage = (event) => {
      const frame = parseServerFrame(event.data);
      if (!frame || frame.code === CHAT_CODE.heartbeat) return;
      if (frame.code === CHAT_CODE.loggedInElsewhere) final = 'kicked';
      if (frame.code === CHAT_CODE.userInfoFailed) final = 'refused';
      options.onFrame(frame);
    };
    s.onerror = () => {
      // A close follows every error; the close decides.
    };
    s.onclose = () => {
      if (socket !== s) return;
      detach(s);
      socket = null;
      closed();
    };
  }

  attempt();

  return {
    get state() {
      return state;
    },
    send: (frame) => write({ ...frame, sendType: CHAT_SEND_TYPE.message }),
    resume: (items) => items.length > 0 && write({ sendType: CHAT_SEND_TYPE.resume, resume: items }),
    retry() {
      if (state !== 'retry' && state !== 'refused') return;
      final = null;
      tries = 0;
      attempt();
    },
    stop() {
      setState('stopped');
      if (reopen !== null) clearTimeout(reopen);
      reopen = null;
      stopBeat();
      const current = socket;
      socket = null;
      if (current) shut(current, 1000);
    },
  };
}
