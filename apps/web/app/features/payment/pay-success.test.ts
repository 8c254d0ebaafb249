// The payment success panel (QA2 item 11): a group order whose team is still forming says it ships
// once the team is complete; any other order says the shop will ship it soon.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { escapeHtml as escape, renderHtml as render, t } from '../../test/server-render.ts';
import { formatYuan } from '../../lib/format.ts';
import { PaySuccess } from './payment-panels.tsx';

for (const lang of ['zh', 'en'] as const) {
  describe(`the payment success panel (${lang})`, () => {
    it('says a group order still forming ships once its team is complete', () => {
      const html = render(lang, createElement(PaySuccess, { amount: 7_600, orderNumbers: ['2026120800000000001'], grouping: true }));
      const amount = formatYuan(7_600, lang);
      expect(html).toContain(escape(t(lang, 'payment.success.groupingText', { amount })));
      expect(html).not.toContain(escape(t(lang, 'payment.success.text', { amount })));
    });

    it('says any other order ships soon', () => {
      const html = render(lang, createElement(PaySuccess, { amount: 7_600, orderNumbers: ['2026120800000000001'] }));
      expect(html).toContain(escape(t(lang, 'payment.success.text', { amount: formatYuan(7_600, lang) })));
    });
  });
}
