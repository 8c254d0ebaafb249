// After-sales requests as GET /merchant/refunds and GET /merchant/refunds/:refundSn answer them, for the tests.
import type { MerchantRefundDetail, MerchantRefundListItem, MerchantRefundPage, RefundCounts } from '@bazaar/shared/schemas/refund';

export const refundRow = (overrides: Partial<MerchantRefundListItem> = {}): MerchantRefundListItem => ({
  refundSn: '1900000000000000101',
  orderNumber: '1900000000000000001',
  orderItemId: 11,
  refundType: 2,
  applyType: 1,
  returnMoneySts: 1,
  settleStatus: 0,
  goodsNum: 1,
  refundAmount: 12_900,
  shopId: 1,
  shopName: '紫砂小铺',
  applyTime: '2026-12-01 10:00:00',
  deadline: '2099-12-08 10:00:00',
  deadlineAction: 'agree',
  platformStatus: 0,
  items: [{ orderItemId: 11, prodId: 70, prodName: '紫砂茶壶', skuName: '黑色 M', pic: '/uploads/seed/teapot.svg', price: 12_900, prodCount: 2, actualTotal: 25_800 }],
  userNickName: '王小明',
  buyerReason: 2,
  ...overrides,
});

export const refundCounts = (overrides: Partial<RefundCounts> = {}): RefundCounts => ({
  applied: 3,
  accepted: 1,
  buyerShipped: 2,
  sellerReceived: 0,
  success: 5,
  refused: 1,
  closed: 0,
  platformRequested: 1,
  ...overrides,
});

export const refundPage = (records: MerchantRefundListItem[], counts = refundCounts()): MerchantRefundPage => ({ records, total: records.length, size: 10, current: 1, pages: 1, counts });

export const refundDetail = (overrides: Partial<MerchantRefundDetail> = {}): MerchantRefundDetail => {
  const { userNickName, buyerReason, ...row } = refundRow();
  return {
    ...row,
    userNickName,
    buyerReason,
    isReceiver: 1,
    buyerDesc: '壶盖有裂纹',
    buyerMobile: '13800000001',
    photoFiles: ['/uploads/v1.png'],
    maxRefundAmount: 12_900,
    freightAmount: 0,
    sellerMsg: null,
    platformReason: null,
    orderStatus: 3,
    orderActualTotal: 25_800,
    handleTime: null,
    shipTime: null,
    receiveTime: null,
    refundTime: null,
    cancelTime: null,
    closeTime: null,
    delivery: null,
    history: [{ id: 1, actor: 'buyer', action: 'apply', returnMoneySts: 1, note: '壶盖有裂纹', refundAmount: 12_900, createTime: '2026-12-01 10:00:00' }],
    canAccept: true,
    canRefuse: true,
    canReceive: false,
    ...overrides,
  };
};
