// The platform's coupons (shopId 0, issue 11 §5, decision 044): the list with usage, and the form,
// the console's shared ones (packages/console-ui) given the admin API, keys and texts; every change
// is audited, so the audit log is read again after one.
import { useState } from 'react';
import { CouponForm } from '@bazaar/console-ui/coupon-form.tsx';
import type { CouponIssuer } from '@bazaar/console-ui/coupon-issuer.ts';
import { CouponList } from '@bazaar/console-ui/coupon-list.tsx';
import { api } from '../lib/api.ts';
import { ProductPicker } from './coupons-picker.tsx';

const PLATFORM_COUPONS: CouponIssuer = {
  api,
  path: '/admin/coupons',
  listKey: 'platform-coupons',
  detailKey: 'platform-coupon',
  alsoInvalidate: [['audit']],
  prefix: 'platformCoupons',
  idPrefix: 'platform-',
  productTexts: { empty: 'platformCoupons.picker.empty', name: 'platformCoupons.picker.name', price: 'platformCoupons.picker.price', offShelf: 'platformCoupons.picker.offShelf', remove: 'platformCoupons.form.remove' },
  ProductPicker,
};

/** The list, or one coupon's form (new or existing). */
export function CouponsPage() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  if (editing !== null) return <CouponForm key={editing} issuer={PLATFORM_COUPONS} couponId={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  return <CouponList issuer={PLATFORM_COUPONS} onOpen={setEditing} onCreate={() => setEditing('new')} />;
}
