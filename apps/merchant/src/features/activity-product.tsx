// The product of a new flash sale or group buy, and its options: one of the shop's products on sale
// (searched by name), then each of its options on sale with a box to include it and the activity's
// price, in yuan as typed. Each form names its keys (`seckill.form` or `groupbuy.form`, the same
// words under both) and may add columns of its own (the flash sale's stock).
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, InputNumber, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantProductDetailSchema, MerchantProductRowSchema, type MerchantSku } from '@bazaar/shared/schemas/merchant-product';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { useI18n } from '../lib/i18n.tsx';

const ProductPageSchema = pageOf(MerchantProductRowSchema);

/** An option's line in the form: included or not, and its activity price in yuan as typed. */
export interface ActivitySkuLine {
  include: boolean;
  price: number | null;
}

/** The lines by skuId, and a change to one line (a line not yet touched starts from `blank`). */
export function useActivityLines<L extends ActivitySkuLine>(blank: L) {
  const [lines, setLines] = useState<Map<number, L>>(new Map());
  const setLine = (skuId: number, change: Partial<L>) =>
    setLines((before) => {
      const next = new Map(before);
      next.set(skuId, { ...(next.get(skuId) ?? blank), ...change });
      return next;
    });
  return { lines, setLine, clearLines: () => setLines(new Map()) };
}

/** The columns every activity shows, for `arrange` to put in order with its own. */
export interface ActivitySkuColumns {
  include: ColumnsType<MerchantSku>[number];
  sku: ColumnsType<MerchantSku>[number];
  price: ColumnsType<MerchantSku>[number];
  activityPrice: ColumnsType<MerchantSku>[number];
}

export function ActivityProductFields<L extends ActivitySkuLine>({
  api,
  keys,
  prodId,
  lines,
  setLine,
  clearLines,
  priceKey,
  arrange = (c) => [c.include, c.sku, c.price, c.activityPrice],
}: {
  api: ConsoleApi;
  /** The form's translation keys: `seckill.form` or `groupbuy.form`. */
  keys: 'seckill.form' | 'groupbuy.form';
  prodId: number | null;
  lines: Map<number, L>;
  setLine: (skuId: number, change: Partial<L>) => void;
  clearLines: () => void;
  /** The activity price's column key under `keys` (its input is labelled by `${priceKey}Of`). */
  priceKey: 'seckillPrice' | 'actPrice';
  arrange?: (columns: ActivitySkuColumns, skuNameOf: (s: MerchantSku) => string) => ColumnsType<MerchantSku>;
}): ReactNode {
  const { t, lang } = useI18n();
  const [keyword, setKeyword] = useState('');
  const k = (key: string) => `${keys}.${key}`;
  const products = useQuery({
    queryKey: [keys, 'products', lang, keyword],
    queryFn: () => api('/merchant/product/page', { lang, query: { keyword: keyword || undefined, status: 'onShelf', current: 1, size: 20 }, schema: ProductPageSchema }),
  });
  const product = useQuery({
    queryKey: [keys, 'product', prodId, lang],
    queryFn: () => api(`/merchant/product/info/${prodId}`, { lang, schema: MerchantProductDetailSchema }),
    enabled: prodId !== null,
  });
  const skus = useMemo(() => (product.data?.skus ?? []).filter((s) => s.status === 1), [product.data]);
  const nameOf = (p: { nameZh: string; nameEn: string | null }) => (lang === 'en' && p.nameEn ? p.nameEn : p.nameZh);
  const skuNameOf = (s: MerchantSku) => (lang === 'en' && s.nameEn ? s.nameEn : s.nameZh) || s.values.join(' ');
  const columns: ActivitySkuColumns = {
    include: {
      title: t(k('include')),
      render: (_v, s) => <Checkbox aria-label={t(k('includeOn'), { sku: skuNameOf(s) })} checked={lines.get(s.skuId)?.include ?? false} onChange={(e) => setLine(s.skuId, { include: e.target.checked } as Partial<L>)} />,
    },
    sku: { title: t(k('sku')), render: (_v, s) => skuNameOf(s) },
    price: { title: t(k('price')), render: (_v, s) => yuan(s.price) },
    activityPrice: {
      title: t(k(priceKey)),
      render: (_v, s) => (
        <InputNumber<number>
          aria-label={t(k(`${priceKey}Of`), { sku: skuNameOf(s) })}
          min={0.01}
          precision={2}
          value={lines.get(s.skuId)?.price ?? null}
          onChange={(v) => setLine(s.skuId, { price: v, include: true } as Partial<L>)}
          style={{ width: 130 }}
        />
      ),
    },
  };

  return (
    <>
      <Form.Item name="prodId" label={t(k('product'))} extra={t(k('productHint'))} rules={[{ required: true, message: t(k('required'), { field: t(k('product')) }) }]}>
        <Select<number>
          showSearch
          filterOption={false}
          onSearch={(v) => setKeyword(v.trim())}
          placeholder={t(k('productPlaceholder'))}
          loading={products.isFetching}
          style={{ width: 480 }}
          options={(products.data?.records ?? []).map((p) => ({ value: p.prodId, label: `${nameOf(p)} · ${yuan(p.price)}` }))}
          onChange={clearLines}
        />
      </Form.Item>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, marginBottom: 8 }}>{t(k('skus'))}</legend>
        <Typography.Paragraph type="secondary">{prodId === null ? t(k('pickProductFirst')) : t(k('skusHint'))}</Typography.Paragraph>
        {prodId !== null ? <Table<MerchantSku> size="small" rowKey="skuId" pagination={false} loading={product.isFetching} dataSource={skus} columns={arrange(columns, skuNameOf)} /> : null}
      </fieldset>
    </>
  );
}
