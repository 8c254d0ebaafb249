// The login panel of the login-gated pages (user center, checkouts, chat, order pages...): styled
// wherever it shows (its stylesheet comes with the component, not with some of the routes using it),
// and saying what fits the page: a neutral "log in to continue" unless the page names its own text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHtml, t } from '../../test/server-render.ts';
import { UserCenterSignIn } from './user-center-gate.tsx';

const HERE = import.meta.dirname;

describe('the login panel of gated pages', () => {
  it('brings the stylesheet that defines every class it uses', () => {
    const source = readFileSync(path.join(HERE, 'user-center-gate.tsx'), 'utf8');
    const sheets = [...source.matchAll(/^import '(\.\/[^']+\.css)';$/gm)].map((m) => readFileSync(path.join(HERE, m[1]!), 'utf8')).join('\n');
    const classes = new Set([...renderHtml('zh', createElement(UserCenterSignIn)).matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')));
    const own = [...classes].filter((c) => c.startsWith('account-'));
    expect(own.length).toBeGreaterThan(0);
    for (const name of own) expect(sheets, `.${name} is styled`).toContain(`.${name} {`);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`says "log in to continue" by default, and the page's own text when given (${lang})`, () => {
      const neutral = renderHtml(lang, createElement(UserCenterSignIn));
      expect(neutral).toContain(escapeHtml(t(lang, 'userCenter.login.continue')));
      expect(neutral).not.toContain(escapeHtml(t(lang, 'userCenter.login.text')));
      expect(t(lang, 'userCenter.login.continue')).not.toBe('userCenter.login.continue');
      const own = renderHtml(lang, createElement(UserCenterSignIn, { text: 'userCenter.login.text' }));
      expect(own).toContain(escapeHtml(t(lang, 'userCenter.login.text')));
    });
  }
});
