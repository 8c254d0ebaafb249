// 订单管理 / Orders (decision 058): every shop's orders for staff, read-only. Filters (shop, status,
// kind, order number, shopper, product, order days), a table, and a drawer with the order's
// products, amounts, address, payments, packages and progress.
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Form, Input, List, Select, Space, Table, Tag, Timeline, Typography } from 'antd';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import { AdminOrderDetailSchema, AdminOrderSchema, type AdminOrder, type AdminOrderDetail } from '@bazaar/shared/schemas/admin-orders';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ORDER_SEARCH_TEXT_MAX } from '@bazaar/shared/schemas/merchant-orders';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { dayRange, ShopListFilters, type DayRange } from './list-filters.tsx';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';

const PageSchema = pageOf(AdminOrderSchema);
const PAGE_SIZE = 10;
// The theme's tag colours that keep AA contrast (packages/shared/src/console/theme.ts); the rest default.
const STATUS_COLORS: Record<number, string> = { 1: 'warning', 2: 'warning', 5: 'success' };
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

interface Filters {
  shopId?: number;
  status: number;
  orderType?: number;
  orderNumber?: string;
  buyer?: string;
  prodName?: string;
  dateFrom?: string;
  dateTo?: string;
}
interface FilterForm {
  shopId?: number | null;
  status?: number;
  orderType?: number | 'all';
  orderNumber?: string;
  buyer?: string;
  prodName?: string;
  dates?: DayRange;
}

