import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Collapse, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { MerchantDashboardSchema } from '@bazaar/shared/schemas/merchant-orders';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { yuan } from '@bazaar/console-ui/format.ts';
import type { MerchantRefundTab } from '@bazaar/shared/schemas/refund';
import { RefundCountsCard } from './dashboard-refunds.tsx';

// The chart library is the largest part of the page: its own chunk, fetched with the dashboard.
const DashboardChart = lazy(() => import('./dashboard-chart.tsx'));

/** The merchant center's landing page: today's and this month's paid orders and sales, orders to ship, low stock, 30 days. */
/** `onToShip` opens the orders to ship; absent when the account's role may not read orders. */
/** `onRefunds` opens the after-sales queue on a tab; absent (and no counts) when the role has no after-sales. */
export function DashboardPage({ onToShip, onRefunds }: { onToShip?: () => void; onRefunds?: (tab: MerchantRefundTab) => void }) {
  const { t, lang } = useI18n();
  const board = useQuery({ queryKey: ['dashboard', lang], queryFn: () => api('/merchant/dashboard', { lang, schema: MerchantDashboardSchema }) });
  const d = board.data;
  return (
    <section aria-labelledby="dashboard-title">
      <Typography.Title level={2} id="dashboard-title" style={{ fontSize: 20 }}>
        {t('dashboard.title')}
      </Typography.Title>
      {board.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {board.error instanceof ApiError && board.error.text ? board.error.text : t('app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {!d ? (
        board.isLoading ? <Skeleton active /> : null
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('dashboard.today', { date: d.today })}</Typography.Paragraph>
          <Row gutter={[16, 16]} data-testid="dashboard-stats">
            {[
              { key: 'todayOrders', value: String(d.todayPaid.orders) },
              { key: 'todaySales', value: yuan(d.todayPaid.sales) },
              { key: 'monthOrders', value: String(d.monthPaid.orders) },
              { key: 'monthSales', value: yuan(d.monthPaid.sales) },
            ].map((s) => (
              <Col xs={24} sm={12} lg={6} key={s.key}>
                <Card>
                  <Statistic title={<h3 style={{ fontSize: 14, fontWeight: 'normal', margin: 0 }}>{t(`dashboard.${s.key}`)}</h3>} value={s.value} />
                </Card>
              </Col>
            ))}
            <Col xs={24} sm={12}>
              <Card>
                <Statistic title={<h3 style={{ fontSize: 14, fontWeight: 'normal', margin: 0 }}>{t('dashboard.toShip')}</h3>} value={d.toShip} />
                {onToShip ? (
                  <Button type="link" style={{ padding: 0 }} onClick={onToShip}>
                    {t('dashboard.toShipLink')}
                  </Button>
                ) : null}
              </Card>
            </Col>
            <Col xs={24} sm={12}>
              <Card>
                <Statistic title={<h3 style={{ fontSize: 14, fontWeight: 'normal', margin: 0 }}>{t('dashboard.lowStock')}</h3>} value={d.lowStock.count} />
                <Typography.Text type="secondary">{t('dashboard.lowStockHint', { threshold: d.lowStock.threshold })}</Typography.Text>
              </Card>
            </Col>
          </Row>
          {onRefunds ? <RefundCountsCard api={api} onRefunds={onRefunds} /> : null}
          <Card style={{ marginTop: 16 }} title={<h3 style={{ fontSize: 16, margin: 0 }}>{t('dashboard.chartTitle')}</h3>}>
            <Suspense fallback={<Skeleton active />}>
              <DashboardChart days={d.days} />
            </Suspense>
            <Collapse
              ghost
              items={[
                {
                  key: 'table',
                  label: t('dashboard.chartTable'),
                  children: (
                    <Table
                      size="small"
                      rowKey="date"
                      pagination={false}
                      dataSource={d.days}
                      columns={[
                        { title: t('dashboard.chartColumns.date'), dataIndex: 'date' },
                        { title: t('dashboard.chartColumns.orders'), dataIndex: 'orders' },
                        { title: t('dashboard.chartColumns.sales'), render: (_v, r) => yuan(r.sales) },
                      ]}
                    />
                  ),
                },
              ]}
            />
          </Card>
          <Card style={{ marginTop: 16 }} title={<h3 style={{ fontSize: 16, margin: 0 }}>{t('dashboard.lowStock')}</h3>}>
            <Table
              size="small"
              rowKey="skuId"
              pagination={false}
              dataSource={d.lowStock.skus}
              locale={{ emptyText: t('dashboard.lowStockNone') }}
              columns={[
                { title: t('dashboard.lowStockColumns.product'), dataIndex: 'prodName' },
                { title: t('dashboard.lowStockColumns.sku'), dataIndex: 'skuName' },
                { title: t('dashboard.lowStockColumns.stocks'), dataIndex: 'stocks' },
              ]}
            />
          </Card>
        </>
      )}
    </section>
  );
}

