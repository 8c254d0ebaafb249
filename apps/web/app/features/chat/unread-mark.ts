// The top bar's unread mark (the '00000' frame), loaded by the shell after hydration, when the
// browser is idle and a shopper is logged in (components/chat-unread.ts): the socket, and the
// mark's own texts, stay out of every page's first JavaScript (decision 011).
import { CHAT_CODE } from '@bazaar/shared/constants/chat';
import type { Language } from '@bazaar/shared/constants/limits';
import { provideCatalog } from '../../lib/i18n.tsx';
import { takeChatSocket } from './chat-client.ts';

/** Hears the unread total from the shared socket; answers the function that stops it. */
export async function watchUnread(userId: string, lang: Language, onUnread: (total: number) => void): Promise<() => void> {
  const texts = await (lang === 'en' ? import('@bazaar/shared/i18n/en/ui-chat') : import('@bazaar/shared/i18n/zh/ui-chat'));
  provideCatalog(lang, texts.uiChat);
  const use = takeChatSocket(userId, {
    onFrame: (frame) => {
      if (frame.code === CHAT_CODE.unread && typeof frame.data === 'number') onUnread(frame.data);
    },
  });
  const known = use.unread();
  if (known !== null) onUnread(known);
  return use.release;
}
