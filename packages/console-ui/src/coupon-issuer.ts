// What differs between the merchant center's coupons (its shop's) and the platform console's
// (shopId 0, audited): the API path, the query keys, the texts' prefix and the product picker.
import type { ComponentType } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ConsoleApi } from './console-api.ts';
import type { ProductPickerProps } from './product-picker.tsx';

export interface CouponIssuer {
  api: ConsoleApi;
  /** `/merchant/coupons` or `/admin/coupons`: list, `/:id` read and `PUT`, `POST` create, `/:id/end`. */
  path: string;
  /** The list's query key ('coupons') and one coupon's ('coupon'). */
  listKey: string;
  detailKey: string;
  /** Other queries a change makes stale (the platform's audit log). */
  alsoInvalidate?: QueryKey[];
  /** The texts' key prefix ('coupons', 'platformCoupons'); the keys stay in each console's catalog. */
  prefix: string;
  /** Put before the pages' element ids ('' or 'platform-': `coupons-title`, `coupon-edit-title`). */
  idPrefix: string;
  /** The keys of the form's product table (the merchant's are its promotions' words). */
  productTexts: { empty: string; name: string; price: string; offShelf: string; remove: string };
  /** Picks the products a coupon lists or excludes: the shop's own, or every shop's. */
  ProductPicker: ComponentType<ProductPickerProps>;
}
