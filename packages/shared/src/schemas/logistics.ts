import { z } from 'zod';

/** A courier company a shop ships with (reference 2.6 `/p/delivery/list`). */
export const DeliveryCompanySchema = z.object({ dvyId: z.number().int(), dvyName: z.string() });
export type DeliveryCompany = z.infer<typeof DeliveryCompanySchema>;

/** What a package holds: one order line and how many of its pieces. */
export const PackageItemSchema = z.object({
  orderItemId: z.number().int(),
  prodId: z.number().int(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string().nullable(),
  count: z.number().int(),
});
export type PackageItem = z.infer<typeof PackageItemSchema>;

/** One package of an order. state: LOGISTICS_STATE (0 none, 1 collected, 2 in transit, 201 destination city, 3 signed, 4 faulty). */
export const OrderPackageSchema = z.object({
  orderDeliveryId: z.number().int(),
  dvyId: z.number().int().nullable(),
  dvyName: z.string(),
  dvyFlowId: z.string(),
  /** Shipment time, 'yyyy-MM-dd HH:mm:ss' GMT+8. */
  createTime: z.string(),
  state: z.number().int(),
  items: z.array(PackageItemSchema),
});
export type OrderPackage = z.infer<typeof OrderPackageSchema>;

export const LogisticsTraceSchema = z.object({ acceptTime: z.string(), acceptStation: z.string(), state: z.number().int() });
export type LogisticsTrace = z.infer<typeof LogisticsTraceSchema>;

/** A package's logistics timeline, newest first (reference 2.6 `/p/myDelivery/deliveryOrder/{id}`). */
export const DeliveryTrackSchema = z.object({
  orderDeliveryId: z.number().int(),
  companyName: z.string(),
  dvyFlowId: z.string(),
  state: z.number().int(),
  traces: z.array(LogisticsTraceSchema),
});
export type DeliveryTrack = z.infer<typeof DeliveryTrackSchema>;

const ORDER_NUMBER_PATTERN = /^\d{1,20}$/;
export const OrderNumberParamSchema = z.object({
  orderNumber: z.string().regex(ORDER_NUMBER_PATTERN, 'logistics.errors.orderNotFound'),
});
export const DeliveryIdParamSchema = z.object({
  orderDeliveryId: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(2_147_483_647, 'validation.id'),
});
