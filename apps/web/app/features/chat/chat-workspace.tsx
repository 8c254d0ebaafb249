import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { CHAT_CODE, CHAT_MSG_TYPE, CHAT_SIDE, CHAT_TEXT_MAX } from '@bazaar/shared/constants/chat';
import type { Language } from '@bazaar/shared/constants/limits';
import type { ChatConversation, ChatMessage, ChatOrderCard, ChatProductCard, ChatServerFrame } from '@bazaar/shared/schemas/chat';
import type { ChatConnection, ChatConnectionState } from '@bazaar/shared/chat/chat-connection';
import { addPending, contiguousSeqOf, dayOf, emptyThread, expirePending, firstSeqOf, isGap, lastSeqOf, markPending, mergeMessages, newClientMsgId, type Thread } from '@bazaar/shared/chat/chat-thread';
import { Button } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { checkImageFile, IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { inlineFailure } from '../../lib/form-errors.ts';
import { takeChatSocket } from './chat-client.ts';
import { listConversations, loadHistory, markRead, uploadChatImage } from './chat-api.ts';
import { EMOJI, dayLabel, lastContentText, listTime } from './chat-format.ts';
import { MessageRow, OrderCardView, PendingRow, ProductCardView } from './message-view.tsx';
import { RecentCards } from './recent-cards.tsx';

/** An own message unacknowledged this long fails (and may be resent: same id, stored once). */
const SEND_TIMEOUT_MS = 10_000;

export type ReadyCard = { kind: 'product'; card: ChatProductCard } | { kind: 'order'; card: ChatOrderCard };

/** Who the shopper talks to when no conversation exists yet (a shop's or the platform's name). */
export interface ChatTarget {
  toId: number;
  name: string;
  avatar: string | null;
}

interface ThreadState {
  thread: Thread;
  conversationId: number | null;
  hasMore: boolean;
  loading: 'first' | 'older' | null;
  /** The first page could not be loaded: false, or why (the API's refusal text, or null when a toast said it). */
  failed: false | { reason: string | null };
  /** The last code 12 / 16 / 3 text for this conversation. */
  notice: { text: string; code: number } | null;
}
const newThreadState = (): ThreadState => ({ thread: emptyThread(), conversationId: null, hasMore: false, loading: 'first', failed: false, notice: null });

export interface ChatWorkspaceProps {
  userId: string;
  lang: Language;
  conversations: ChatConversation[];
  selected: number | null;
  target: ChatTarget | null;
  readyCard: ReadyCard | null;
  onSelect: (toId: number) => void;
  onLogin: () => void;
}

/** Conversations newest first (the ones never written to last, by name). */
const byNewest = (a: ChatConversation, b: ChatConversation) => (b.lastTime ?? '').localeCompare(a.lastTime ?? '');

/** /chat: the conversations, the open thread and the composer over the shared socket. */
export function ChatWorkspace({ userId, lang, conversations: loaded, selected, target, readyCard: initialCard, onSelect, onLogin }: ChatWorkspaceProps) {
  const { t } = useTranslation();
  const [conversations, setConversations] = useState<ChatConversation[]>(() => [...loaded].sort(byNewest));
  const [threads, setThreads] = useState<Record<number, ThreadState>>({});
  const [state, setState] = useState<ChatConnectionState>('connecting');
  const [final, setFinal] = useState<'kicked' | 'refused' | null>(null);
  const [readyCard, setReadyCard] = useState<ReadyCard | null>(initialCard);
  const connection = useRef<ChatConnection | null>(null);
  // What the socket's handlers read without re-subscribing.
  const live = useRef({ selected, threads, conversations });
  live.current = { selected, threads, conversations };
  // Each conversation's toId as soon as a frame names it. The frames that follow in the same burst
  // (a first message's acknowledgement, then its code 12) come before React renders the state.
  const toIds = useRef(new Map<number, number>());
  // Messages written while the socket (re)connects, by client id: sent as it opens. They stay
  // "sending", and the send timeout below still fails one that is not acknowledged in time.
  const unsent = useRef(new Map<string, { toId: number; msgType: number; content: string; at: number }>());

  useEffect(() => setReadyCard(initialCard), [initialCard]);

  const patchThread = useCallback((toId: number, patch: (s: ThreadState) => ThreadState) => {
    setThreads((all) => (all[toId] ? { ...all, [toId]: patch(all[toId]) } : all));
  }, []);

  const toIdOf = (conversationId: number): number | null => {
    const seen = toIds.current.get(conversationId);
    if (seen !== undefined) return seen;
    const { conversations: list, threads: all } = live.current;
    const found = list.find((c) => c.conversationId === conversationId);
    if (found) return found.toId;
    const entry = Object.entries(all).find(([, s]) => s.conversationId === conversationId);
    return entry ? Number(entry[0]) : null;
  };

  const readUpTo = useCallback((toId: number, seq: number) => {
    if (seq <= 0 || document.visibilityState === 'hidden') return;
    setConversations((list) => list.map((c) => (c.toId === toId ? { ...c, unreadCount: 0 } : c)));
    markRead(toId, seq).catch(() => undefined);
  }, []);

  const refreshConversations = useCallback(() => {
    listConversations()
      .then((list) => setConversations([...list].sort(byNewest)))
      .catch(() => undefined);
  }, []);

  // A message in, live or resumed: into its thread (when open) and the conversation list.
  const receive = useCallback(
    (messages: ChatMessage[]) => {
      if (messages.length === 0) return;
      const toId = messages[0]!.shopId;
      const newest = messages.reduce((a, b) => (b.seq > a.seq ? b : a));
      toIds.current.set(newest.conversationId, toId);
      const entry = live.current.threads[toId];
      if (entry && messages.length === 1 && isGap(entry.thread, newest) && entry.conversationId !== null) {
        // Something was missed (a drop the socket did not see): ask for it in order.
        connection.current?.resume([{ conversationId: entry.conversationId, lastSeq: contiguousSeqOf(entry.thread) }]);
      }
      patchThread(toId, (s) => ({ ...s, thread: mergeMessages(s.thread, messages), conversationId: newest.conversationId }));
      const fromOther = messages.filter((m) => m.fromSide !== CHAT_SIDE.shopper && m.seq > (live.current.conversations.find((c) => c.toId === toId)?.lastSeq ?? 0)).length;
      const viewing = live.current.selected === toId && document.visibilityState !== 'hidden';
      const known = live.current.conversations.some((c) => c.toId === toId);
      if (!known) {
        refreshConversations();
      } else {
        setConversations((list) =>
          list
            .map((c) =>
              c.toId === toId && newest.seq >= c.lastSeq
                ? { ...c, conversationId: newest.conversationId, lastContent: newest.content, lastMsgType: newest.msgType, lastTime: newest.createTime, lastSeq: newest.seq, unreadCount: viewing ? 0 : c.unreadCount + fromOther }
                : c,
            )
            .sort(byNewest),
        );
      }
      if (viewing && fromOther > 0) readUpTo(toId, newest.seq);
    },
    [patchThread, readUpTo, refreshConversations],
  );

  const onFrame = useCallback(
    (frame: ChatServerFrame) => {
      const data = frame.data as Record<string, unknown> | null;
      switch (frame.code) {
        case CHAT_CODE.message:
          if (data) receive([data as unknown as ChatMessage]);
          break;
        case CHAT_CODE.history: {
          const resumed = data as { conversationId: number; messages: ChatMessage[]; hasMore: boolean } | null;
          if (!resumed) break;
          receive(resumed.messages);
          const toId = resumed.messages[0]?.shopId ?? toIdOf(resumed.conversationId);
          // More than a resume carries: the newest page again (the thread then starts there).
          if (resumed.hasMore && toId !== null) void openThread(toId, true);
          break;
        }
        case CHAT_CODE.refused: {
          const clientMsgId = typeof data?.clientMsgId === 'string' ? data.clientMsgId : null;
          if (!clientMsgId) {
            showToast(frame.content ?? '', { kind: 'warning' });
            break;
          }
          setThreads((all) => {
            const next = { ...all };
            for (const [key, s] of Object.entries(all)) next[Number(key)] = { ...s, thread: markPending(s.thread, clientMsgId, 'failed', frame.content) };
            return next;
          });
          break;
        }
        case CHAT_CODE.otherSideOffline:
        case CHAT_CODE.consultExpired:
        case CHAT_CODE.transferred: {
          const conversationId = typeof data?.conversationId === 'number' ? data.conversationId : null;
          const toId = frame.code === CHAT_CODE.otherSideOffline && conversationId !== null ? toIdOf(conversationId) : 0;
          if (toId !== null && frame.content) patchThread(toId, (s) => ({ ...s, notice: { text: frame.content!, code: frame.code as number } }));
          break;
        }
        case CHAT_CODE.loggedInElsewhere:
          setFinal('kicked');
          break;
        case CHAT_CODE.userInfoFailed:
          setFinal('refused');
          break;
      }
    },
    // openThread is stable (below); toIdOf reads refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [receive, patchThread],
  );

  // The shared socket while the page is open; on each open it resumes the open thread.
  useEffect(() => {
    let opened = false;
    const use = takeChatSocket(userId, {
      onFrame: (frame) => onFrameRef.current(frame),
      onState: (next) => {
        setState(next);
        if (next === 'open') {
          // After a reconnect the counts may have moved meanwhile.
          if (opened) refreshConversations();
          opened = true;
          for (const [clientMsgId, m] of unsent.current) {
            if (connection.current?.send({ toId: m.toId, msgType: m.msgType, content: m.content, clientMsgId })) unsent.current.delete(clientMsgId);
          }
        } else if (next !== 'connecting') {
          for (const [clientMsgId, m] of unsent.current) failPendingRef.current(m.toId, clientMsgId);
          unsent.current.clear();
        }
      },
      resume: () => {
        const { selected: toId, threads: all } = live.current;
        const s = toId === null ? undefined : all[toId];
        return s && s.conversationId !== null && lastSeqOf(s.thread) > 0 ? [{ conversationId: s.conversationId, lastSeq: contiguousSeqOf(s.thread) }] : [];
      },
    });
    connection.current = use.connection;
    setState(use.connection.state);
    if (use.connection.state === 'open') opened = true;
    return () => {
      connection.current = null;
      use.release();
    };
  }, [userId, refreshConversations]);
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  // Unacknowledged messages fail after the timeout.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      for (const [clientMsgId, m] of unsent.current) if (now - m.at > SEND_TIMEOUT_MS) unsent.current.delete(clientMsgId);
      setThreads((all) => {
        let changed = false;
        const next: Record<number, ThreadState> = {};
        for (const [key, s] of Object.entries(all)) {
          const thread = expirePending(s.thread, now, SEND_TIMEOUT_MS, t('chat.codes.connectionBroken'));
          changed ||= thread !== s.thread;
          next[Number(key)] = thread === s.thread ? s : { ...s, thread };
        }
        return changed ? next : all;
      });
    }, 1_000);
    return () => clearInterval(timer);
  }, [t]);

  // The newest page of a thread (first open, or again after a long gap).
  const openThread = useCallback(
    async (toId: number, again = false) => {
      if (!again && live.current.threads[toId]) return;
      setThreads((all) => ({ ...all, [toId]: again && all[toId] ? { ...all[toId], loading: 'first', failed: false } : newThreadState() }));
      try {
        const page = await loadHistory(toId, null);
        setThreads((all) => ({
          ...all,
          [toId]: { ...(all[toId] ?? newThreadState()), thread: mergeMessages(again ? { ...emptyThread(), pending: all[toId]?.thread.pending ?? [] } : (all[toId]?.thread ?? emptyThread()), page.records), conversationId: page.conversationId, hasMore: page.hasMore, loading: null, failed: false },
        }));
        const last = page.records.at(-1)?.seq ?? 0;
        // Followed from what was loaded on (decision 063): what came meanwhile arrives as code 2.
        if (page.conversationId !== null) connection.current?.resume([{ conversationId: page.conversationId, lastSeq: last }]);
        if (last > 0 && live.current.conversations.find((c) => c.toId === toId)?.unreadCount !== 0) readUpTo(toId, last);
      } catch (err) {
        const reason = inlineFailure(err, t);
        setThreads((all) => ({ ...all, [toId]: { ...(all[toId] ?? newThreadState()), loading: null, failed: { reason } } }));
      }
    },
    [readUpTo, t],
  );

  useEffect(() => {
    if (selected !== null) void openThread(selected);
  }, [selected, openThread]);

  // Back on the tab: what arrived meanwhile is read now.
  useEffect(() => {
    const onVisible = () => {
      const { selected: toId, threads: all, conversations: list } = live.current;
      if (toId === null || document.visibilityState === 'hidden') return;
      const s = all[toId];
      if (s && (list.find((c) => c.toId === toId)?.unreadCount ?? 0) > 0) readUpTo(toId, lastSeqOf(s.thread));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [readUpTo]);

  async function loadOlder(toId: number) {
    const s = live.current.threads[toId];
    const first = s ? firstSeqOf(s.thread) : null;
    if (!s || !s.hasMore || s.loading || first === null) return;
    patchThread(toId, (x) => ({ ...x, loading: 'older' }));
    try {
      const page = await loadHistory(toId, first);
      patchThread(toId, (x) => ({ ...x, thread: mergeMessages(x.thread, page.records), hasMore: page.hasMore, loading: null }));
    } catch (err) {
      // A refusal says why (anything else has shown its own toast); the button comes back to try again.
      const refusal = inlineFailure(err, t);
      if (refusal) showToast(refusal, { kind: 'error' });
      patchThread(toId, (x) => ({ ...x, loading: null }));
    }
  }

  function failPending(toId: number, clientMsgId: string): void {
    patchThread(toId, (s) => ({ ...s, thread: markPending(s.thread, clientMsgId, 'failed', t('chat.codes.connectionBroken')) }));
  }
  const failPendingRef = useRef(failPending);
  failPendingRef.current = failPending;

  /** Sends now, or as the socket opens when it is (re)connecting; fails the message when it is down for good. */
  function sendOrQueue(toId: number, msgType: number, content: string, clientMsgId: string): void {
    const c = connection.current;
    if (c?.send({ toId, msgType, content, clientMsgId })) return;
    if (c?.state === 'connecting') unsent.current.set(clientMsgId, { toId, msgType, content, at: Date.now() });
    else failPending(toId, clientMsgId);
  }

  function send(toId: number, msgType: number, content: string): void {
    const clientMsgId = newClientMsgId();
    setThreads((all) => ({ ...all, [toId]: { ...(all[toId] ?? { ...newThreadState(), loading: null }), thread: addPending((all[toId] ?? newThreadState()).thread, { clientMsgId, msgType, content, at: Date.now() }), notice: null } }));
    sendOrQueue(toId, msgType, content, clientMsgId);
  }

  function resend(toId: number, clientMsgId: string): void {
    const pending = live.current.threads[toId]?.thread.pending.find((p) => p.clientMsgId === clientMsgId);
    if (!pending) return;
    patchThread(toId, (s) => ({ ...s, thread: markPending(s.thread, clientMsgId, 'sending') }));
    sendOrQueue(toId, pending.msgType, pending.content, clientMsgId);
  }

  const current = selected === null ? null : (conversations.find((c) => c.toId === selected) ?? null);
  const name = current?.name ?? (target && target.toId === selected ? target.name : selected === 0 ? t('chat.page.service') : '');
  const open = selected === null ? undefined : threads[selected];

  return (
    <div className="chat-workspace">
      <nav className="chat-list" aria-labelledby="chat-list-title">
        <h2 id="chat-list-title" className="chat-list__title">
          {t('chat.page.conversations')}
        </h2>
        {conversations.length === 0 && !target ? (
          <p className="chat-list__empty">
            <strong>{t('chat.page.empty')}</strong>
            <br />
            {t('chat.page.emptyHint')}
          </p>
        ) : (
          <ul className="chat-list__items">
            {target && !current && target.toId === selected ? <ConversationItem name={target.name} avatar={target.avatar} last="" time="" unread={0} active onOpen={() => undefined} /> : null}
            {conversations.map((c) => (
              <ConversationItem
                key={c.toId}
                name={c.name}
                avatar={c.avatar}
                last={lastContentText(c.lastMsgType, c.lastContent, t)}
                time={listTime(c.lastTime)}
                unread={c.unreadCount}
                active={c.toId === selected}
                onOpen={() => onSelect(c.toId)}
              />
            ))}
          </ul>
        )}
      </nav>
      <section className="chat-thread" aria-labelledby={selected === null ? undefined : 'chat-thread-title'}>
        <ConnectionBanner state={state} final={final} onRetry={() => connection.current?.retry()} onLogin={onLogin} />
        {selected === null ? (
          <p className="chat-thread__choose">{t('chat.page.choose')}</p>
        ) : (
          <>
            <h2 id="chat-thread-title" className="chat-thread__title">
              {name}
            </h2>
            <Messages
              key={selected}
              state={open}
              name={name}
              lang={lang}
              onOlder={() => void loadOlder(selected)}
              onReload={() => void openThread(selected, true)}
              onResend={(id) => resend(selected, id)}
            />
            {open?.notice ? (
              <p className={`chat-notice ${open.notice.code === CHAT_CODE.consultExpired ? 'chat-notice--warning' : ''}`} role="status">
                {open.notice.text}
              </p>
            ) : null}
            {readyCard && readyCard.card.shopId === selected ? (
              <div className="chat-ready" role="group" aria-label={t('chat.card.ready')}>
                <span className="chat-ready__label">{t('chat.card.ready')}</span>
                {readyCard.kind === 'product' ? <ProductCardView card={readyCard.card} lang={lang} /> : <OrderCardView card={readyCard.card} lang={lang} />}
                <div className="chat-ready__actions">
                  <Button
                    size="sm"
                    onClick={() => {
                      send(selected, readyCard.kind === 'product' ? CHAT_MSG_TYPE.product : CHAT_MSG_TYPE.order, readyCard.kind === 'product' ? String(readyCard.card.prodId) : readyCard.card.orderNumber);
                      setReadyCard(null);
                    }}
                  >
                    {t('chat.card.send')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setReadyCard(null)}>
                    {t('chat.card.dismiss')}
                  </Button>
                </div>
              </div>
            ) : null}
            <Composer
              key={`composer-${selected}`}
              toId={selected}
              lang={lang}
              disabled={final !== null}
              onSend={(msgType, content) => send(selected, msgType, content)}
            />
          </>
        )}
      </section>
    </div>
  );
}

function ConversationItem({ name, avatar, last, time, unread, active, onOpen }: { name: string; avatar: string | null; last: string; time: string; unread: number; active: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className={`chat-item ${active ? 'chat-item--active' : ''}`} aria-current={active ? 'true' : undefined} onClick={onOpen} data-testid="chat-conversation">
        {avatar ? <img className="chat-item__avatar" src={avatar} alt="" width={40} height={40} /> : <span className="chat-item__avatar chat-item__avatar--blank" aria-hidden="true">{name.slice(0, 1)}</span>}
        <span className="chat-item__body">
          <span className="chat-item__head">
            <span className="chat-item__name">{name}</span>
            <span className="chat-item__time">{time}</span>
          </span>
          <span className="chat-item__last">{last}</span>
        </span>
        {unread > 0 ? (
          <span className="chat-item__unread" data-testid="chat-unread">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="visually-hidden">{t('chat.unread', { count: unread })}</span>
          </span>
        ) : null}
      </button>
    </li>
  );
}

function ConnectionBanner({ state, final, onRetry, onLogin }: { state: ChatConnectionState; final: 'kicked' | 'refused' | null; onRetry: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const kind = final ?? (state === 'kicked' || state === 'refused' ? state : state === 'retry' ? 'retry' : state === 'connecting' ? 'connecting' : null);
  if (!kind) return null;
  return (
    <div className={`chat-banner chat-banner--${kind}`} role={kind === 'connecting' ? 'status' : 'alert'} data-testid="chat-banner">
      {kind === 'kicked' ? (
        <>
          {t('chat.codes.loggedInElsewhere')}{' '}
          <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
            {t('chat.status.refresh')}
          </Button>
        </>
      ) : kind === 'refused' ? (
        <>
          {t('chat.codes.userInfoFailed')}{' '}
          <Button size="sm" variant="secondary" onClick={onLogin}>
            {t('chat.status.login')}
          </Button>
        </>
      ) : kind === 'retry' ? (
        <>
          {t('chat.codes.connectionBroken')}{' '}
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('chat.status.retry')}
          </Button>
        </>
      ) : (
        t('chat.status.connecting')
      )}
    </div>
  );
}

function Messages({ state, name, lang, onOlder, onReload, onResend }: { state: ThreadState | undefined; name: string; lang: Language; onOlder: () => void; onReload: () => void; onResend: (clientMsgId: string) => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const kept = useRef<{ first: number | null; last: number | null; pending: number; height: number }>({ first: null, last: null, pending: 0, height: 0 });
  const messages = state?.thread.messages ?? [];
  const pending = state?.thread.pending ?? [];
  const first = messages[0]?.seq ?? null;
  const last = messages.at(-1)?.seq ?? null;

  // Older messages above keep the view where it was; new ones below (or one's own) scroll to them.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = kept.current;
    if (before.first !== null && first !== null && first < before.first && last === before.last) el.scrollTop += el.scrollHeight - before.height;
    else if (last !== before.last || pending.length > before.pending) el.scrollTop = el.scrollHeight;
    kept.current = { first, last, pending: pending.length, height: el.scrollHeight };
  }, [first, last, pending.length]);

  function onScroll() {
    const el = box.current;
    if (el && el.scrollTop < 40 && state?.hasMore && !state.loading) onOlder();
  }

  if (!state || state.loading === 'first') {
    return (
      <div className="chat-messages" aria-busy="true">
        <p className="chat-messages__note">{t('chat.status.connecting')}</p>
      </div>
    );
  }
  if (state.failed && messages.length === 0) {
    return (
      <div className="chat-messages">
        <p className="chat-messages__note" role="alert">
          {state.failed.reason ?? t('chat.thread.loadFailed')}{' '}
          <Button size="sm" variant="secondary" onClick={onReload}>
            {t('chat.thread.reload')}
          </Button>
        </p>
      </div>
    );
  }
  return (
    <div className="chat-messages" ref={box} onScroll={onScroll} tabIndex={0} role="log" aria-label={t('chat.thread.label', { name })}>
      {state.hasMore ? (
        <p className="chat-messages__note">
          {state.loading === 'older' ? (
            t('chat.thread.loadingOlder')
          ) : (
            <button type="button" className="chat-link-button" onClick={onOlder}>
              {t('chat.thread.loadOlder')}
            </button>
          )}
        </p>
      ) : messages.length > 0 ? (
        <p className="chat-messages__note">{t('chat.thread.noMore')}</p>
      ) : null}
      {messages.length === 0 && pending.length === 0 ? <p className="chat-messages__note">{t('chat.thread.start', { name })}</p> : null}
      <ol className="chat-messages__list">
        {messages.map((m, i) => (
          <Fragment key={m.seq}>
            {i === 0 || dayOf(messages[i - 1]!.createTime) !== dayOf(m.createTime) ? (
              <li className="chat-day">{dayLabel(dayOf(m.createTime), t)}</li>
            ) : null}
            <MessageRow message={m} mine={m.fromSide === CHAT_SIDE.shopper} otherName={name} lang={lang} />
          </Fragment>
        ))}
        {pending.map((p) => (
          <PendingRow key={p.clientMsgId} message={p} lang={lang} onResend={() => onResend(p.clientMsgId)} />
        ))}
      </ol>
    </div>
  );
}

