// The after-sales pages' rules and parts: the apply form's checks and ceilings (specification 5),
// the step bar, and the form and order links as the server renders them, in both languages.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { escapeHtml as escape, renderHtml as render, t } from '../../test/server-render.ts';
import { ApplyForm, type ApplyLimitsInfo } from './apply-form.tsx';
import { ItemRefundLinks, OrderRefundLink } from './order-refund-links.tsx';
import { ceilingFor, checkApply, checkExpress, yuanToFen, type ApplyFormValues } from './refund-check.ts';
import { refundStatusKey, refundSteps } from './refund-state.ts';

const info = { maxGoodsNum: 3, maxRefundAmount: 10_000, unitAmount: 3_333, freightAmount: 0 };
const valid: ApplyFormValues = { applyType: 1, isReceiver: 0, buyerReason: 2, goodsNum: 3, amount: '100', buyerMobile: '13800138000', buyerDesc: '', vouchers: 0 };
const limits = { maxGoodsNum: 3, maxAmount: 10_000 };
const fields = (values: Partial<ApplyFormValues>, l = limits) => checkApply({ ...valid, ...values }, l).map((p) => p.field);

describe('apply form checks', () => {
  it('reads yuan as fen with at most two decimals', () => {
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen(' 12.5 ')).toBe(1250);
    expect(yuanToFen('0.05')).toBe(5);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3']) expect(yuanToFen(bad)).toBeNull();
  });

  it('prefills the ceiling: n times the unit price, the whole for every piece, shipping only with the last item', () => {
    expect(ceilingFor(info, 1)).toEqual({ amount: 3_333, freight: 0 });
    expect(ceilingFor(info, 2)).toEqual({ amount: 6_666, freight: 0 });
    expect(ceilingFor(info, 3)).toEqual({ amount: 10_000, freight: 0 });
    expect(ceilingFor({ ...info, freightAmount: 800 }, 3)).toEqual({ amount: 10_800, freight: 800 });
    expect(ceilingFor({ ...info, freightAmount: 800 }, 2)).toEqual({ amount: 6_666, freight: 0 });
  });

  it('accepts a complete form', () => {
    expect(checkApply(valid, limits)).toEqual([]);
  });

  it('keeps the quantity between 1 and the number ordered', () => {
    expect(fields({ goodsNum: 0 })).toContain('goodsNum');
    expect(fields({ goodsNum: 4 })).toContain('goodsNum');
    expect(fields({ goodsNum: 1.5 })).toContain('goodsNum');
    expect(fields({ goodsNum: 1 })).not.toContain('goodsNum');
  });

  it('wants an amount above 0 and never above the ceiling', () => {
    expect(checkApply({ ...valid, amount: '' }, limits)[0]?.key).toBe('aftersale.apply.errors.amountRequired');
    expect(checkApply({ ...valid, amount: '1.001' }, limits)[0]?.key).toBe('aftersale.apply.errors.amountInvalid');
    expect(checkApply({ ...valid, amount: '0' }, limits)[0]?.key).toBe('aftersale.apply.errors.amountTooLow');
    expect(checkApply({ ...valid, amount: '100.01' }, limits)[0]).toEqual({ field: 'refundAmount', key: 'aftersale.apply.errors.amountTooHigh', values: { maxFen: 10_000 } });
    expect(fields({ amount: '99.99' })).toEqual([]);
  });

  it('wants a service, a reason of 0-6 (never the system 7), an 11-digit mobile, at most 200 characters and 5 vouchers', () => {
    expect(fields({ applyType: null })).toEqual(['applyType']);
    expect(fields({ buyerReason: null })).toEqual(['buyerReason']);
    expect(fields({ buyerReason: 7 })).toEqual(['buyerReason']);
    expect(fields({ buyerMobile: '1380013800' })).toEqual(['buyerMobile']);
    expect(fields({ buyerMobile: '23800138000' })).toEqual(['buyerMobile']);
    expect(fields({ buyerDesc: 'x'.repeat(200) })).toEqual([]);
    expect(fields({ buyerDesc: 'x'.repeat(201) })).toEqual(['buyerDesc']);
    expect(fields({ vouchers: 6 })).toEqual(['photoFiles']);
  });

  it('checks the return waybill: a courier, a number, a mobile, remarks up to 200', () => {
    const ok = { expressId: 1, expressNo: 'SF1234567890', mobile: '13800138000', senderRemarks: '' };
    expect(checkExpress(ok)).toEqual([]);
    expect(checkExpress({ ...ok, expressId: null }).map((p) => p.field)).toEqual(['expressId']);
    expect(checkExpress({ ...ok, expressNo: ' ' }).map((p) => p.key)).toEqual(['aftersale.detail.express.errors.number']);
    expect(checkExpress({ ...ok, expressNo: 'SF 12' }).map((p) => p.key)).toEqual(['aftersale.detail.express.errors.numberInvalid']);
    expect(checkExpress({ ...ok, mobile: '123' }).map((p) => p.field)).toEqual(['mobile']);
    expect(checkExpress({ ...ok, senderRemarks: 'x'.repeat(201) }).map((p) => p.field)).toEqual(['senderRemarks']);
  });
});

