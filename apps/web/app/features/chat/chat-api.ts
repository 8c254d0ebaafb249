// The shopper's chat calls from the browser (decision 063; payloads in @bazaar/shared/schemas/chat).
import type { ChatConversation, ChatHistoryPage, ChatRecentBrowse, ChatUnread } from '@bazaar/shared/schemas/chat';
import { CHAT_HISTORY_PAGE_DEFAULT, CHAT_RECENT_PAGE_DEFAULT } from '@bazaar/shared/constants/chat';
import { ApiError, apiData } from '../../lib/api.ts';
import { emitApiEvent } from '../../lib/api-events.ts';
import { getBrowserToken, removeBrowserToken } from '../../lib/cookies.ts';
import { documentLanguage } from '../../lib/texts.ts';

export const listConversations = () => apiData<ChatConversation[]>('/p/user/conversations');

export const loadHistory = (toId: number, beforeSeq: number | null) =>
  apiData<ChatHistoryPage>('/p/user/chat/history', { query: { toId, beforeSeq, size: CHAT_HISTORY_PAGE_DEFAULT }, silent: true });

export const markRead = (toId: number, seq: number) => apiData<ChatUnread>('/p/user/chat/read', { method: 'POST', body: { toId, seq }, silent: true });

/**
 * A POST with a body the JSON client does not send: recentBrowse is form-encoded (specification
 * section 7) and uploadImFile answers the path as plain text. 401 and errors as lib/api.ts does.
 */
async function postRaw(path: string, body: URLSearchParams | FormData): Promise<string> {
  const token = getBrowserToken();
  const headers: Record<string, string> = { 'Accept-Language': documentLanguage() };
  if (token) headers.Authorization = token;
  const response = await fetch(`/api${path}`, { method: 'POST', headers, body });
  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401) {
      removeBrowserToken();
      if (token) emitApiEvent({ type: 'session-ended' });
      emitApiEvent({ type: 'login-required' });
    }
    throw new ApiError(response.status, response.status >= 500 ? '' : text, response.headers.get('X-Error-Code'));
  }
  return text;
}

export async function loadRecent(shopId: number, current: number): Promise<ChatRecentBrowse> {
  const text = await postRaw('/p/user/recentBrowse', new URLSearchParams({ shopId: String(shopId), current: String(current), size: String(CHAT_RECENT_PAGE_DEFAULT) }));
  return JSON.parse(text) as ChatRecentBrowse;
}

/** Uploads a picture for the chat (multipart `file`); answers its path, the message's content. */
export async function uploadChatImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const text = (await postRaw('/p/file/uploadImFile', form)).trim();
  return text.startsWith('"') ? (JSON.parse(text) as string) : text;
}