export function OrdersPage() {
  const { t, lang } = useI18n();
  const [filters, setFilters] = useState<Filters>({ status: 0 });
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['platform-orders', lang, filters, current],
    queryFn: () => api('/admin/orders', { lang, query: { ...filters, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  function apply(values: Partial<FilterForm>) {
    setFilters({
      shopId: values.shopId ?? undefined,
      status: values.status ?? 0,
      orderType: values.orderType === undefined || values.orderType === 'all' ? undefined : values.orderType,
      orderNumber: values.orderNumber?.trim() || undefined,
      buyer: values.buyer?.trim() || undefined,
      prodName: values.prodName?.trim() || undefined,
      ...dayRange(values.dates),
    });
    setCurrent(1);
  }

  return (
    <section aria-labelledby="platform-orders-title">
      <Typography.Title level={2} id="platform-orders-title" style={{ fontSize: 20 }}>
        {t('orders.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('orders.intro')}</Typography.Paragraph>
      <ShopListFilters<FilterForm>
        name="platform-order-filters"
        initialValues={{ status: 0, orderType: 'all' }}
        labels={{ shopId: t('orders.shopId'), dates: t('orders.dates'), search: t('orders.search'), reset: t('orders.reset') }}
        onApply={apply}
      >
        <Form.Item name="status" label={t('orders.status.label')}>
          <Select
            style={{ width: 130 }}
            options={[{ value: 0, label: t('orders.status.all') }, ...Object.values(ORDER_STATUS).map((s) => ({ value: s, label: t(`orders.status.${s}`) }))]}
          />
        </Form.Item>
        <Form.Item name="orderType" label={t('orders.type.label')}>
          <Select
            style={{ width: 130 }}
            options={[{ value: 'all', label: t('orders.type.all') }, ...Object.values(ORDER_TYPE).map((s) => ({ value: s, label: t(`orders.type.${s}`) }))]}
          />
        </Form.Item>
        <Form.Item name="orderNumber" label={t('orders.orderNumber')}>
          <Input allowClear maxLength={32} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="buyer" label={t('orders.buyer')}>
          <Input allowClear maxLength={32} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="prodName" label={t('orders.prodName')}>
          <Input allowClear maxLength={ORDER_SEARCH_TEXT_MAX} style={{ width: 160 }} />
        </Form.Item>
      </ShopListFilters>
      <PagedTable<AdminOrder>
        list={list}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={setCurrent}
        empty={t('orders.empty')}
        total={(total) => t('orders.total', { count: total })}
        rowKey="orderNumber"
        columns={[
          { title: t('orders.columns.orderNumber'), dataIndex: 'orderNumber', onCell: noWrap },
          { title: t('orders.columns.shop'), onHeaderCell: noWrap, render: (_v, o) => `${o.shopName} (${o.shopId})` },
          {
            title: t('orders.columns.buyer'),
            onHeaderCell: noWrap,
            render: (_v, o) => (
              <div>
                <div>{o.buyerName}</div>
                <Typography.Text type="secondary">{o.buyerMobile}</Typography.Text>
              </div>
            ),
          },
          {
            title: t('orders.columns.items'),
            render: (_v, o) => (
              <div style={{ maxWidth: 260 }}>
                <div>{o.items[0]?.prodName}</div>
                <Typography.Text type="secondary">{t('orders.pieces', { count: o.items.reduce((n, i) => n + i.prodCount, 0) })}</Typography.Text>
              </div>
            ),
          },
          { title: t('orders.columns.amount'), onHeaderCell: noWrap, onCell: noWrap, render: (_v, o) => yuan(o.actualTotal) },
          { title: t('orders.columns.status'), onHeaderCell: noWrap, render: (_v, o) => <Tag color={STATUS_COLORS[o.status]}>{t(`orders.status.${o.status}`)}</Tag> },
          { title: t('orders.columns.type'), onHeaderCell: noWrap, onCell: noWrap, render: (_v, o) => `${t(`orders.type.${o.orderType}`)} · ${t(`orders.mold.${o.orderMold}`)}` },
          { title: t('orders.columns.time'), dataIndex: 'createTime', onHeaderCell: noWrap, onCell: noWrap },
          {
            title: t('orders.columns.actions'),
            onHeaderCell: noWrap,
            render: (_v, o) => (
              <Button size="small" onClick={() => setOpen(o.orderNumber)} aria-label={`${t('orders.view')} ${o.orderNumber}`}>
                {t('orders.view')}
              </Button>
            ),
          },
        ]}
      />
      {open ? <OrderDrawer orderNumber={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function OrderDrawer({ orderNumber, onClose }: { orderNumber: string; onClose: () => void }) {
  const { t, lang } = useI18n();
  const detail = useQuery({
    queryKey: ['platform-order', lang, orderNumber],
    queryFn: () => api(`/admin/orders/${orderNumber}`, { lang, schema: AdminOrderDetailSchema }),
  });
  return (
    <Drawer open width={720} title={t('orders.detail.title', { orderNumber })} onClose={onClose} closable={{ 'aria-label': t('orders.detail.close') }}>
      {detail.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(detail.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {detail.data ? <OrderDetail order={detail.data} /> : null}
    </Drawer>
  );
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const { t } = useI18n();
  const d = (key: string, vars?: Record<string, string | number>) => t(`orders.detail.${key}`, vars);
  const reductions = (['discountReduce', 'shopCouponReduce', 'platformCouponReduce', 'levelReduce', 'scoreReduce', 'comboReduce'] as const).filter((k) => order[k] > 0);
  const a = order.address;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions title={d('basics')} column={2} size="small" bordered>
        <Descriptions.Item label={t('orders.columns.status')}>
          <Tag color={STATUS_COLORS[order.status]}>{t(`orders.status.${order.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={d('type')}>{`${t(`orders.type.${order.orderType}`)} · ${t(`orders.mold.${order.orderMold}`)}`}</Descriptions.Item>
        <Descriptions.Item label={d('shop')}>{`${order.shopName} (${order.shopId})`}</Descriptions.Item>
        <Descriptions.Item label={d('placed')}>{order.createTime}</Descriptions.Item>
        <Descriptions.Item label={d('buyer')}>{`${order.buyerName} ${order.buyerMobile}`}</Descriptions.Item>
        <Descriptions.Item label={d('userId')}>
          <Typography.Text copyable>{order.userId}</Typography.Text>
        </Descriptions.Item>
        {order.remarks ? (
          <Descriptions.Item label={d('remarks')} span={2}>
            {order.remarks}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Table
        size="small"
        rowKey="orderItemId"
        pagination={false}
        title={() => <Typography.Text strong>{d('items')}</Typography.Text>}
        dataSource={order.items}
        columns={[
          { title: d('items'), render: (_v, i) => `${i.prodName}${i.skuName ? ` (${i.skuName})` : ''}` },
          { title: d('price'), render: (_v, i) => yuan(i.price), onCell: noWrap },
          { title: d('count'), dataIndex: 'prodCount' },
        ]}
      />
      <Descriptions title={d('amounts')} column={2} size="small" bordered>
        <Descriptions.Item label={d('total')}>{yuan(order.total)}</Descriptions.Item>
        <Descriptions.Item label={d('freight')}>{yuan(order.freight)}</Descriptions.Item>
        <Descriptions.Item label={d('reduce')}>{yuan(order.reduceAmount)}</Descriptions.Item>
        {reductions.map((k) => (
          <Descriptions.Item key={k} label={d(k)}>
            {yuan(order[k])}
          </Descriptions.Item>
        ))}
        {order.useScore > 0 ? <Descriptions.Item label={d('useScore')}>{order.useScore}</Descriptions.Item> : null}
        <Descriptions.Item label={d('actualTotal')}>
          <Typography.Text strong>{yuan(order.actualTotal)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Descriptions title={d('address')} column={1} size="small">
        <Descriptions.Item label={d('address')}>{a ? `${a.receiver} ${a.mobile} ${a.province}${a.city}${a.area} ${a.addr}` : d('noAddress')}</Descriptions.Item>
      </Descriptions>
      <DetailList
        title={d('payments')}
        empty={d('noPayments')}
        items={order.payments}
        render={(p) => (
          <>
            <Space wrap>
              <span>{`${d('payNo')} ${p.payNo}`}</span>
              <Tag>{t(`orders.detail.payType.${p.payType}`)}</Tag>
              <Tag color={p.status === 1 ? 'success' : 'default'}>{t(`orders.detail.payStatus.${p.status}`)}</Tag>
              <span>{yuan(p.amount)}</span>
            </Space>
            <Typography.Text type="secondary">{p.paidTime ? `${d('paidTime')} ${p.paidTime}` : p.createTime}</Typography.Text>
            {p.refunds.map((r) => (
              <Typography.Text key={r.refundSn} type="secondary">{`${d('refunds')} ${r.refundSn} ${yuan(r.amount)} ${r.createTime}`}</Typography.Text>
            ))}
          </>
        )}
      />
      <DetailList
        title={d('logistics')}
        empty={d('noPackages')}
        items={order.packages}
        render={(p) => (
          <>
            <span>{d('waybill', { company: p.dvyName, waybill: p.dvyFlowId })}</span>
            <Typography.Text type="secondary">{`${p.createTime} · ${p.items.map((i) => `${i.prodName} ×${i.count}`).join('，')}`}</Typography.Text>
          </>
        )}
      />
      <section aria-label={d('history')}>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {d('history')}
        </Typography.Title>
        <Timeline items={order.history.map((h) => ({ children: `${t(`orders.detail.events.${h.event}`)} ${h.time}` }))} />
      </section>
    </Space>
  );
}

/** A titled region of the drawer: one bordered list, its rows stacked lines. */
function DetailList<Item>({ title, empty, items, render }: { title: string; empty: string; items: Item[]; render: (item: Item) => ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      <List
        size="small"
        bordered
        locale={{ emptyText: empty }}
        dataSource={items}
        renderItem={(item) => (
          <List.Item>
            <Space direction="vertical" size={0}>
              {render(item)}
            </Space>
          </List.Item>
        )}
      />
    </section>
  );
}