describe('request state', () => {
  const base = { applyTime: '2026-12-01 10:00:00', handleTime: null, shipTime: null, receiveTime: null, refundTime: null };
  it('a refund only has three steps; a return five', () => {
    expect(refundSteps({ ...base, applyType: 1, returnMoneySts: 1 }).map((s) => s.step)).toEqual(['apply', 'handle', 'done']);
    expect(refundSteps({ ...base, applyType: 2, returnMoneySts: 1 }).map((s) => s.step)).toEqual(['apply', 'handle', 'ship', 'receive', 'done']);
  });

  it('marks the steps reached', () => {
    const reached = (applyType: number, returnMoneySts: number) => refundSteps({ ...base, applyType, returnMoneySts }).filter((s) => s.reached).map((s) => s.step);
    expect(reached(2, 1)).toEqual(['apply']);
    expect(reached(2, 2)).toEqual(['apply', 'handle']);
    expect(reached(2, 3)).toEqual(['apply', 'handle', 'ship']);
    expect(reached(2, 4)).toEqual(['apply', 'handle', 'ship', 'receive']);
    expect(reached(2, 5)).toEqual(['apply', 'handle', 'ship', 'receive', 'done']);
    expect(reached(1, 5)).toEqual(['apply', 'handle', 'done']);
    expect(reached(1, 6)).toEqual(['apply']);
  });

  it('names an accepted request by its service', () => {
    expect(refundStatusKey(2, 2)).toBe('aftersale.statusAcceptedReturn');
    expect(refundStatusKey(2, 1)).toBe('aftersale.statusAcceptedRefund');
    expect(refundStatusKey(7, 1)).toBe('aftersale.status.7');
  });
});

const formLimits: ApplyLimitsInfo = { ...info, freightAmount: 0, applyTypes: [1, 2], reasons: [0, 1, 2, 3, 4, 5, 6], isReceiver: 1, canChooseCargo: true, wholeOrder: false };
const initial = { applyType: null, isReceiver: 1, buyerReason: null, goodsNum: 3, refundAmount: null, buyerMobile: '13800138000', buyerDesc: '', photoFiles: [] };

for (const lang of ['zh', 'en'] as const) {
  describe(`after-sales parts (${lang})`, () => {
    it('offers both services, reasons 0-6 only, the prefilled ceiling, the counter and the vouchers', () => {
      const html = render(lang, createElement(ApplyForm, { limits: formLimits, initial, submitLabel: t(lang, 'aftersale.apply.submit'), send: async () => undefined }));
      expect(html).toContain(escape(t(lang, 'aftersale.applyType.1')));
      expect(html).toContain(escape(t(lang, 'aftersale.applyType.2')));
      for (const r of [0, 1, 2, 3, 4, 5, 6]) expect(html).toContain(`<option value="${r}">${escape(t(lang, `aftersale.reasons.${r}`))}</option>`);
      expect(html).not.toContain(escape(t(lang, 'aftersale.reasons.7')));
      expect(html).toContain('value="100.00"');
      expect(html).toContain('>0/200<');
      expect(html).toContain(escape(t(lang, 'aftersale.apply.vouchersCount', { count: 0, max: 5 })));
      expect(html).toMatch(/max="3"/);
    });

    it('offers only a refund before shipment', () => {
      const html = render(lang, createElement(ApplyForm, { limits: { ...formLimits, applyTypes: [1], isReceiver: 0, canChooseCargo: false }, initial: { ...initial, isReceiver: 0 }, submitLabel: 'x', send: async () => undefined }));
      expect(html).toContain(escape(t(lang, 'aftersale.applyType.1')));
      expect(html).not.toContain(escape(t(lang, 'aftersale.applyType.2')));
    });

    it('shows an item its request state and the apply link only when the server allows it', () => {
      const item = { orderItemId: 7, prodName: 'Kettle', canRefund: true, refundSn: null, returnMoneySts: null };
      const open = render(lang, createElement(ItemRefundLinks, { orderNumber: '123', item }));
      expect(open).toContain('href="/user-center/apply-return?orderNumber=123&amp;orderItemId=7"');
      expect(open).toContain(escape(t(lang, 'aftersale.order.apply')));
      const applied = render(lang, createElement(ItemRefundLinks, { orderNumber: '123', item: { ...item, canRefund: false, refundSn: '99', returnMoneySts: 1 } }));
      expect(applied).toContain('href="/return-detail?refundSn=99"');
      expect(applied).toContain(escape(t(lang, 'aftersale.order.itemState', { state: t(lang, 'aftersale.status.1') })));
      expect(applied).not.toContain('apply-return');
      expect(render(lang, createElement(ItemRefundLinks, { orderNumber: '123', item: { ...item, canRefund: false } }))).not.toContain('<a');
      expect(render(lang, createElement(OrderRefundLink, { orderNumber: '123', canRefund: true }))).toContain('href="/user-center/apply-return?orderNumber=123"');
      expect(render(lang, createElement(OrderRefundLink, { orderNumber: '123', canRefund: false }))).not.toContain('<a');
    });
  });
}

describe('the browser copies of the after-sales rules', () => {
  it('equal the API schema module’s', async () => {
    const schemas = await import('@bazaar/shared/schemas/refund');
    const limits = await import('./limits.ts');
    expect(limits.REFUND_DESC_MAX).toBe(schemas.REFUND_DESC_MAX);
    expect(limits.REFUND_PHOTOS_MAX).toBe(schemas.REFUND_PHOTOS_MAX);
    expect(limits.REFUND_EXPRESS_NO_PATTERN.source).toBe(schemas.REFUND_EXPRESS_NO_PATTERN.source);
    expect(limits.REFUND_TABS).toEqual(schemas.REFUND_TABS);
    expect(limits.PLATFORM_REQUESTED).toBe(schemas.REFUND_PLATFORM_STATUS.requested);
    expect(limits.PLATFORM_DECIDED).toBe(schemas.REFUND_PLATFORM_STATUS.decided);
  });
});
