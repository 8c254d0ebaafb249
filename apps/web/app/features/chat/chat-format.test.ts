import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { dayLabel, isUploadedPicture, lastContentText, listTime, todayInShanghai } from './chat-format.ts';
import { chatSocketUrl } from './chat-client.ts';

const t = ((key: string) => key) as unknown as TFunction;
// 2026-12-06 01:30 in GMT+8 (still 12-05 in UTC).
const now = new Date('2026-12-05T17:30:00Z');

describe('how the chat page words messages and times', () => {
  it('says what kind a message was where it cannot show it', () => {
    expect(lastContentText(0, '你好', t)).toBe('你好');
    expect(lastContentText(1, '/uploads/images/a.png', t)).toBe('chat.last.image');
    expect(lastContentText(2, '12', t)).toBe('chat.last.product');
    expect(lastContentText(3, '1917397039413723137', t)).toBe('chat.last.order');
  });

  it('counts days in GMT+8, the API time zone: today, yesterday, then the date', () => {
    expect(todayInShanghai(now)).toBe('2026-12-06');
    expect(dayLabel('2026-12-06', t, now)).toBe('chat.thread.today');
    expect(dayLabel('2026-12-05', t, now)).toBe('chat.thread.yesterday');
    expect(dayLabel('2026-11-30', t, now)).toBe('2026-11-30');
    expect(listTime('2026-12-06 01:02:03', now)).toBe('01:02');
    expect(listTime('2026-11-30 08:00:00', now)).toBe('11-30');
    expect(listTime(null, now)).toBe('');
  });

  it('shows only the mall’s uploads as pictures', () => {
    expect(isUploadedPicture('/uploads/images/ab12.png')).toBe(true);
    expect(isUploadedPicture('https://evil.example/x.png')).toBe(false);
    expect(isUploadedPicture('/uploads/../secret')).toBe(false);
    expect(isUploadedPicture('javascript:alert(1)')).toBe(false);
  });

  it('opens the socket on the storefront’s own origin, the token encoded in the path', () => {
    expect(chatSocketUrl('a/b+c', 'f'.repeat(32), 'en', { protocol: 'https:', host: 'mall.example' })).toBe(`wss://mall.example/api/im/websocket/online/user/a%2Fb%2Bc/${'f'.repeat(32)}?lang=en`);
    expect(chatSocketUrl('t', 'u', 'zh', { protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/im/websocket/online/user/t/u?lang=zh');
  });
});
