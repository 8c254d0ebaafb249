// How the chat page words a message where it cannot show it whole (the conversation list, a
// pending card) and when it was written.
import type { TFunction } from 'i18next';
import { CHAT_MSG_TYPE } from '@bazaar/shared/constants/chat';

/** The conversation list's last message: the text, or what kind of message it was. */
export function lastContentText(msgType: number, content: string, t: TFunction): string {
  if (msgType === CHAT_MSG_TYPE.image) return t('chat.last.image');
  if (msgType === CHAT_MSG_TYPE.product) return t('chat.last.product');
  if (msgType === CHAT_MSG_TYPE.order) return t('chat.last.order');
  return content;
}

const shanghaiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in GMT+8 ('yyyy-MM-dd'), the API's time zone. */
export const todayInShanghai = (now: Date = new Date()): string => shanghaiDay.format(now);

/** A day separator's label: today, yesterday, or the date. */
export function dayLabel(day: string, t: TFunction, now: Date = new Date()): string {
  const today = todayInShanghai(now);
  if (day === today) return t('chat.thread.today');
  if (day === todayInShanghai(new Date(now.getTime() - 86_400_000))) return t('chat.thread.yesterday');
  return day;
}

/** The list's time of a last message: the hour today, else the date. */
export function listTime(apiTime: string | null, now: Date = new Date()): string {
  if (!apiTime) return '';
  return apiTime.slice(0, 10) === todayInShanghai(now) ? apiTime.slice(11, 16) : apiTime.slice(5, 10);
}

/** Only pictures uploaded to the mall are shown as pictures (content is the upload's path). */
export const isUploadedPicture = (content: string): boolean => /^\/uploads\/[\w./-]+$/.test(content) && !content.includes('..');

/** A few emoji the composer offers (any other is typed or pasted as text). */
export const EMOJI = ['😀', '😁', '😂', '🤣', '😊', '😍', '😘', '😎', '🤔', '😅', '😭', '😡', '😱', '😴', '🙄', '😏', '🥰', '🤗', '🙏', '👍', '👎', '👌', '👏', '💪', '🤝', '🎉', '❤️', '💔', '🌹', '🎁', '📦', '🚚', '💰', '⭐', '✅', '❌', '❓', '⏰'];
