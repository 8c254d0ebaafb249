// A /flash-sale card as the server renders it, in both languages: the flash price over the usual
// (struck) one in yuan from fen, the share sold as a bar of that width with its percentage, and the
// countdown on the page's clock: to the end while it runs, to the start before, "ended" after.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SeckillProductCard } from './seckill-card.tsx';
import { SoldBar } from './seckill-countdown.tsx';
import { END_AT, LANGUAGES, START_AT, escapeHtml, renderHtml, seckillCard, t } from './seckill-fixtures.ts';

const HOUR = 3_600_000;
const countdownOf = (html: string) => /<span class="seckill-countdown" data-testid="seckill-countdown">(.*?)<\/span>/.exec(html)?.[1];
const remind = createElement('button', { type: 'button', 'data-testid': 'remind' }, 'remind');

for (const lang of LANGUAGES) {
  describe(`the flash-sale card (${lang})`, () => {
    it('shows the flash price over the usual one, struck, both in yuan from fen', () => {
      const html = renderHtml(lang, createElement(SeckillProductCard, { card: seckillCard(), now: START_AT + HOUR }));
      expect(html).toContain(`<span class="visually-hidden">${t(lang, 'seckill.card.flashPrice')}</span>`);
      expect(html).toContain('<span class="price seckill-card__price"><span class="price__now">¥59.00</span><s class="price__was">¥88.00</s></span>');
      // Fen to yuan keeps the cents.
      const cents = renderHtml(lang, createElement(SeckillProductCard, { card: seckillCard({ seckillPrice: 1_999, price: 12_345 }), now: START_AT + HOUR }));
      expect(cents).toContain('<span class="price__now">¥19.99</span><s class="price__was">¥123.45</s>');
    });

    it('shows the share sold as a bar of that width with its percentage', () => {
      const html = renderHtml(lang, createElement(SeckillProductCard, { card: seckillCard({ soldPercent: 37 }), now: START_AT + HOUR }));
      expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="37"/);
      expect(html).toContain(`aria-label="${escapeHtml(t(lang, 'seckill.card.soldLabel'))}"`);
      expect(html).toContain('<span class="sold-bar__fill" style="width:37%"></span>');
      expect(html).toContain(`<span class="sold-bar__text">${escapeHtml(t(lang, 'seckill.card.sold', { percent: 37 }))}</span>`);
      expect(t(lang, 'seckill.card.sold', { percent: 37 })).toContain('37%');
    });

    it('counts down to the end while it runs, and offers to buy', () => {
      const html = renderHtml(lang, createElement(SeckillProductCard, { card: seckillCard(), now: END_AT - (HOUR + 2 * 60_000 + 3_000), remind }));
      expect(countdownOf(html)).toBe(escapeHtml(t(lang, 'seckill.countdown.endsIn', { time: '01:02:03' })));
      expect(html).toContain(`aria-label="${escapeHtml(t(lang, 'seckill.card.buyLabel', { name: '青花盖碗' }))}"`);
      expect(html).not.toContain('data-testid="remind"');
    });

    it('counts down to the start before it starts, with days, and offers the reminder instead', () => {
      const html = renderHtml(lang, createElement(SeckillProductCard, { card: seckillCard({ state: 1 }), now: START_AT - (26 * HOUR + 3 * 60_000 + 4_000), remind }));
      const time = t(lang, 'seckill.countdown.days', { count: 1, time: '02:03:04' });
      expect(countdownOf(html)).toBe(escapeHtml(t(lang, 'seckill.countdown.startsIn', { time })));
      expect(countdownOf(html)).toContain('02:03:04');
      expect(html).toContain('data-testid="remind"');
      expect(html).not.toContain(escapeHtml(t(lang, 'seckill.card.buyLabel', { name: '青花盖碗' })));
    });

    it("follows the page's clock over the state the server read: ended once the end has passed", () => {
      const html = renderHtml(lang, createElement(SeckillProductCard, { card: seckillCard({ state: 2 }), now: END_AT, remind }));
      expect(countdownOf(html)).toBe(escapeHtml(t(lang, 'seckill.countdown.ended')));
      expect(html).toContain(`<span class="seckill-card__closed">${escapeHtml(t(lang, 'seckill.card.ended'))}</span>`);
      expect(html).not.toContain(escapeHtml(t(lang, 'seckill.card.buyLabel', { name: '青花盖碗' })));
    });

    it('shows no countdown before the page has its clock (server and browser markup agree)', () => {
      expect(countdownOf(renderHtml(lang, createElement(SeckillProductCard, { card: seckillCard(), now: null })))).toBe('');
    });
  });
}

describe('the sold bar', () => {
  it('rounds the share and keeps it between 0 and 100', () => {
    for (const [percent, shown] of [
      [37.6, 38],
      [120, 100],
      [-5, 0],
    ] as const) {
      const html = renderHtml('en', createElement(SoldBar, { percent }));
      expect(html).toContain(`style="width:${shown}%"`);
      expect(html).toContain(`aria-valuenow="${shown}"`);
      expect(html).toContain(`>${shown}% sold<`);
    }
  });
});
