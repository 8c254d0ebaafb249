// @vitest-environment happy-dom
// Upward history paging of /chat in the browser: the thread opens on the newest page; scrolling to
// its top asks the API for the page before the oldest message shown (beforeSeq = that seq) and puts
// it above, in seq order, each message once; the message being read stays where it was; one page
// is asked for at a time, and none once the API says the history has no more. A page the API refuses
// says why (the first page in the thread, an older one in a toast). Only the network is
// faked: the history API (fetch) and the shared socket module (an open connection).
import { createElement } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_HISTORY_PAGE_DEFAULT, CHAT_MSG_TYPE, CHAT_SIDE } from '@bazaar/shared/constants/chat';
import type { Language } from '@bazaar/shared/constants/limits';
import type { ChatConversation, ChatHistoryPage, ChatMessage } from '@bazaar/shared/schemas/chat';
import type { ChatConnection } from '@bazaar/shared/chat/chat-connection';
import { I18nProvider } from '../../lib/i18n.tsx';
import { t } from '../../test/server-render.ts';
import { showToast } from '../../components/ui/toast.tsx';
import { ChatWorkspace } from './chat-workspace.tsx';

// The shared socket, already open; what it is asked (resume, send) is not this test's subject.
vi.mock('./chat-client.ts', () => {
  const connection: ChatConnection = { state: 'open', send: () => true, resume: () => true, retry: () => undefined, stop: () => undefined };
  return { takeChatSocket: () => ({ connection, unread: () => null, release: () => undefined }) };
});

// What the shopper is told in a toast (the toast's own view is not this test's subject).
vi.mock('../../components/ui/toast.tsx', async (original) => ({ ...(await original<typeof import('../../components/ui/toast.tsx')>()), showToast: vi.fn() }));

const LANGUAGES = ['zh', 'en'] as const satisfies readonly Language[];
const SHOP_ID = 3;
const CONVERSATION_ID = 77;
const SHOP_NAME = '瓷韵茶社';
const HISTORY = '/api/p/user/chat/history';

const message = (seq: number): ChatMessage => ({
  id: 1_000 + seq,
  conversationId: CONVERSATION_ID,
  seq,
  userId: 'f'.repeat(32),
  shopId: SHOP_ID,
  fromSide: seq % 2 === 0 ? CHAT_SIDE.shop : CHAT_SIDE.shopper,
  senderId: seq % 2 === 0 ? String(SHOP_ID) : 'f'.repeat(32),
  msgType: CHAT_MSG_TYPE.text,
  content: `message ${seq}`,
  card: null,
  clientMsgId: null,
  createTime: `2026-03-0${seq <= 20 ? 1 : 2} 10:${String(seq).padStart(2, '0')}:00`,
});
/** Messages from..to (inclusive), oldest first as the API answers them. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const page = (records: ChatMessage[], hasMore: boolean): ChatHistoryPage => ({ conversationId: records.length ? CONVERSATION_ID : null, records, hasMore, otherReadSeq: 0 });

const conversation: ChatConversation = {
  conversationId: CONVERSATION_ID,
  toId: SHOP_ID,
  name: SHOP_NAME,
  avatar: null,
  lastContent: 'message 40',
  lastMsgType: CHAT_MSG_TYPE.text,
  lastTime: '2026-03-02 10:40:00',
  // Nothing unread: opening the thread marks nothing read, so the history calls are all it makes.
  unreadCount: 0,
  lastSeq: 40,
};

/** The API: each history call waits until the test answers it; anything else answers {}. */
function stubApi() {
  const waiting: Array<(answer: Response) => void> = [];
  const fetch = vi.fn((url: string) => {
    if (!url.startsWith(HISTORY)) return Promise.resolve(Response.json({}));
    return new Promise<Response>((resolve) => waiting.push(resolve));
  });
  vi.stubGlobal('fetch', fetch);
  return {
    /** The history calls made so far, as the addresses asked for. */
    historyCalls: () => fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith(HISTORY)),
    /** Answers history call number `index` (0: the first page) with `body`. */
    async answer(index: number, body: ChatHistoryPage) {
      const resolve = waiting[index];
      if (!resolve) throw new Error(`history call ${index} was never made`);
      await act(async () => resolve(Response.json(body)));
    },
    /** Refuses history call number `index` as the API refuses a request: a 4xx with its message as the body. */
    async refuse(index: number, status: number, text: string) {
      const resolve = waiting[index];
      if (!resolve) throw new Error(`history call ${index} was never made`);
      await act(async () => resolve(new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })));
    },
  };
}
const historyUrl = (beforeSeq: number | null) => `${HISTORY}?toId=${SHOP_ID}${beforeSeq === null ? '' : `&beforeSeq=${beforeSeq}`}&size=${CHAT_HISTORY_PAGE_DEFAULT}`;

