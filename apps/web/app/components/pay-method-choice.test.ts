// The pay-method choice of a top-up or a membership, as the server renders it: the first method
// offered is chosen until the shopper picks another; an empty list says so; a list still loading
// shows only the legend.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PayMethodChoice, usePayMethod, type PayMethodOption } from './pay-method-choice.tsx';

function Choice({ methods }: { methods: Array<PayMethodOption<1 | 2>> | null }) {
  const [selected, onSelect] = usePayMethod(methods);
  return createElement(PayMethodChoice<1 | 2>, { methods, selected, onSelect, className: 'box', legend: '支付方式', legendClassName: 'legend', none: '暂无可用支付方式', noneClassName: 'none' });
}
const render = (methods: Array<PayMethodOption<1 | 2>> | null) => renderToString(createElement(Choice, { methods }));

describe('PayMethodChoice', () => {
  it('checks the first method offered and lists each with its mark and name', () => {
    const html = render([
      { type: 2, label: '支付宝', mark: createElement('i', { className: 'mark-ali' }) },
      { type: 1, label: '微信支付', mark: createElement('i', { className: 'mark-wx' }) },
    ]);
    expect(html).toContain('<input type="radio" name="payType" checked="" value="2"/>');
    expect(html).toContain('<input type="radio" name="payType" value="1"/>');
    expect(html).toContain('class="mark-ali"');
    expect(html).toContain('<span class="pay-method__name">微信支付</span>');
    expect(html).not.toContain('暂无可用支付方式');
  });

  it('says that no method is offered, and shows only the legend while the list loads', () => {
    expect(render([])).toContain('<p class="none">暂无可用支付方式</p>');
    const loading = render(null);
    expect(loading).toContain('<legend class="legend">支付方式</legend>');
    expect(loading).not.toContain('payType');
    expect(loading).not.toContain('暂无可用支付方式');
  });
});
