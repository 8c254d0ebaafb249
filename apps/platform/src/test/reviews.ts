// A review row as GET /admin/reviews answers it, for the reviews' tests.
import type { AdminReview } from '@bazaar/shared/schemas/admin-reviews';
import type { Page } from '@bazaar/shared/schemas/common';

export const reviewRow = (overrides: Partial<AdminReview> = {}): AdminReview => ({
  commId: 7,
  prodId: 70,
  prodName: '紫砂茶壶',
  pic: '/uploads/seed/teapot.svg',
  skuName: '黑色 M',
  score: 1,
  evaluate: 2,
  content: '辱骂内容',
  pics: [],
  isAnonymous: false,
  nickName: '王小明',
  orderNumber: '1900000000000000001',
  recTime: '2026-11-28 10:00:00',
  replyContent: null,
  replyTime: null,
  status: 1,
  shopId: 3,
  shopName: '茶具小铺',
  ...overrides,
});

export const reviewPage = (records: AdminReview[], total = records.length): Page<AdminReview> => ({ records, total, size: 10, current: 1, pages: Math.ceil(total / 10) });
