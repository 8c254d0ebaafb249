// The shop's products: search, filters (status, platform and shop category, stock), pages,
// shelf moves one by one or in batches, and the way into editing and stock adjustments.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Cascader, Image, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { z } from 'zod';
import { CategoryNodeSchema, type CategoryNode } from '@bazaar/shared/schemas/catalog';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  MerchantProductRowSchema,
  PRODUCT_LIST_STATUSES,
  PRODUCT_STOCK_FILTERS,
  ShelfResultSchema,
  ShopCategoryOptionSchema,
  type MerchantProductRow,
} from '@bazaar/shared/schemas/merchant-product';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useCan } from '../lib/access.tsx';
import { yuan } from '@bazaar/console-ui/format.ts';
import { StockModal } from './products-stock.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

const PageSchema = pageOf(MerchantProductRowSchema);
const PAGE_SIZE = 10;

export interface CascaderOption {
  value: number;
  label: string;
  children?: CascaderOption[];
}
export const toOptions = (nodes: CategoryNode[]): CascaderOption[] =>
  nodes.map((n) => ({ value: n.categoryId, label: n.categoryName, ...(n.grade < 3 ? { children: toOptions(n.children) } : {}) }));

/** The platform tree and the shop's own categories, shared by the list and the editor. */
export function useCategories() {
  const { lang } = useI18n();
  const tree = useQuery({ queryKey: ['category-tree', lang], queryFn: () => api('/category/tree', { lang, schema: z.array(CategoryNodeSchema) }), staleTime: 300_000 });
  const shop = useQuery({ queryKey: ['shop-categories', lang], queryFn: () => api('/merchant/product/shop-categories', { lang, schema: z.array(ShopCategoryOptionSchema) }) });
  return { tree: toOptions(tree.data ?? []), shop: shop.data ?? [] };
}

const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.text ? err.text : fallback);