// happy-dom lays nothing out (scrollHeight is always 0), so the thread gets a layout: each line
// (a note, a day, a message) is LINE px high, in document order.
const LINE = 30;
const linesOf = (log: Element) => [...log.children].flatMap((child) => (child.tagName === 'OL' ? [...child.children] : [child]));
const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!;
/** Where a message is seen: its top less the scroll offset. */
const seenAt = (log: HTMLElement, seq: number) => linesOf(log).findIndex((line) => line.getAttribute('data-seq') === String(seq)) * LINE - log.scrollTop;

/** The seqs of the messages shown, top to bottom. */
const shownSeqs = () => [...document.querySelectorAll('[data-testid="chat-message"]')].map((row) => Number(row.getAttribute('data-seq')));
const log = () => screen.getByRole('log');
/** The shopper scrolls the thread to `top`. */
function scrollTo(top: number) {
  const el = log();
  el.scrollTop = top;
  fireEvent.scroll(el);
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return this.getAttribute('role') === 'log' ? linesOf(this).length * LINE : 0;
    },
  });
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
  // React's warnings (a key twice, an update outside act) fail the test.
  const errors = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(errors).toEqual([]);
});

function renderChat(lang: Language) {
  return render(
    createElement(I18nProvider, {
      lang,
      children: createElement(ChatWorkspace, { userId: 'f'.repeat(32), lang, conversations: [conversation], selected: SHOP_ID, target: null, readyCard: null, onSelect: () => undefined, onLogin: () => undefined }),
    }),
  );
}

/** Opens the thread on its newest page, 21..40, with older messages to come. */
async function openOnNewestPage(lang: Language) {
  const api = stubApi();
  renderChat(lang);
  expect(api.historyCalls()).toEqual([historyUrl(null)]);
  await api.answer(0, page(range(21, 40), true));
  await waitFor(() => expect(shownSeqs()).toEqual(range(21, 40).map((m) => m.seq)));
  return api;
}

