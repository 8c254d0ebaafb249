// Traffic-log page ids and names (specification section 3).
export const PAGE_IDS = {
  index: 1,
  productViaBanner: 2,
  product: 3,
  seckill: 4,
  groupProduct: 5,
  list: 6,
  specialDiscount: 7,
  cart: 8,
  orderDetail: 9,
  payment: 10,
  orderCreated: 11,
  userCenter: 12,
  userOrders: 13,
} as const;

export const BIZ_TYPES = { product: 0, group: 1, seckill: 2 } as const;
export const VISIT_TYPE_PAGE_VIEW = 1;
export const SYSTEM_TYPE_PC = 1;
