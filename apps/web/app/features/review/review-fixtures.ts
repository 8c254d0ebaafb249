// Test data for the review pages' unit tests (never imported by the app).
import type { MyReview, ReviewItem } from '@bazaar/shared/schemas/review';

/** A line of a completed order, still to review. */
export const reviewItem: ReviewItem = {
  orderItemId: 11,
  orderNumber: '2026112012000001',
  prodId: 3,
  prodName: '西湖龙井',
  skuName: '250g',
  pic: '/uploads/p.png',
  price: 9900,
  prodCount: 1,
  shopId: 2,
  shopName: '茶舍',
  commSts: 0,
  finallyTime: '2026-11-22 10:00:00',
};

/** The shopper's own review of it: anonymous, with a picture and a reply, hidden by the platform. */
export const myReview: MyReview = {
  commId: 5,
  score: 4,
  evaluate: 0,
  content: '香气很足',
  pics: ['/uploads/public/a.png'],
  isAnonymous: true,
  skuName: '250g',
  recTime: '2026-11-23 09:30:00',
  replyContent: '谢谢惠顾',
  replyTime: '2026-11-23 12:00:00',
  prodId: 3,
  prodName: '西湖龙井',
  pic: '/uploads/p.png',
  orderNumber: '2026112012000001',
  status: 0,
};
