// An order line as it is shown (the shopper's order list and detail, the merchant's orders): the
// product and SKU it was bought as, its picture, unit price and count. Readers add what else they show.
import { orderItems } from '../../db/schema/order.ts';

export const orderLineColumns = {
  id: orderItems.id,
  orderNumber: orderItems.orderNumber,
  productId: orderItems.productId,
  skuId: orderItems.skuId,
  prodNameZh: orderItems.prodNameZh,
  prodNameEn: orderItems.prodNameEn,
  skuNameZh: orderItems.skuNameZh,
  skuNameEn: orderItems.skuNameEn,
  pic: orderItems.pic,
  price: orderItems.price,
  prodCount: orderItems.prodCount,
};
