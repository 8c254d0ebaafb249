// The page's one chat socket (decision 063): the top bar's unread mark and /chat share it, since a
// second socket of the same account would get the first one code 11. It opens for whoever uses it
// first and closes a moment after the last one lets go (a navigation from a page with the top bar
// to /chat lets go and takes it again in the same commit). Frames go to every listener.
import { connectChat, type ChatConnection, type ChatConnectionState } from '@bazaar/shared/chat/chat-connection';
import { CHAT_CODE, CHAT_SOCKET_PATH } from '@bazaar/shared/constants/chat';
import type { ChatServerFrame } from '@bazaar/shared/schemas/chat';
import { getBrowserToken } from '../../lib/cookies.ts';
import { documentLanguage } from '../../lib/texts.ts';

type FrameListener = (frame: ChatServerFrame) => void;
type StateListener = (state: ChatConnectionState) => void;
type ResumeSource = () => Array<{ conversationId: number; lastSeq: number }>;

const frameListeners = new Set<FrameListener>();
const stateListeners = new Set<StateListener>();
const resumeSources = new Set<ResumeSource>();
let connection: ChatConnection | null = null;
let connectedAs: string | null = null;
let users = 0;
let closing: ReturnType<typeof setTimeout> | null = null;
/** The last '00000' total, null until one arrived. */
let unread: number | null = null;

/** The socket's address on the storefront's own origin (its server proxies /api/im/... to the API). */
export function chatSocketUrl(token: string, userId: string, lang: string, origin: { protocol: string; host: string } = location): string {
  const scheme = origin.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${origin.host}/api${CHAT_SOCKET_PATH}/${encodeURIComponent(token)}/${encodeURIComponent(userId)}?lang=${lang}`;
}

function ensureConnection(userId: string): ChatConnection {
  if (connection && connectedAs === userId && connection.state !== 'stopped') return connection;
  connection?.stop();
  connectedAs = userId;
  unread = null;
  connection = connectChat({
    url: () => {
      const token = getBrowserToken();
      return token ? chatSocketUrl(token, userId, documentLanguage()) : null;
    },
    onFrame: (frame) => {
      if (frame.code === CHAT_CODE.unread && typeof frame.data === 'number') unread = frame.data;
      for (const listener of frameListeners) listener(frame);
    },
    onState: (state) => {
      for (const listener of stateListeners) listener(state);
    },
    resume: () => [...resumeSources].flatMap((source) => source()),
  });
  return connection;
}

export interface ChatUse {
  connection: ChatConnection;
  /** The last unread total the server sent, null before the first. */
  unread: () => number | null;
  release: () => void;
}

/**
 * Takes the shared socket for `userId`; `onFrame` hears every frame, `onState` every change of the
 * connection, `resume` says what to resume on each open. Call release() when done.
 */
export function takeChatSocket(userId: string, listeners: { onFrame?: FrameListener; onState?: StateListener; resume?: ResumeSource }): ChatUse {
  if (closing !== null) clearTimeout(closing);
  closing = null;
  users += 1;
  const { onFrame, onState, resume } = listeners;
  if (onFrame) frameListeners.add(onFrame);
  if (onState) stateListeners.add(onState);
  if (resume) resumeSources.add(resume);
  const current = ensureConnection(userId);
  let released = false;
  return {
    connection: current,
    unread: () => unread,
    release() {
      if (released) return;
      released = true;
      if (onFrame) frameListeners.delete(onFrame);
      if (onState) stateListeners.delete(onState);
      if (resume) resumeSources.delete(resume);
      users -= 1;
      if (users > 0) return;
      closing = setTimeout(() => {
        closing = null;
        if (users > 0) return;
        connection?.stop();
        connection = null;
        connectedAs = null;
      }, 1_000);
    },
  };
}
