import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantOrderSchema, type MerchantOrder } from '@bazaar/shared/schemas/merchant';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { yuan } from '../lib/format.ts';

const PageSchema = pageOf(MerchantOrderSchema);
const PAGE_SIZE = 10;
const TABS = [
  { key: 'all', status: 0 },
  { key: 'unpaid', status: ORDER_STATUS.unpaid },
  { key: 'paid', status: ORDER_STATUS.paid },
  { key: 'shipped', status: ORDER_STATUS.shipped },
  { key: 'completed', status: ORDER_STATUS.completed },
  { key: 'cancelled', status: ORDER_STATUS.cancelled },
] as const;

/** The shop's orders: status tabs, search by order number, pages of ten; a paid order opens to ship. */
export function OrdersPage({ onOpen }: { onOpen: (orderNumber: string) => void }) {
  const { t, lang } = useI18n();
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('all');
  const [typed, setTyped] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [current, setCurrent] = useState(1);
  const status = TABS.find((x) => x.key === tab)!.status;

  const list = useQuery({
    queryKey: ['orders', status, orderNumber, current, lang],
    queryFn: () => api('/merchant/order/page', { lang, query: { status, orderNumber, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const error = list.error ? (list.error instanceof ApiError && list.error.text ? list.error.text : t('app.loadFailed')) : null;

  return (
    <section aria-labelledby="orders-title">
      <Typography.Title level={2} id="orders-title" style={{ fontSize: 20 }}>
        {t('menu.orders')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as typeof tab);
          setCurrent(1);
        }}
        items={TABS.map((x) => ({ key: x.key, label: t(`orders.tabs.${x.key}`) }))}
      />
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('orders.search')}
          placeholder={t('orders.search')}
          allowClear
          enterButton={t('orders.searchButton')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            setOrderNumber(value.trim());
            setCurrent(1);
          }}
          style={{ width: 360 }}
        />
      </Space>
      {error ? (
        <Typography.Paragraph type="danger" role="alert">
          {error}
        </Typography.Paragraph>
      ) : null}
      <Table<MerchantOrder>
        rowKey="orderNumber"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('orders.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('orders.total', { total }) }}
        columns={[
          { title: t('orders.columns.orderNumber'), dataIndex: 'orderNumber' },
          {
            title: t('orders.columns.items'),
            render: (_v, o) => (
              <>
                {o.items.map((i) => (
                  <div key={i.orderItemId}>
                    {i.prodName} {i.skuName ? `(${i.skuName})` : ''} × {i.prodCount}
                  </div>
                ))}
                <Typography.Text type="secondary">{t('orders.pieces', { count: o.items.reduce((n, i) => n + i.prodCount, 0) })}</Typography.Text>
              </>
            ),
          },
          { title: t('orders.columns.total'), render: (_v, o) => yuan(o.actualTotal) },
          { title: t('orders.columns.status'), render: (_v, o) => <Tag>{t(`orders.status.${o.status}`)}</Tag> },
          { title: t('orders.columns.createTime'), dataIndex: 'createTime' },
          {
            title: t('orders.columns.actions'),
            render: (_v, o) => (
              <Button size="small" type={o.status === ORDER_STATUS.paid ? 'primary' : 'default'} onClick={() => onOpen(o.orderNumber)} aria-label={`${t(o.status === ORDER_STATUS.paid ? 'orders.ship' : 'orders.view')} ${o.orderNumber}`}>
                {t(o.status === ORDER_STATUS.paid ? 'orders.ship' : 'orders.view')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