export function ProductsPage({ onEdit, onCreate }: { onEdit: (prodId: number) => void; onCreate: () => void }) {
  const { t, lang } = useI18n();
  // The warehouse sees the list to adjust stock; editing and the shelf are operations' (decision 057).
  const can = useCan();
  const editor = can('products.manage');
  const { message } = App.useApp();
  const client = useQueryClient();
  const categories = useCategories();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<(typeof PRODUCT_LIST_STATUSES)[number]>('all');
  const [stock, setStock] = useState<(typeof PRODUCT_STOCK_FILTERS)[number]>('all');
  const [categoryPath, setCategoryPath] = useState<number[]>([]);
  const [shopCategoryId, setShopCategoryId] = useState<number | undefined>();
  const [current, setCurrent] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [adjusting, setAdjusting] = useState<MerchantProductRow | null>(null);
  const categoryId = categoryPath.at(-1);

  const list = useQuery({
    queryKey: ['products', keyword, status, stock, categoryId, shopCategoryId, current, lang],
    queryFn: () => api('/merchant/product/page', { lang, query: { keyword, status, stock, categoryId, shopCategoryId, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const shelf = useMutation({
    mutationFn: (input: { prodIds: number[]; onShelf: boolean }) => api('/merchant/product/shelf', { lang, method: 'POST', body: input, schema: ShelfResultSchema }),
    onSuccess: (result) => {
      if (result.changed.length) void message.success(t('products.shelfDone', { count: result.changed.length }));
      for (const r of result.refused) void message.warning(t('products.shelfRefused', { id: r.prodId, reason: r.reason }));
      setSelected([]);
      void client.invalidateQueries({ queryKey: ['products'] });
    },
    onError: (err) => void message.error(failure(err, t('app.serverError'))),
  });
  const error = list.error ? failure(list.error, t('app.loadFailed')) : null;
  const filterChanged = <V,>(set: (v: V) => void) => (v: V) => {
    set(v);
    setCurrent(1);
  };

  return (
    <section aria-labelledby="products-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="products-title" style={{ fontSize: 20 }}>
          {t(editor ? 'products.title' : 'staff.stockMenu')}
        </Typography.Title>
        {editor ? (
          <Button type="primary" onClick={onCreate}>
            {t('products.create')}
          </Button>
        ) : null}
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('products.search')}
          placeholder={t('products.search')}
          allowClear
          enterButton={t('products.searchButton')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            // The same words again: look again (staff may have changed something meanwhile).
            if (value.trim() === keyword) void list.refetch();
            else filterChanged(setKeyword)(value.trim());
          }}
          style={{ width: 320 }}
        />
        <Select
          aria-label={t('products.filters.status')}
          value={status}
          onChange={filterChanged(setStatus)}
          style={{ width: 140 }}
          options={PRODUCT_LIST_STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))}
        />
        <Select
          aria-label={t('products.filters.stock')}
          value={stock}
          onChange={filterChanged(setStock)}
          style={{ width: 140 }}
          options={PRODUCT_STOCK_FILTERS.map((s) => ({ value: s, label: t(`products.stock.${s}`) }))}
        />
        <Cascader
          aria-label={t('products.filters.category')}
          placeholder={t('products.filters.category')}
          options={categories.tree}
          changeOnSelect
          value={categoryPath}
          onChange={(v) => filterChanged(setCategoryPath)((v as number[] | undefined) ?? [])}
          style={{ width: 240 }}
        />
        <Select
          aria-label={t('products.filters.shopCategory')}
          placeholder={t('products.filters.shopCategory')}
          allowClear
          value={shopCategoryId}
          onChange={filterChanged(setShopCategoryId)}
          style={{ width: 160 }}
          options={categories.shop.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Space>
      <Space style={{ marginBottom: 12, display: editor ? undefined : 'none' }}>
        <Typography.Text>{t('products.selected', { count: selected.length })}</Typography.Text>
        <Button disabled={!selected.length} loading={shelf.isPending} onClick={() => shelf.mutate({ prodIds: selected, onShelf: true })}>
          {t('products.batchOn')}
        </Button>
        <Button disabled={!selected.length} loading={shelf.isPending} onClick={() => shelf.mutate({ prodIds: selected, onShelf: false })}>
          {t('products.batchOff')}
        </Button>
      </Space>
      <FormError error={error} />
      <Table<MerchantProductRow>
        rowKey="prodId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t('products.empty')}</Typography.Text> }}
        rowSelection={editor ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ 'aria-label': `${r.prodId} ${r.nameZh}` }) } : undefined}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('products.total', { count: total }) }}
        columns={[
          {
            title: t('products.columns.product'),
            render: (_v, p) => (
              <Space align="start">
                <Image src={p.pic} width={56} height={56} style={{ objectFit: 'cover' }} alt="" preview={false} />
                <div>
                  <div>{lang === 'en' && p.nameEn ? p.nameEn : p.nameZh}</div>
                  <Typography.Text type="secondary">ID {p.prodId}</Typography.Text>
                  {p.mold === 1 ? <Tag style={{ marginLeft: 8 }}>{t('products.virtual')}</Tag> : null}
                  {p.offence ? (
                    <div>
                      <Typography.Text type="danger">{t('products.takenDownReason', { reason: p.offence.reason })}</Typography.Text>
                    </div>
                  ) : null}
                </div>
              </Space>
            ),
          },
          { title: t('products.columns.price'), render: (_v, p) => yuan(p.price) },
          {
            title: t('products.columns.stock'),
            render: (_v, p) => (
              <>
                <div>{p.totalStocks === -1 ? t('products.unlimited') : p.totalStocks}</div>
                {p.lowStockSkus > 0 ? <Typography.Text type="warning">{t('products.lowSkus', { count: p.lowStockSkus })}</Typography.Text> : null}
              </>
            ),
          },
          { title: t('products.columns.sold'), dataIndex: 'soldNum' },
          {
            title: t('products.columns.status'),
            render: (_v, p) =>
              p.offence ? <Tag color="red">{t('products.status.takenDown')}</Tag> : <Tag>{t(p.status === 1 ? 'products.status.onShelf' : 'products.status.offShelf')}</Tag>,
          },
          { title: t('products.columns.updated'), dataIndex: 'updateTime' },
          {
            title: t('products.columns.actions'),
            render: (_v, p) => (
              <Space wrap>
                {editor ? (
                  <Button size="small" onClick={() => onEdit(p.prodId)} aria-label={`${t('products.edit')} ${p.prodId}`}>
                    {t('products.edit')}
                  </Button>
                ) : null}
                {can('stock.manage') ? (
                  <Button size="small" onClick={() => setAdjusting(p)} aria-label={`${t('products.adjustStock')} ${p.prodId}`}>
                    {t('products.adjustStock')}
                  </Button>
                ) : null}
                {editor ? (
                  <Button
                    size="small"
                    disabled={Boolean(p.offence)}
                    onClick={() => shelf.mutate({ prodIds: [p.prodId], onShelf: p.status !== 1 })}
                    aria-label={`${t(p.status === 1 ? 'products.takeOff' : 'products.putOn')} ${p.prodId}`}
                  >
                    {t(p.status === 1 ? 'products.takeOff' : 'products.putOn')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {adjusting ? (
        <StockModal
          product={adjusting}
          onClose={() => {
            setAdjusting(null);
            void client.invalidateQueries({ queryKey: ['products'] });
          }}
        />
      ) : null}
    </section>
  );
}
