// Shop status as the storefront sees it (specification sections 2 and 4).
export const SHOP_STATUS = {
  none: -1, // no application, or the application failed review
  reviewing: 0,
  open: 1,
  offline: 2,
} as const;
export type ShopStatus = (typeof SHOP_STATUS)[keyof typeof SHOP_STATUS];

export const SHOP_TYPE = { selfRun: 1, ordinary: 2 } as const;
