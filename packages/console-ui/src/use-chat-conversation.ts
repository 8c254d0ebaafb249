// One shopper's conversation in a console (decision 063): its history (`base`/:userId/history, older
// pages upward), the live frames of the console's socket (code 1 messages and acknowledgements,
// code 2 resumes, code 4 refusals), reading it (`base`/:userId/read) while it is shown, and sending
// with a client message id (a resend is stored once).
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_CODE, CHAT_HISTORY_PAGE_DEFAULT, CHAT_SIDE } from '@bazaar/shared/constants/chat';
import { ChatHistoryPageSchema, ChatUnreadSchema, type ChatMessage } from '@bazaar/shared/schemas/chat';
import type { ConsoleLang } from '@bazaar/shared/console/api-client';
import { addPending, emptyThread, expirePending, firstSeqOf, markPending, mergeMessages, newClientMsgId, type PendingMessage, type Thread } from '@bazaar/shared/chat/chat-thread';
import type { ConsoleApi } from './console-api.ts';
import { useChatFrames, useConsoleChat } from './chat-socket.tsx';

const SEND_TIMEOUT_MS = 10_000;

export interface ChatConversationView {
  thread: Thread;
  conversationId: number | null;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  older: () => void;
  reload: () => void;
  send: (msgType: number, content: string) => void;
  resend: (message: PendingMessage) => void;
}

/**
 * `base`: '/merchant/chat/conversations' or '/admin/chat/conversations'. `brokenText`: why an
 * unsent message failed (the socket not open, or no acknowledgement in time).
 */
export function useChatConversation({ api, lang, base, userId, brokenText, onRead }: { api: ConsoleApi; lang: ConsoleLang; base: string; userId: string; brokenText: string; onRead?: () => void }): ChatConversationView {
  const chat = useConsoleChat();
  const [thread, setThread] = useState<Thread>(emptyThread);
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ thread, conversationId });
  latest.current = { thread, conversationId };
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  const resumeRef = useRef(chat?.resume);
  resumeRef.current = chat?.resume;

  const read = useCallback(
    (seq: number) => {
      if (seq <= 0 || document.visibilityState === 'hidden') return;
      api(`${base}/${userId}/read`, { lang, method: 'POST', body: { seq }, schema: ChatUnreadSchema })
        .then(() => onReadRef.current?.())
        .catch(() => undefined);
    },
    [api, base, userId, lang],
  );

  const load = useCallback(
    async (beforeSeq: number | null) => {
      setLoading(true);
      setFailed(false);
      try {
        const page = await api(`${base}/${userId}/history`, { lang, query: { beforeSeq: beforeSeq ?? undefined, size: CHAT_HISTORY_PAGE_DEFAULT }, schema: ChatHistoryPageSchema });
        setThread((t) => mergeMessages(t, page.records));
        setConversationId(page.conversationId);
        setHasMore(page.hasMore);
        if (beforeSeq === null) {
          const newest = page.records.at(-1)?.seq ?? 0;
          read(newest);
          // Followed from what was loaded on (decision 063): what came meanwhile arrives as code 2.
          if (page.conversationId !== null) resumeRef.current?.([{ conversationId: page.conversationId, lastSeq: newest }]);
        }
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [api, base, userId, lang, read],
  );

  useEffect(() => {
    setThread(emptyThread());
    setConversationId(null);
    setHasMore(false);
    void load(null);
  }, [load]);

  useChatFrames((frame) => {
    const data = frame.data as Record<string, unknown> | null;
    if (frame.code === CHAT_CODE.message && data && data.userId === userId) {
      const message = data as unknown as ChatMessage;
      setThread((t) => mergeMessages(t, [message]));
      setConversationId(message.conversationId);
      if (message.fromSide === CHAT_SIDE.shopper) read(message.seq);
    } else if (frame.code === CHAT_CODE.history && data && Array.isArray(data.messages) && data.conversationId === latest.current.conversationId) {
      setThread((t) => mergeMessages(t, data.messages as ChatMessage[]));
    } else if (frame.code === CHAT_CODE.refused && data && typeof data.clientMsgId === 'string') {
      setThread((t) => markPending(t, data.clientMsgId as string, 'failed', frame.content));
    } else if (frame.code === CHAT_CODE.notYourResponsibility && data && data.userId === userId) {
      // Code 15 (not stored): what this agent was sending here fails with the reason.
      setThread((t) => t.pending.filter((p) => p.state === 'sending').reduce((acc, p) => markPending(acc, p.clientMsgId, 'failed', frame.content), t));
    }
  });

  // After a reconnect what arrived meanwhile is read again (the newest page, merged).
  const state = chat?.state;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (state !== 'open') return;
    if (wasOpen.current) void load(null);
    wasOpen.current = true;
  }, [state, load]);

  useEffect(() => {
    const timer = setInterval(() => setThread((t) => expirePending(t, Date.now(), SEND_TIMEOUT_MS, brokenText)), 1_000);
    return () => clearInterval(timer);
  }, [brokenText]);

  const send = useCallback(
    (msgType: number, content: string) => {
      const clientMsgId = newClientMsgId();
      setThread((t) => addPending(t, { clientMsgId, msgType, content, at: Date.now() }));
      if (!chat?.send({ toId: userId, msgType, content, clientMsgId })) setThread((t) => markPending(t, clientMsgId, 'failed', brokenText));
    },
    [chat, userId, brokenText],
  );
  const resend = useCallback(
    (message: PendingMessage) => {
      setThread((t) => markPending(t, message.clientMsgId, 'sending'));
      if (!chat?.send({ toId: userId, msgType: message.msgType, content: message.content, clientMsgId: message.clientMsgId })) setThread((t) => markPending(t, message.clientMsgId, 'failed', brokenText));
    },
    [chat, userId, brokenText],
  );

  return {
    thread,
    conversationId,
    hasMore,
    loading,
    failed,
    older: () => {
      const first = firstSeqOf(latest.current.thread);
      if (first !== null && hasMore && !loading) void load(first);
    },
    reload: () => void load(null),
    send,
    resend,
  };
}

