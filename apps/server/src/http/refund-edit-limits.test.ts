// Editing a request (修改申请) offers what applying offers (decision 059): GET /p/orderRefund/info's
// editLimits are applyInfo's limits on the order without the request itself: the line's whole
// ceiling for every piece, the shipping with the last item(s). A refused request whose goods another
// open request holds offers neither an edit nor the platform (otherOpenRequest), and the platform
// step-in is refused then. A refund amount that is given but negative, fractional or absurd is
// "not valid", not "enter it".
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { RefundApplyInfoSchema, RefundEditLimitsSchema } from '@bazaar/shared/schemas/refund';
import { registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, expectRefused, info, refundOrder, seededShopOwner, type RefundOrder } from '../test/refund-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };

beforeAll(async () => {
  ({ t, shopId, owner } = await seededShopOwner());
});
beforeEach(() => t.resetClock());

async function setup(options: Parameters<typeof refundOrder>[3]): Promise<{ buyer: Buyer; order: RefundOrder }> {
  const buyer = await registerBuyer(t);
  return { buyer, order: await refundOrder(t, buyer, shopId, options) };
}

async function refuse(refundSn: string) {
  const res = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '不同意' });
  expect(res.statusCode, res.body).toBe(200);
}

async function applyInfoOf(buyer: Buyer, order: RefundOrder, orderItemId: number) {
  const res = await call(t, buyer, 'GET', `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}&orderItemId=${orderItemId}`);
  expect(res.statusCode, res.body).toBe(200);
  return RefundEditLimitsSchema.parse(RefundApplyInfoSchema.parse(res.json()));
}

/** update_refund's fields from an apply body. */
function editFields(order: RefundOrder, overrides: Parameters<typeof applyBody>[1]) {
  const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, overrides);
  return fields;
}

describe('editing a request offers the apply ceilings', () => {
  it('a refused request of 2 of 3 pieces: the whole line and the shipping, as applyInfo says', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 3, price: 8_720, freight: 800 });
    const item = order.items[0]!;
    const sn = await apply(t, buyer, applyBody(order, { goodsNum: 2, refundAmount: 17_440 }));
    await refuse(sn);
    const detail = await info(t, buyer, sn);
    expect(detail).toMatchObject({ canEdit: true, canApplyPlatform: true, otherOpenRequest: false });
    expect(detail.editLimits).toMatchObject({ maxGoodsNum: 3, maxRefundAmount: 26_160, unitAmount: 8_720, isLastItem: true, freightAmount: 800 });
    // The same source as the apply form: applyInfo for the line (the refused request holds nothing).
    expect(detail.editLimits).toEqual(await applyInfoOf(buyer, order, item.id));
    // And the server takes what it offers: every piece with the shipping.
    const res = await call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn: sn, ...editFields(order, { goodsNum: 3, refundAmount: 26_960, freightConfirmed: true }) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a pending request of 1 of 2 pieces: its own amount does not count against it', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 2, price: 1_990 });
    const sn = await apply(t, buyer, applyBody(order, { goodsNum: 1, refundAmount: 1_990 }));
    const detail = await info(t, buyer, sn);
    expect(detail).toMatchObject({ returnMoneySts: 1, canEdit: true, otherOpenRequest: false });
    expect(detail.editLimits).toMatchObject({ maxGoodsNum: 2, maxRefundAmount: 3_980, unitAmount: 1_990, freightAmount: 0 });
  });

  it('a refused whole-order request: every piece with the shipping, as applyInfo says', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 1, price: 1_945, freight: 800, status: ORDER_STATUS.shipped });
    const sn = await apply(t, buyer, applyBody(order, { refundType: 1, orderItemId: 0, goodsNum: 2, refundAmount: 3_890 }));
    await refuse(sn);
    const detail = await info(t, buyer, sn);
    expect(detail.canEdit).toBe(true);
    expect(detail.editLimits).toMatchObject({ maxGoodsNum: 2, maxRefundAmount: 3_890, isLastItem: true, freightAmount: 800 });
    expect(detail.editLimits).toEqual(await applyInfoOf(buyer, order, 0));
    const res = await call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn: sn, ...editFields(order, { goodsNum: 2, refundAmount: 4_690, freightConfirmed: true }) });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a refused request whose goods another request holds', () => {
  it('offers neither 修改申请 nor the platform, and the platform step-in is refused (zh, en)', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 3, price: 1_000 });
    const sn = await apply(t, buyer, applyBody(order, { goodsNum: 1, refundAmount: 1_000 }));
    await refuse(sn);
    await apply(t, buyer, applyBody(order, { goodsNum: 1, refundAmount: 1_000 }));
    expect(await info(t, buyer, sn)).toMatchObject({ returnMoneySts: 7, canEdit: false, canApplyPlatform: false, otherOpenRequest: true, editLimits: null });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn: sn, reason: '商家不同意' }, 'zh'), '该商品已有进行中的售后申请');
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn: sn, reason: '商家不同意' }), 'This item already has an after-sales request in progress');
  });

  it('a refused whole-order request beside an open item request', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 1, price: 1_000 });
    const sn = await apply(t, buyer, applyBody(order, { refundType: 1, orderItemId: 0, goodsNum: 2, refundAmount: 2_000 }));
    await refuse(sn);
    await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    expect(await info(t, buyer, sn)).toMatchObject({ canEdit: false, canApplyPlatform: false, otherOpenRequest: true, editLimits: null });
  });
});

describe('the refund amount given but wrong', () => {
  it('is "not valid" when negative, fractional or too large; "enter it" only when missing', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 2, price: 1_000 });
    const sn = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    for (const refundAmount of [-1, 1.5, 1e11]) {
      expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { refundAmount }), 'zh'), '退款金额不正确');
      expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { refundAmount })), 'The refund amount is not valid');
      expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn: sn, ...editFields(order, { refundAmount }) }), 'The refund amount is not valid');
      expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/updateRefundAmount', { refundSn: sn, refundAmount }, 'zh'), '退款金额不正确');
    }
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { refundAmount: undefined as unknown as number }), 'zh'), '请输入退款金额');
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { refundAmount: '12' as unknown as number })), 'Enter the refund amount');
  });
});
