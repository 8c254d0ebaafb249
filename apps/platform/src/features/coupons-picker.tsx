// Products of every shop for a platform coupon's list (issue 11 §5, decision 044), picked across pages.
import { Tag } from 'antd';
import { AdminProductRowSchema, type AdminProductRow } from '@bazaar/shared/schemas/merchant-product';
import { yuan } from '@bazaar/console-ui/format.ts';
import { ProductPickerModal, type ProductPickerProps } from '@bazaar/console-ui/product-picker.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

export function ProductPicker(props: ProductPickerProps) {
  const { t } = useI18n();
  return (
    <ProductPickerModal<AdminProductRow>
      {...props}
      api={api}
      path="/admin/products"
      queryKey="coupon-picker"
      rowSchema={AdminProductRowSchema}
      prefix="platformCoupons"
      width={760}
      columns={(nameOf) => [
        { title: t('platformCoupons.picker.name'), render: (_v, p) => <>{`${nameOf(p)} (#${p.prodId})`} {p.status === 1 ? null : <Tag>{t('platformCoupons.picker.offShelf')}</Tag>}</> },
        { title: t('platformCoupons.picker.shop'), render: (_v, p) => p.shopName },
        { title: t('platformCoupons.picker.price'), render: (_v, p) => yuan(p.price) },
      ]}
    />
  );
}
