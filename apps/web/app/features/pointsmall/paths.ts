// The points mall's pages (the specification's routes) and the links between them.
export const INTEGRAL_MALL_PATH = '/member-center/integral-mall';
export const integralDetPath = (prodId: number) => `/member-center/integral-det/${prodId}`;

/** The checkout of one exchange: the item's product, the chosen SKU and the count. */
export function submitIntegralOrderPath(prodId: number, skuId: number, prodCount: number): string {
  return `/submit-integral-order?${new URLSearchParams({ prodId: String(prodId), skuId: String(skuId), prodCount: String(prodCount) }).toString()}`;
}

/** Where an exchange paid by points alone lands: the checkout's own result view of that order. */
export const exchangedPath = (orderNumber: string) => `/submit-integral-order?exchanged=${orderNumber}`;
