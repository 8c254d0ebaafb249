// The top bar's welcome text (section 2, from the site config in the page's language) is shown in
// full at 1280 px: the notices give way before it does, and a nickname of the longest allowed length
// fits; what still cannot fit (an unusually long config) keeps its whole text as a title.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { RootData } from '../../root.tsx';
import { escapeHtml, renderHtml, t } from '../../test/server-render.ts';
import { TopBar } from './top-bar.tsx';

const CSS = readFileSync(path.resolve(import.meta.dirname, '../../styles/app.css'), 'utf8');
/** The declarations of one rule of app.css. */
const rule = (selector: string) => {
  const match = new RegExp(`\\n${selector.replace(/[.]/g, '\\.')} \\{([^}]*)\\}`).exec(CSS);
  if (!match) throw new Error(`no rule ${selector}`);
  return Object.fromEntries(
    match[1]!
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(';')
      .map((d) => d.split(':').map((p) => p.trim()))
      .filter(([k]) => k),
  ) as Record<string, string>;
};

const NICKNAME = '一二三四五六七八九十一二三四五';

function data(lang: 'zh' | 'en', loggedIn: boolean): RootData {
  return {
    lang,
    webConfig: { pcWelcomeCn: '欢迎来到 Bazaar 商城', pcWelcomeEn: 'Welcome to the Bazaar Mall', pcLogoImgText: '', pcCompanyInfoCn: '', pcCompanyInfoEn: '', pcTitleImg: '' },
    serviceSwitch: { serviceTermsSwitch: false, privacyPolicySwitch: false },
    user: loggedIn ? { userId: 'u1', nickName: NICKNAME, pic: null } : null,
    isLoggedIn: loggedIn,
    userInBrowser: false,
  } as unknown as RootData;
}

describe('the top bar welcome', () => {
  it('does not shrink: the notices give way first', () => {
    const welcome = rule('.top-bar__welcome');
    expect(['none', '0 0 auto']).toContain(welcome.flex);
    expect(rule('.ticker').flex).toMatch(/^0 1 /);
  });

  it('fits "hello" and a 15-character nickname', () => {
    // 18 characters of 12 px.
    expect(Number.parseInt(rule('.top-bar__nickname')['max-width'] ?? '0', 10)).toBeGreaterThanOrEqual(18 * 12);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`keeps the whole welcome and greeting as titles (${lang})`, () => {
      const html = renderHtml(lang, createElement(TopBar, { data: data(lang, true), onLogin: () => undefined, onLogout: () => undefined }));
      const welcome = lang === 'en' ? 'Welcome to the Bazaar Mall' : '欢迎来到 Bazaar 商城';
      expect(html).toContain(`class="top-bar__welcome" title="${escapeHtml(welcome)}"`);
      expect(html).toContain(`title="${escapeHtml(t(lang, 'layout.topBar.hello', { name: NICKNAME }))}"`);
    });
  }
});
