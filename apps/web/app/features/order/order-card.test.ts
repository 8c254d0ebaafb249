// The order list's card as the server renders it: a points-mall order (type 3) shows the points it was
// paid in, and its cash part only when there is one; any other order shows its amount.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import type { MyOrderWithRefund } from '@bazaar/shared/schemas/refund';
import { I18nProvider, i18nFor, provideCatalog } from '../../lib/i18n.tsx';
import { OrderCard } from './order-card.tsx';

provideCatalog('zh', catalogs.zh);
provideCatalog('en', catalogs.en);

type Lang = 'zh' | 'en';
const render = (lang: Lang, order: MyOrderWithRefund) => {
  const Stub = createRoutesStub([{ path: '/', Component: () => createElement(OrderCard, { order }) }]);
  return renderToString(createElement(I18nProvider, { lang, children: createElement(Stub) }));
};

/** The card's amount cell (the line's unit price column is another). */
const amountCell = (html: string) => html.split('order-card__amount')[1]!.split('</td>')[0]!;

const order = (over: Partial<MyOrderWithRefund>): MyOrderWithRefund =>
  ({
    orderNumber: '2026120600000000001',
    status: 2,
    orderType: 0,
    orderMold: 0,
    refundStatus: null,
    shopId: 1,
    shopName: 'Bazaar 自营旗舰店',
    total: 0,
    freight: 0,
    actualTotal: 0,
    useScore: 0,
    productNums: 1,
    createTime: '2026-12-06 10:00:00',
    endTime: null,
    canRefund: false,
    canRefundAmount: 0,
    orderItemDtos: [{ orderItemId: 1, shopId: 1, prodId: 9, skuId: 19, prodName: '青花盖碗', skuName: '', pic: '/uploads/a.jpg', price: 0, prodCount: 1, productTotalAmount: 0, actualTotal: 0, commSts: 0, comboId: null, canRefund: false, refund: null }],
    ...over,
  }) as unknown as MyOrderWithRefund;

describe('the order card', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: a points order paid by points alone shows its points and no ¥0.00`, () => {
      const cell = amountCell(render(lang, order({ orderType: 3, useScore: 500 })));
      expect(cell).toContain(i18nFor(lang).t('integralMall.order.points', { count: 500 }));
      expect(cell).not.toMatch(/0\.00/);
    });
  }

  it('a points order with a cash part shows both', () => {
    const cell = amountCell(render('zh', order({ orderType: 3, useScore: 1_200, actualTotal: 990, total: 990 })));
    expect(cell).toContain(i18nFor('zh').t('integralMall.order.points', { count: 1_200 }));
    expect(cell).toContain('9.90');
  });

  it('another order shows its amount and no points', () => {
    const cell = amountCell(render('zh', order({ orderType: 0, useScore: 100, actualTotal: 2_500, total: 2_500 })));
    expect(cell).toContain('25.00');
    expect(cell).not.toContain('order-card-points');
  });

  it('buys a points order again on its points item page, another order through the cart (QA2 item 10)', () => {
    const buyAgain = i18nFor('zh').t('orders.actions.buyAgain');
    const points = render('zh', order({ orderType: 3, useScore: 500, status: 5 }));
    expect(points).toMatch(new RegExp(`<a[^>]*href="/member-center/integral-det/9"[^>]*>${buyAgain}</a>`));
    const general = render('zh', order({ orderType: 0, status: 5 }));
    expect(general).not.toContain('/member-center/integral-det/');
    expect(general).toMatch(new RegExp(`<button[^>]*>${buyAgain}</button>`));
  });
});