function Composer({ toId, lang, disabled, onSend }: { toId: number; lang: Language; disabled: boolean; onSend: (msgType: number, content: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [cardsOpen, setCardsOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const length = [...text.trim()].length;

  function submit() {
    const content = text.trim();
    if (!content) {
      setError(t('chat.composer.empty'));
      return;
    }
    if (length > CHAT_TEXT_MAX) {
      setError(t('chat.composer.tooLong', { max: CHAT_TEXT_MAX, count: length }));
      return;
    }
    setError(null);
    onSend(CHAT_MSG_TYPE.text, content);
    setText('');
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function insertEmoji(emoji: string) {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  }

  async function onPicture(files: FileList | null) {
    const picked = files?.[0];
    if (file.current) file.current.value = '';
    if (!picked) return;
    const problem = checkImageFile(picked);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    setUploading(true);
    try {
      onSend(CHAT_MSG_TYPE.image, await uploadChatImage(picked));
    } catch (err) {
      const message = inlineFailure(err, t);
      if (message) setError(message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="chat-composer">
      <div className="chat-composer__tools">
        <button type="button" className="chat-tool" aria-expanded={emojiOpen} aria-controls="chat-emoji" onClick={() => setEmojiOpen(!emojiOpen)} disabled={disabled}>
          {t('chat.composer.emoji')}
        </button>
        <button type="button" className="chat-tool" onClick={() => file.current?.click()} disabled={disabled || uploading}>
          {t('chat.composer.image')}
        </button>
        <input ref={file} type="file" accept={IMAGE_ACCEPT} hidden onChange={(e) => void onPicture(e.target.files)} aria-label={t('chat.composer.image')} />
        <button type="button" className="chat-tool" aria-expanded={cardsOpen} aria-controls="chat-recent" onClick={() => setCardsOpen(!cardsOpen)} disabled={disabled}>
          {t('chat.composer.cards')}
        </button>
        {uploading ? <span className="chat-composer__hint" role="status">{t('chat.composer.uploading')}</span> : null}
      </div>
      {emojiOpen ? (
        <div id="chat-emoji" className="chat-emoji" role="group" aria-label={t('chat.composer.emojiPicker')}>
          {EMOJI.map((emoji) => (
            <button key={emoji} type="button" className="chat-emoji__item" onClick={() => insertEmoji(emoji)}>
              {emoji}
            </button>
          ))}
        </div>
      ) : null}
      {cardsOpen ? (
        <RecentCards
          id="chat-recent"
          shopId={toId}
          lang={lang}
          onClose={() => setCardsOpen(false)}
          onPick={(kind, content) => {
            onSend(kind === 'product' ? CHAT_MSG_TYPE.product : CHAT_MSG_TYPE.order, content);
            setCardsOpen(false);
          }}
        />
      ) : null}
      <label className="visually-hidden" htmlFor="chat-input">
        {t('chat.composer.label')}
      </label>
      <textarea
        id="chat-input"
        ref={input}
        className="chat-composer__input"
        value={text}
        rows={3}
        placeholder={t('chat.composer.placeholder')}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'chat-input-error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__foot">
        {error ? (
          <p id="chat-input-error" className="chat-composer__error" role="alert">
            {error}
          </p>
        ) : (
          <span className={`chat-composer__count ${length > CHAT_TEXT_MAX ? 'chat-composer__count--over' : ''}`}>{t('chat.composer.count', { count: length, max: CHAT_TEXT_MAX })}</span>
        )}
        <Button onClick={submit} disabled={disabled}>
          {t('chat.composer.send')}
        </Button>
      </div>
    </div>
  );
}
