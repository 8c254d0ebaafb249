// The shop's coupons (decision 044): the list and the form are the consoles' shared ones
// (packages/console-ui), given the merchant API, the merchant's query keys and texts.
import { CouponForm } from '@bazaar/console-ui/coupon-form.tsx';
import type { CouponIssuer } from '@bazaar/console-ui/coupon-issuer.ts';
import { CouponList } from '@bazaar/console-ui/coupon-list.tsx';
import { api } from '../lib/api.ts';
import { ProductPicker } from './promotions-edit.tsx';

const SHOP_COUPONS: CouponIssuer = {
  api,
  path: '/merchant/coupons',
  listKey: 'coupons',
  detailKey: 'coupon',
  prefix: 'coupons',
  idPrefix: '',
  // The shop's product picker and its words are the promotions' (the same picker).
  productTexts: { empty: 'promotions.picker.empty', name: 'promotions.picker.name', price: 'promotions.picker.price', offShelf: 'promotions.form.offShelf', remove: 'promotions.form.remove' },
  ProductPicker,
};

/** The shop's coupons by state, with what they did: create, edit or view, end. */
export function CouponsPage({ onOpen, onCreate }: { onOpen: (id: number) => void; onCreate: () => void }) {
  return <CouponList issuer={SHOP_COUPONS} onOpen={onOpen} onCreate={onCreate} />;
}

/** Create, edit or (once ended) view one of the shop's coupons. */
export function CouponEditPage({ couponId, onDone }: { couponId: number | null; onDone: () => void }) {
  return <CouponForm issuer={SHOP_COUPONS} couponId={couponId} onDone={onDone} />;
}
