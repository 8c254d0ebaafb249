// The one-item checkout page as the server renders it: the page's own block classes, the virtual
// note in place of the address, the fees (free at 0 fen), the payable amount, the ship-to alert that
// describes the disabled button, and the parts each checkout hands in.
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { I18nProvider, provideCatalog } from '../../lib/i18n.tsx';
import { feeOrFree, OneItemCheckoutView } from './one-item-view.tsx';

provideCatalog('zh', catalogs.zh);

const render = (element: ReactNode) => renderToString(createElement(I18nProvider, { lang: 'zh', children: element }));

function page({ address, fen, needsAddress }: { address: ReactNode | null; fen: number; needsAddress: boolean }) {
  return createElement(OneItemCheckoutView, {
    block: 'demo-confirm',
    title: '确认订单',
    address,
    virtualNote: '虚拟商品无需收货地址',
    items: { id: 'demo-items', title: '商品', shop: createElement('span', null, '瓷韵茶社') },
    line: { pic: '/uploads/a.jpg', name: '青花盖碗', skuName: '白色', tags: createElement('span', { className: 'tag' }, '秒杀'), unitLabel: '单价', unit: '¥59.00', count: createElement('input', { id: 'count' }) },
    afterLine: createElement('p', { className: 'after' }, '不可用券'),
    summary: {
      label: '应付',
      busy: false,
      fees: [
        { label: '商品金额', value: '¥59.00', testId: 'demo-goods' },
        { label: '运费', value: feeOrFree(fen, '免运费') },
      ],
      lead: createElement('p', { className: 'lead' }, '我的积分'),
      payable: { label: '实付', fen: 5_900 + fen },
      shipTo: { address: null, needsAddress, needsId: 'demo-needs' },
      notes: createElement('p', { className: 'notes' }, '30 分钟内未付款将取消'),
      submit: { label: '提交订单', disabled: needsAddress, describedBy: needsAddress ? 'demo-needs' : undefined, onClick: () => undefined },
    },
  });
}

describe('OneItemCheckoutView', () => {
  it('draws the line with the page block classes, the parts handed in, and the free freight', () => {
    const html = render(page({ address: createElement('section', { id: 'addr' }, '地址'), fen: 0, needsAddress: false }));
    expect(html).toContain('class="container page-section checkout demo-confirm"');
    expect(html).toContain('id="addr"');
    expect(html).not.toContain('虚拟商品无需收货地址');
    // The shared look's class, then the page's own block.
    for (const part of ['line', 'pic', 'name', 'sku']) expect(html).toContain(`class="one-item__${part} demo-confirm__${part}"`);
    for (const part of ['unit', 'count']) expect(html).toContain(`class="demo-confirm__${part}"`);
    expect(html).toContain('aria-labelledby="demo-items"');
    expect(html).toContain('data-testid="demo-goods"');
    expect(html).toContain('免运费');
    expect(html).toMatch(/class="lead">我的积分<\/p>.*checkout-summary__payable.*class="notes"/s);
    expect(html).not.toContain('demo-needs');
  });

  it('shows the virtual note without an address, the freight as a price, and the alert that keeps the button disabled', () => {
    const html = render(page({ address: null, fen: 1_000, needsAddress: true }));
    expect(html).toContain('class="card checkout-section one-item__virtual demo-confirm__virtual">虚拟商品无需收货地址</p>');
    expect(html).not.toContain('免运费');
    expect(html).toContain('id="demo-needs"');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="demo-needs"|<button[^>]*aria-describedby="demo-needs"[^>]*disabled=""/);
  });
});