for (const lang of LANGUAGES) {
  describe(`older messages on /chat (${lang})`, () => {
    it('scrolling to the top asks for the page before the oldest message shown and puts it above, in order, each once', async () => {
      const api = await openOnNewestPage(lang);
      // Opened at the newest message; scrolling short of the top asks for nothing.
      expect(log().scrollTop).toBe(log().scrollHeight);
      scrollTo(200);
      expect(api.historyCalls()).toHaveLength(1);

      scrollTo(0);
      expect(api.historyCalls()).toEqual([historyUrl(null), historyUrl(21)]);
      // The answer overlaps what is shown by one message (21): it is shown once.
      await api.answer(1, page(range(2, 21), true));
      await waitFor(() => expect(shownSeqs()).toEqual(range(2, 40).map((m) => m.seq)));
      expect(screen.getAllByText('message 21')).toHaveLength(1);

      // The next page ends before the new oldest message.
      scrollTo(0);
      expect(api.historyCalls()).toEqual([historyUrl(null), historyUrl(21), historyUrl(2)]);
      await api.answer(2, page([message(1)], false));
      await waitFor(() => expect(shownSeqs()).toEqual(range(1, 40).map((m) => m.seq)));
    });

    it('keeps the message being read where it was as older messages come in above it', async () => {
      const api = await openOnNewestPage(lang);
      scrollTo(10);
      const before = seenAt(log(), 21);
      expect(before).toBe(2 * LINE - 10);
      await api.answer(1, page(range(1, 20), true));
      await waitFor(() => expect(shownSeqs()).toHaveLength(40));
      expect(seenAt(log(), 21)).toBe(before);
    });

    it('asks for one page at a time, saying it is loading meanwhile', async () => {
      const api = await openOnNewestPage(lang);
      expect(screen.getByRole('button', { name: t(lang, 'chat.thread.loadOlder') })).toBeTruthy();

      scrollTo(0);
      expect(screen.getByText(t(lang, 'chat.thread.loadingOlder'))).toBeTruthy();
      expect(screen.queryByRole('button', { name: t(lang, 'chat.thread.loadOlder') })).toBeNull();
      scrollTo(5);
      scrollTo(0);
      expect(api.historyCalls()).toEqual([historyUrl(null), historyUrl(21)]);

      await api.answer(1, page(range(1, 20), true));
      await waitFor(() => expect(screen.queryByText(t(lang, 'chat.thread.loadingOlder'))).toBeNull());
      expect(screen.getByRole('button', { name: t(lang, 'chat.thread.loadOlder') })).toBeTruthy();
    });

    it('an older page the API refuses says why, and the shopper may ask again', async () => {
      const api = await openOnNewestPage(lang);
      vi.mocked(showToast).mockClear();
      scrollTo(0);
      await api.refuse(1, 400, 'refused for this test');
      await waitFor(() => expect(showToast).toHaveBeenCalledWith('refused for this test', { kind: 'error' }));
      expect(shownSeqs()).toEqual(range(21, 40).map((m) => m.seq));
      fireEvent.click(screen.getByRole('button', { name: t(lang, 'chat.thread.loadOlder') }));
      expect(api.historyCalls()).toEqual([historyUrl(null), historyUrl(21), historyUrl(21)]);
      await api.answer(2, page(range(1, 20), false));
      await waitFor(() => expect(shownSeqs()).toEqual(range(1, 40).map((m) => m.seq)));
    });

    it('a first page the API refuses says why in the thread, and reload asks again', async () => {
      const api = stubApi();
      renderChat(lang);
      await api.refuse(0, 400, 'refused for this test');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('refused for this test'));
      expect(screen.queryByText(t(lang, 'chat.thread.loadFailed'))).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: t(lang, 'chat.thread.reload') }));
      expect(api.historyCalls()).toEqual([historyUrl(null), historyUrl(null)]);
      await api.answer(1, page(range(21, 40), true));
      await waitFor(() => expect(shownSeqs()).toEqual(range(21, 40).map((m) => m.seq)));
    });

    it('a first page that fails without a refusal (a server error) offers a reload', async () => {
      const api = stubApi();
      renderChat(lang);
      await api.refuse(0, 500, 'boom');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(t(lang, 'chat.thread.loadFailed')));
      expect(screen.queryByText(/boom/)).toBeNull();
    });

    it('the "load earlier messages" button asks for the same page as scrolling', async () => {
      const api = await openOnNewestPage(lang);
      fireEvent.click(screen.getByRole('button', { name: t(lang, 'chat.thread.loadOlder') }));
      expect(api.historyCalls()).toEqual([historyUrl(null), historyUrl(21)]);
      await api.answer(1, page(range(1, 20), false));
      await waitFor(() => expect(shownSeqs()).toEqual(range(1, 40).map((m) => m.seq)));
    });

    it('stops at the start of the conversation: no more requests once the API says there is no more', async () => {
      const api = await openOnNewestPage(lang);
      scrollTo(0);
      await api.answer(1, page(range(1, 20), false));
      await waitFor(() => expect(screen.getByText(t(lang, 'chat.thread.noMore'))).toBeTruthy());
      expect(screen.queryByRole('button', { name: t(lang, 'chat.thread.loadOlder') })).toBeNull();

      scrollTo(5);
      scrollTo(0);
      expect(api.historyCalls()).toEqual([historyUrl(null), historyUrl(21)]);
    });

    it('a conversation that fits in one page never asks for older messages', async () => {
      const api = stubApi();
      renderChat(lang);
      await api.answer(0, page(range(1, 5), false));
      await waitFor(() => expect(shownSeqs()).toEqual([1, 2, 3, 4, 5]));
      expect(screen.getByText(t(lang, 'chat.thread.noMore'))).toBeTruthy();
      scrollTo(0);
      expect(api.historyCalls()).toEqual([historyUrl(null)]);
    });

    it('says it is connecting until the first page comes, then invites the first message of a new conversation', async () => {
      const api = stubApi();
      renderChat(lang);
      const loading = screen.getByText(t(lang, 'chat.status.connecting'));
      expect(loading.parentElement?.getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByRole('log')).toBeNull();

      await api.answer(0, page([], false));
      await waitFor(() => expect(screen.getByText(t(lang, 'chat.thread.start', { name: SHOP_NAME }))).toBeTruthy());
      expect(screen.getByRole('log', { name: t(lang, 'chat.thread.label', { name: SHOP_NAME }) })).toBeTruthy();
      expect(screen.queryByText(t(lang, 'chat.thread.noMore'))).toBeNull();
      expect(screen.queryByRole('button', { name: t(lang, 'chat.thread.loadOlder') })).toBeNull();
      scrollTo(0);
      expect(api.historyCalls()).toEqual([historyUrl(null)]);
    });
  });
}
