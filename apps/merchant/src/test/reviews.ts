// A review row as GET /merchant/reviews answers it, for the reviews' tests.
import type { Page } from '@bazaar/shared/schemas/common';
import type { MerchantReview } from '@bazaar/shared/schemas/merchant-reviews';

export const reviewRow = (overrides: Partial<MerchantReview> = {}): MerchantReview => ({
  commId: 7,
  prodId: 70,
  prodName: '紫砂茶壶',
  pic: '/uploads/seed/teapot.svg',
  skuName: '黑色 M',
  score: 2,
  evaluate: 2,
  content: '壶盖有点松',
  pics: [],
  isAnonymous: false,
  nickName: '王小明',
  orderNumber: '1900000000000000001',
  recTime: '2026-11-28 10:00:00',
  replyContent: null,
  replyTime: null,
  status: 1,
  ...overrides,
});

export const reviewPage = (records: MerchantReview[], total = records.length): Page<MerchantReview> => ({ records, total, size: 10, current: 1, pages: Math.ceil(total / 10) });
