// The consoles' chat socket (decision 063): one per console tab, opened by the console's root when
// the account may chat (merchant chat.reply, platform chat.service), on the console's own origin
// (its server proxies /api/im/... to the API). Pages hear its frames; the menu shows the unread total.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { connectChat, type ChatConnection, type ChatConnectionState } from '@bazaar/shared/chat/chat-connection';
import { CHAT_CODE, CHAT_SOCKET_PATH } from '@bazaar/shared/constants/chat';
import type { ChatServerFrame } from '@bazaar/shared/schemas/chat';

type Listener = (frame: ChatServerFrame) => void;

export interface ConsoleChat {
  state: ChatConnectionState;
  /** The last '00000' total (the shop's, or the agent's and the queue's). */
  unread: number;
  /** Sends a message frame; false when the socket is not open. */
  send: ChatConnection['send'];
  retry: () => void;
  /** Asks for what follows `lastSeq` in these conversations (code 2). */
  resume: ChatConnection['resume'];
  /** Hears every frame; answers the function that stops hearing. */
  listen: (listener: Listener) => () => void;
}

const ChatContext = createContext<ConsoleChat | null>(null);
/** The console's socket, or null where the account may not chat. */
export const useConsoleChat = () => useContext(ChatContext);

/** The socket's address on this origin. */
export function consoleChatUrl(token: string, userId: string | number, lang: string, origin: { protocol: string; host: string } = location): string {
  return `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}/api${CHAT_SOCKET_PATH}/${encodeURIComponent(token)}/${encodeURIComponent(String(userId))}?lang=${lang}`;
}

/** Opens the socket while mounted (with `userId` and a token), and provides it below. */
export function ConsoleChatProvider({ userId, token, lang, children }: { userId: string | number | null; token: () => string | null; lang: string; children: ReactNode }) {
  const [state, setState] = useState<ChatConnectionState>('connecting');
  const [unread, setUnread] = useState(0);
  const listeners = useRef(new Set<Listener>());
  const connection = useRef<ChatConnection | null>(null);
  const tokenOf = useRef(token);
  tokenOf.current = token;

  useEffect(() => {
    if (userId === null) return;
    const current = connectChat({
      url: () => {
        const value = tokenOf.current();
        return value ? consoleChatUrl(value, userId, lang) : null;
      },
      onState: setState,
      onFrame: (frame) => {
        if (frame.code === CHAT_CODE.unread && typeof frame.data === 'number') setUnread(frame.data);
        for (const listener of listeners.current) listener(frame);
      },
    });
    connection.current = current;
    return () => {
      connection.current = null;
      current.stop();
    };
  }, [userId, lang]);

  const send = useCallback<ConsoleChat['send']>((frame) => connection.current?.send(frame) ?? false, []);
  const retry = useCallback(() => connection.current?.retry(), []);
  const resume = useCallback<ConsoleChat['resume']>((items) => connection.current?.resume(items) ?? false, []);
  const listen = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const value = useMemo<ConsoleChat>(() => ({ state, unread, send, retry, resume, listen }), [state, unread, send, retry, resume, listen]);
  return <ChatContext.Provider value={userId === null ? null : value}>{children}</ChatContext.Provider>;
}

/** Calls `onFrame` (its latest version) for every frame while mounted. */
export function useChatFrames(onFrame: Listener): void {
  const chat = useConsoleChat();
  const latest = useRef(onFrame);
  latest.current = onFrame;
  const listen = chat?.listen;
  useEffect(() => listen?.((frame) => latest.current(frame)), [listen]);
}

/** A short tone for a new message (the browser allows it once the page had a click or key). */
export function playChime(): void {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
    tone.onended = () => void audio.close();
  } catch {
    // No audio here (or not allowed yet): the badge still shows.
  }
}
