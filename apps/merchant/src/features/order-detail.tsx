import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { z } from 'zod';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { DeliveryCompanySchema } from '@bazaar/shared/schemas/logistics';
import { MAX_PACKAGES, MerchantOrderDetailSchema, type MerchantOrderDetail } from '@bazaar/shared/schemas/merchant';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { api as consoleApi, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useCan } from '../lib/access.tsx';
import { yuan } from '@bazaar/console-ui/format.ts';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

const CompaniesSchema = z.array(DeliveryCompanySchema);

/** The pieces of a line still to ship: those a settled refund took back before shipment stay home (decision 059). */
const toShip = (i: MerchantOrderDetail['items'][number]) => Math.max(0, i.prodCount - i.refundedCount);

/** One order of the shop: recipient, items, amounts, packages; a paid order is shipped here. */
export function OrderDetailPage({ orderNumber, onBack, api = consoleApi }: { orderNumber: string; onBack: () => void; api?: ConsoleApi }) {
  const { t, lang } = useI18n();
  const ships = useCan()('orders.ship');
  const order = useQuery({
    queryKey: ['order', orderNumber, lang],
    queryFn: () => api(`/merchant/order/info/${orderNumber}`, { lang, schema: MerchantOrderDetailSchema }),
  });
  const o = order.data;
  const names = new Map(o?.items.map((i) => [i.orderItemId, `${i.prodName}${i.skuName ? ` (${i.skuName})` : ''}`]) ?? []);
  return (
    <section aria-labelledby="order-title">
      <Button type="link" onClick={onBack} style={{ padding: 0 }}>
        {t('detail.back')}
      </Button>
      <Typography.Title level={2} id="order-title" style={{ fontSize: 20 }}>
        {t('detail.title', { orderNumber })}
        {o ? <Tag style={{ marginLeft: 12 }}>{t(`orders.status.${o.status}`)}</Tag> : null}
      </Typography.Title>
      {order.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {order.error instanceof ApiError && order.error.text ? order.error.text : t('app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {o ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('detail.receiver')}>{o.address ? `${o.address.receiver} ${o.address.mobile}` : t('detail.none')}</Descriptions.Item>
            <Descriptions.Item label={t('detail.address')}>
              {o.address ? `${o.address.province}${o.address.city}${o.address.area} ${o.address.addr}` : t('detail.none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.remarks')}>{o.remarks || t('detail.none')}</Descriptions.Item>
            <Descriptions.Item label={t('detail.payTime')}>{o.payTime ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.dvyTime')}>{o.dvyTime ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.goodsTotal')}>{yuan(o.total)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.freight')}>{yuan(o.freight)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.reduce')}>{yuan(o.reduceAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.actualTotal')}>{yuan(o.actualTotal)}</Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="orderItemId"
            pagination={false}
            size="small"
            dataSource={o.items}
            columns={[
              { title: t('detail.item.name'), render: (_v, i) => names.get(i.orderItemId) },
              { title: t('detail.item.price'), render: (_v, i) => yuan(i.price) },
              { title: t('detail.item.count'), dataIndex: 'prodCount' },
              { title: t('detail.item.shipped'), dataIndex: 'shippedCount' },
              { title: t('detail.item.refunded'), dataIndex: 'refundedCount' },
            ]}
          />
          <section aria-labelledby="packages-title">
            <Typography.Title level={3} id="packages-title" style={{ fontSize: 16 }}>
              {t('detail.packages')}
            </Typography.Title>
            {o.packages.length === 0 ? <Typography.Paragraph type="secondary">{t('detail.noPackages')}</Typography.Paragraph> : null}
            <ul data-testid="packages">
              {o.packages.map((p, index) => (
                <li key={p.orderDeliveryId}>
                  {t('detail.package', { index: index + 1, courier: p.dvyName, waybill: p.dvyFlowId })}:{' '}
                  {p.items.map((i) => t('detail.packageItems', { name: names.get(i.orderItemId) ?? '', count: i.count })).join('，')}
                </li>
              ))}
            </ul>
          </section>
          {ships && o.status === ORDER_STATUS.paid && o.dvyType === 1 ? <ShipForm api={api} order={o} names={names} /> : null}
        </Space>
      ) : null}
    </section>
  );
}

interface DraftPackage {
  key: number;
  dvyId: number | undefined;
  dvyFlowId: string;
  counts: Record<number, number>;
}

function ShipForm({ api, order, names }: { api: ConsoleApi; order: MerchantOrderDetail; names: Map<number, string> }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const companies = useQuery({ queryKey: ['couriers', lang], queryFn: () => api('/merchant/delivery/list', { lang, schema: CompaniesSchema }) });
  const [nextKey, setNextKey] = useState(2);
  const [packages, setPackages] = useState<DraftPackage[]>(() => [
    { key: 1, dvyId: undefined, dvyFlowId: '', counts: Object.fromEntries(order.items.filter((i) => toShip(i) > 0).map((i) => [i.orderItemId, toShip(i)])) },
  ]);
  const [error, setError] = useState<string | null>(null);
  const packed = (orderItemId: number) => packages.reduce((n, p) => n + (p.counts[orderItemId] ?? 0), 0);
  const remaining = order.items.reduce((n, i) => n + toShip(i) - packed(i.orderItemId), 0);
  const remainingText = t('ship.remaining', { count: remaining });

  const update = (key: number, change: Partial<DraftPackage>) => setPackages((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const ship = useMutation({
    mutationFn: () =>
      api('/merchant/order/delivery', {
        lang,
        method: 'POST',
        schema: MerchantOrderDetailSchema,
        body: {
          orderNumber: order.orderNumber,
          packages: packages.map((p) => ({
            dvyId: p.dvyId,
            dvyFlowId: p.dvyFlowId.trim(),
            items: Object.entries(p.counts)
              .filter(([, count]) => count > 0)
              .map(([orderItemId, count]) => ({ orderItemId: Number(orderItemId), count })),
          })),
        },
      }),
    onSuccess: async () => {
      void message.success(t('ship.shipped'));
      await client.invalidateQueries({ queryKey: ['order', order.orderNumber] });
      await client.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (err) => setError(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });

  function submit() {
    setError(null);
    const missing = packages.find((p) => p.dvyId === undefined) ? t('ship.courierRequired') : packages.find((p) => !p.dvyFlowId.trim()) ? t('ship.waybillRequired') : null;
    if (missing) setError(missing);
    else if (remaining > 0) setError(remainingText);
    else ship.mutate();
  }

  return (
    <section aria-labelledby="ship-title">
      <Typography.Title level={3} id="ship-title" style={{ fontSize: 16 }}>
        {t('ship.title')}
      </Typography.Title>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {packages.map((p, index) => {
          const label = t('ship.package', { index: index + 1 });
          return (
            <Card
              key={p.key}
              size="small"
              title={label}
              role="group"
              aria-label={label}
              extra={
                packages.length > 1 ? (
                  <Button size="small" danger onClick={() => setPackages((all) => all.filter((x) => x.key !== p.key))}>
                    {t('ship.removePackage')}
                  </Button>
                ) : null
              }
            >
              <Space wrap>
                <Select
                  aria-label={`${label} ${t('ship.courier')}`}
                  placeholder={t('ship.courier')}
                  style={{ width: 200 }}
                  loading={companies.isLoading}
                  value={p.dvyId}
                  onChange={(dvyId: number) => update(p.key, { dvyId })}
                  options={(companies.data ?? []).map((c) => ({ value: c.dvyId, label: c.dvyName }))}
                />
                <Input
                  aria-label={`${label} ${t('ship.waybill')}`}
                  placeholder={t('ship.waybill')}
                  style={{ width: 240 }}
                  value={p.dvyFlowId}
                  onChange={(e) => update(p.key, { dvyFlowId: e.target.value })}
                />
              </Space>
              <Space orientation="vertical" style={{ marginTop: 12 }}>
                {order.items.map((i) =>
                  toShip(i) > 0 ? (
                    <Space key={i.orderItemId}>
                      <InputNumber
                        aria-label={`${label} ${t('ship.count', { name: names.get(i.orderItemId) ?? '' })}`}
                        min={0}
                        max={toShip(i)}
                        precision={0}
                        value={p.counts[i.orderItemId] ?? 0}
                        onChange={(v) => update(p.key, { counts: { ...p.counts, [i.orderItemId]: Number(v ?? 0) } })}
                      />
                      <span>
                        {names.get(i.orderItemId)} / {toShip(i)}
                      </span>
                      {i.refundedCount > 0 ? <Tag color="warning">{t('ship.refunded', { count: i.refundedCount })}</Tag> : null}
                    </Space>
                  ) : (
                    // Every piece refunded: nothing of this line is shipped.
                    <Space key={i.orderItemId} data-testid="ship-line-refunded">
                      <Typography.Text type="secondary">{names.get(i.orderItemId)}</Typography.Text>
                      <Tag>{t('ship.allRefunded', { count: i.refundedCount })}</Tag>
                    </Space>
                  ),
                )}
              </Space>
            </Card>
          );
        })}
        {remaining > 0 && error !== remainingText ? <Typography.Text type="warning">{remainingText}</Typography.Text> : null}
        <FormError error={error} />
        <Space>
          <Button
            disabled={packages.length >= MAX_PACKAGES}
            onClick={() => {
              setPackages((all) => [...all, { key: nextKey, dvyId: undefined, dvyFlowId: '', counts: {} }]);
              setNextKey((k) => k + 1);
            }}
          >
            {t('ship.addPackage')}
          </Button>
          <Button type="primary" loading={ship.isPending} onClick={submit}>
            {t('ship.submit')}
          </Button>
        </Space>
      </Space>
    </section>
  );
}
