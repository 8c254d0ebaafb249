// The session tabs of /flash-sale as the server renders them, in both languages: each tab is the
// link to its session with its time and its state (ended, on now, upcoming), tomorrow's first
// session says so, and only the chosen tab is marked as the current page.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SessionTabs, type SessionView } from './session-tabs.tsx';
import { LANGUAGES, renderHtml, seckillSession, t } from './seckill-fixtures.ts';

const sessions: SessionView[] = [
  { ...seckillSession('10:00', 3), shownState: 3 },
  { ...seckillSession('12:00', 2), shownState: 2 },
  { ...seckillSession('14:00', 1), shownState: 1 },
  { ...seckillSession('10:00', 1, { sessionKey: '202612081000', startTime: '2026-12-08 10:00:00', endTime: '2026-12-08 12:00:00', tomorrow: true }), shownState: 1 },
];

/** Each tab's link: its attributes, and the texts of its time and its state. */
function tabsOf(html: string) {
  const links = [...html.matchAll(/<a ([^>]*data-testid="seckill-session"[^>]*)>(.*?)<\/a>/g)];
  const plain = (part: string | undefined) => (part ?? '').replace(/<!-- -->/g, '');
  return links.map(([, attributes, inner]) => ({
    attributes: attributes!,
    href: /href="([^"]*)"/.exec(attributes!)?.[1],
    time: plain(/<span class="seckill-sessions__time">(.*?)<\/span>/.exec(inner!)?.[1]),
    state: plain(/<span class="seckill-sessions__state">(.*?)<\/span>/.exec(inner!)?.[1]),
  }));
}

for (const lang of LANGUAGES) {
  describe(`the session tabs (${lang})`, () => {
    const html = renderHtml(lang, createElement(SessionTabs, { sessions, active: '202612071200', hrefFor: (key: string) => `/flash-sale?session=${key}` }));
    const tabs = tabsOf(html);

    it('names the tab list', () => {
      expect(html).toContain(`<nav class="seckill-sessions" aria-label="${t(lang, 'seckill.page.sessionsLabel')}">`);
    });

    it("shows each session's time and state, tomorrow's first one marked as tomorrow, each linking to its session", () => {
      expect(tabs).toHaveLength(4);
      expect(tabs.map((tab) => tab.time)).toEqual(['10:00', '12:00', '14:00', `${t(lang, 'seckill.page.tomorrow')} 10:00`]);
      expect(tabs.map((tab) => tab.state)).toEqual([t(lang, 'seckill.states.3'), t(lang, 'seckill.states.2'), t(lang, 'seckill.states.1'), t(lang, 'seckill.states.1')]);
      // The three states read differently (a missing key would read the same for all).
      expect(new Set(tabs.slice(0, 3).map((tab) => tab.state)).size).toBe(3);
      expect(tabs.map((tab) => tab.href)).toEqual(['/flash-sale?session=202612071000', '/flash-sale?session=202612071200', '/flash-sale?session=202612071400', '/flash-sale?session=202612081000']);
      expect(tabs.map((tab) => /seckill-sessions__tab--(\d)/.exec(tab.attributes)?.[1])).toEqual(['3', '2', '1', '1']);
    });

    it('marks the chosen tab, and only it', () => {
      const marked = tabs.map((tab) => tab.attributes.includes('aria-current="page"'));
      expect(marked).toEqual([false, true, false, false]);
      expect(tabs.map((tab) => tab.attributes.includes('seckill-sessions__tab--active'))).toEqual(marked);
    });
  });
}

describe('the session tabs, another tab chosen', () => {
  it("marks tomorrow's session when it is the one chosen", () => {
    const tabs = tabsOf(renderHtml('zh', createElement(SessionTabs, { sessions, active: '202612081000', hrefFor: (key: string) => `/flash-sale?session=${key}` })));
    expect(tabs.map((tab) => tab.attributes.includes('aria-current="page"'))).toEqual([false, false, false, true]);
  });
});
