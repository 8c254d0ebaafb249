import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantOrderSchema, type MerchantOrder } from '@bazaar/shared/schemas/merchant';
import { ORDER_SEARCH_TEXT_MAX } from '@bazaar/shared/schemas/merchant-orders';
import { api, ApiError, session } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useCan } from '../lib/access.tsx';
import { yuan } from '@bazaar/console-ui/format.ts';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

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

type Tab = (typeof TABS)[number]['key'];
interface Filters {
  prodName?: string;
  buyer?: string;
  dateFrom?: string;
  dateTo?: string;
}
interface FilterForm {
  prodName?: string;
  buyer?: string;
  dateFrom?: Dayjs | null;
  dateTo?: Dayjs | null;
}

/** The filtered list as a CSV file the browser saves (the API needs the session's token, so not a plain link). */
async function downloadCsv(query: Record<string, string | number | undefined>, lang: 'zh' | 'en'): Promise<string> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const response = await fetch(`/api/merchant/order/export?${params}`, { headers: { 'Accept-Language': lang, Authorization: session.token() ?? '' } });
  if (!response.ok) throw new ApiError(response.status, response.status >= 500 ? '' : await response.text());
  const file = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return file;
}

/** The shop's orders: status tabs, search by number, product, buyer and dates, export; pages of ten; a paid order opens to ship. */
export function OrdersPage({ onOpen, initialTab = 'all' }: { onOpen: (orderNumber: string) => void; initialTab?: Tab }) {
  const { t, lang } = useI18n();
  // Customer service reads orders; shipping is the warehouse's (decision 057).
  const ships = useCan()('orders.ship');
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterForm>();
  const [tab, setTab] = useState<Tab>(initialTab);
  const [typed, setTyped] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [current, setCurrent] = useState(1);
  const [exporting, setExporting] = useState(false);
  const status = TABS.find((x) => x.key === tab)!.status;
  const query = { status, orderNumber, ...filters };

  const list = useQuery({
    queryKey: ['orders', query, current, lang],
    queryFn: () => api('/merchant/order/page', { lang, query: { ...query, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  function applyFilters(values: FilterForm) {
    setFilters({
      prodName: values.prodName?.trim() || undefined,
      buyer: values.buyer?.trim() || undefined,
      dateFrom: values.dateFrom?.format('YYYY-MM-DD'),
      dateTo: values.dateTo?.format('YYYY-MM-DD'),
    });
    setCurrent(1);
  }
  async function exportCsv() {
    setExporting(true);
    try {
      message.success(t('orderFilters.exported', { file: await downloadCsv(query, lang) }));
    } catch (error) {
      message.error(error instanceof ApiError && error.text ? error.text : t('app.loadFailed'));
    } finally {
      setExporting(false);
    }
  }
  const error = list.error ? (list.error instanceof ApiError && list.error.text ? list.error.text : t('app.loadFailed')) : null;

  return (
    <section aria-labelledby="orders-title">
      <Typography.Title level={2} id="orders-title" style={{ fontSize: 20 }}>
        {t('menu.orders')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
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
      <Form form={form} name="order-filters" layout="inline" onFinish={applyFilters} style={{ marginBottom: 16, rowGap: 8 }} aria-label={t('orderFilters.apply')}>
        <Form.Item name="prodName" label={t('orderFilters.prodName')}>
          <Input allowClear maxLength={ORDER_SEARCH_TEXT_MAX} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="buyer" label={t('orderFilters.buyer')}>
          <Input allowClear maxLength={ORDER_SEARCH_TEXT_MAX} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="dateFrom" label={t('orderFilters.dateFrom')}>
          <DatePicker allowClear placeholder="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item name="dateTo" label={t('orderFilters.dateTo')}>
          <DatePicker allowClear placeholder="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('orderFilters.apply')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                applyFilters({});
              }}
            >
              {t('orderFilters.reset')}
            </Button>
            <Button onClick={() => void exportCsv()} loading={exporting}>
              {t(exporting ? 'orderFilters.exporting' : 'orderFilters.export')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <FormError error={error} />
      <Table<MerchantOrder>
        rowKey="orderNumber"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('orders.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('orders.total', { count: total }) }}
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
          { title: t('orderFilters.buyerColumn'), dataIndex: 'buyerName' },
          { title: t('orders.columns.total'), render: (_v, o) => yuan(o.actualTotal) },
          { title: t('orders.columns.status'), render: (_v, o) => <Tag>{t(`orders.status.${o.status}`)}</Tag> },
          { title: t('orders.columns.createTime'), dataIndex: 'createTime' },
          {
            title: t('orders.columns.actions'),
            render: (_v, o) => {
              const toShip = ships && o.status === ORDER_STATUS.paid;
              return (
                <Button size="small" type={toShip ? 'primary' : 'default'} onClick={() => onOpen(o.orderNumber)} aria-label={`${t(toShip ? 'orders.ship' : 'orders.view')} ${o.orderNumber}`}>
                  {t(toShip ? 'orders.ship' : 'orders.view')}
                </Button>
              );
            },
          },
        ]}
      />
    </section>
  );
}
