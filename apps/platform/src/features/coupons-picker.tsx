// Products of every shop for a platform coupon's list (issue 11 §5, decision 044), picked across pages.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Table, Tag } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminProductRowSchema, type AdminProductRow } from '@bazaar/shared/schemas/merchant-product';
import type { DiscountProduct } from '@bazaar/shared/schemas/shop-promotion';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

const PageSchema = pageOf(AdminProductRowSchema);
const PICKER_PAGE = 8;
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export function ProductPicker({ initial, onCancel, onDone }: { initial: DiscountProduct[]; onCancel: () => void; onDone: (picked: DiscountProduct[]) => void }) {
  const { t, lang } = useI18n();
  const [picked, setPicked] = useState<DiscountProduct[]>(initial);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const page = useQuery({
    queryKey: ['coupon-picker', lang, keyword, current],
    queryFn: () => api('/admin/products', { lang, query: { keyword, current, size: PICKER_PAGE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const nameOf = (p: AdminProductRow) => (lang === 'en' && p.nameEn ? p.nameEn : p.nameZh);
  const toPicked = (p: AdminProductRow): DiscountProduct => ({ prodId: p.prodId, prodName: nameOf(p), pic: p.pic, price: p.price, onShelf: p.status === 1 });
  const search = () => {
    setKeyword(typed.trim());
    setCurrent(1);
  };
  return (
    <Modal open title={t('platformCoupons.picker.title')} okText={t('platformCoupons.picker.done', { count: picked.length })} cancelText={t('platformCoupons.cancel')} onOk={() => onDone(picked)} onCancel={onCancel} width={760}>
      <Space.Compact style={{ marginBottom: 12, width: '100%' }}>
        <Input aria-label={t('platformCoupons.picker.search')} placeholder={t('platformCoupons.picker.search')} value={typed} maxLength={50} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} />
        <Button onClick={search}>{t('platformCoupons.searchButton')}</Button>
      </Space.Compact>
      <Table<AdminProductRow>
        size="small"
        rowKey="prodId"
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        locale={{ emptyText: t('platformCoupons.picker.empty') }}
        rowSelection={{
          selectedRowKeys: picked.map((p) => p.prodId),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (p) => ({ 'aria-label': nameOf(p) }),
          onSelect: (p, selected) => setPicked((list) => (selected ? [...list.filter((x) => x.prodId !== p.prodId), toPicked(p)] : list.filter((x) => x.prodId !== p.prodId))),
          onSelectAll: (selected, _rows, changed) =>
            setPicked((list) => {
              const ids = new Set(changed.map((p) => p.prodId));
              const rest = list.filter((x) => !ids.has(x.prodId));
              return selected ? [...rest, ...changed.map(toPicked)] : rest;
            }),
        }}
        pagination={{ current, pageSize: PICKER_PAGE, total: page.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: t('platformCoupons.picker.name'), render: (_v, p) => <>{`${nameOf(p)} (#${p.prodId})`} {p.status === 1 ? null : <Tag>{t('platformCoupons.picker.offShelf')}</Tag>}</> },
          { title: t('platformCoupons.picker.shop'), render: (_v, p) => p.shopName },
          { title: t('platformCoupons.picker.price'), render: (_v, p) => yuan(p.price) },
        ]}
      />
    </Modal>
  );
}
