// The group panel's two action buttons (QA2 item 3): the price on 发起拼团 / 参与拼团 takes the
// button's own colour (white on the red button), not the shared red price, and the buttons grow to
// hold two lines. The rules live in group.css (the group chunk), never in app.css (decision 011).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, file), 'utf8');
const GROUP_CSS = read('group.css');
const APP_CSS = read('../../styles/app.css');
const SOURCE = read('group-detail.tsx');

/** The declarations of one rule of a stylesheet. */
const rule = (css: string, selector: string) => {
  const match = new RegExp(`\\n${selector.replace(/[.]/g, '\\.')} \\{([^}]*)\\}`).exec(css);
  if (!match) throw new Error(`no rule ${selector}`);
  return Object.fromEntries(
    match[1]!
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(';')
      .map((d) => d.split(':').map((p) => p.trim()))
      .filter(([k]) => k),
  ) as Record<string, string>;
};

describe('the group panel action buttons', () => {
  it("shows the price in the button's colour, not the shared red price", () => {
    expect(rule(APP_CSS, '.price__now').color).toBe('var(--accent)');
    expect(rule(GROUP_CSS, '.group-panel__action-price .price__now')).toMatchObject({ color: 'inherit' });
    // Both buttons put their price inside the panel's own class.
    expect(SOURCE.match(/<span className="group-panel__action-price">\s*<Price /g)).toHaveLength(2);
  });

  it('lets the large buttons grow to two lines in the group panel only', () => {
    expect(rule(APP_CSS, '.btn--lg').height).toBe('44px');
    const grown = rule(GROUP_CSS, '.group-panel__action.btn--lg');
    expect(grown.height).toBe('auto');
    expect(Number.parseInt(grown['min-height']!, 10)).toBeGreaterThanOrEqual(52);
  });
});
