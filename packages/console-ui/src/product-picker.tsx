// Products picked across pages for a promotion, package or coupon: the shop's own in the merchant
// center, every shop's in the platform console (each console names its API and columns).
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import type { z } from 'zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import type { DiscountProduct } from '@bazaar/shared/schemas/shop-promotion';
import type { ConsoleApi } from './console-api.ts';
import { useI18n } from './i18n-context.tsx';

const PICKER_PAGE = 8;

/** What a page hands its picker: the products picked so far, and where the new list goes. */
export interface ProductPickerProps {
  initial: DiscountProduct[];
  onCancel: () => void;
  onDone: (picked: DiscountProduct[]) => void;
}

/** A product row of a product list (merchant or admin). */
export interface PickableProduct {
  prodId: number;
  nameZh: string;
  nameEn: string | null;
  pic: string;
  price: number;
  status: number;
}

export interface ProductPickerModalProps<Row extends PickableProduct> extends ProductPickerProps {
  api: ConsoleApi;
  /** The product list: `GET path?keyword&current&size`. */
  path: string;
  queryKey: string;
  rowSchema: z.ZodType<Row>;
  /** The texts' key prefix: `<prefix>.picker.title`, `.picker.done`, `.picker.search`, `.picker.empty`, `.cancel`, `.searchButton`. */
  prefix: string;
  width: number;
  columns: (nameOf: (row: Row) => string) => TableColumnsType<Row>;
}

export function ProductPickerModal<Row extends PickableProduct>({ api, path, queryKey, rowSchema, prefix, width, columns, initial, onCancel, onDone }: ProductPickerModalProps<Row>) {
  const { t, lang } = useI18n();
  const pageSchema = useMemo(() => pageOf(rowSchema), [rowSchema]);
  const [picked, setPicked] = useState<DiscountProduct[]>(initial);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const page = useQuery({
    queryKey: [queryKey, lang, keyword, current],
    queryFn: () => api(path, { lang, query: { keyword, current, size: PICKER_PAGE }, schema: pageSchema }),
    placeholderData: keepPreviousData,
  });
  const nameOf = (p: Row) => (lang === 'en' && p.nameEn ? p.nameEn : p.nameZh);
  const toPicked = (p: Row): DiscountProduct => ({ prodId: p.prodId, prodName: nameOf(p), pic: p.pic, price: p.price, onShelf: p.status === 1 });
  const search = () => {
    setKeyword(typed.trim());
    setCurrent(1);
  };
  return (
    <Modal open title={t(`${prefix}.picker.title`)} okText={t(`${prefix}.picker.done`, { count: picked.length })} cancelText={t(`${prefix}.cancel`)} onOk={() => onDone(picked)} onCancel={onCancel} width={width}>
      <Space.Compact style={{ marginBottom: 12, width: '100%' }}>
        <Input aria-label={t(`${prefix}.picker.search`)} placeholder={t(`${prefix}.picker.search`)} value={typed} maxLength={50} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} />
        <Button onClick={search}>{t(`${prefix}.searchButton`)}</Button>
      </Space.Compact>
      <Table<Row>
        size="small"
        rowKey="prodId"
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        locale={{ emptyText: t(`${prefix}.picker.empty`) }}
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
        columns={columns(nameOf)}
      />
    </Modal>
  );
}
