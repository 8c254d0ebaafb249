// Order codes shared by server and web (Mall4j family, reference section 3).
export const ORDER_STATUS = {
  unpaid: 1,
  paid: 2, // pending delivery
  shipped: 3, // pending receipt
  completed: 5,
  cancelled: 6,
  grouping: 7,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_TYPE = { general: 0, grouping: 1, seckill: 2, points: 3 } as const;
export const ORDER_MOLD = { physical: 0, virtual: 1 } as const;
export const PAY_TYPE = { points: 0, alipay: 2, wechat: 3, balance: 9 } as const;
export const PAY_ENTRY = { order: 0, topUp: 1, membership: 2 } as const;
export const DELIVERY_TYPE = { express: 1, pickup: 2, none: 3, sameCity: 4 } as const;
export const LOGISTICS_STATE = { none: 0, received: 1, inTransit: 2, reachedCity: 201, signed: 3, faulty: 4 } as const;
