// The dashboard's after-sales counts (issue 26): the requests waiting for the shop or the shopper,
// and those being refunded, each linking to its tab of the queue. Shown only to a role with after-sales.
import { Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import type { MerchantRefundTab } from '@bazaar/shared/schemas/refund';
import { useI18n } from '../lib/i18n.tsx';
import { TAB_COUNTS, useRefundCounts } from '../lib/merchant-refunds.ts';

/** The after-sales tabs the dashboard counts: what waits for the shop or the shopper, and the money on its way. */
const COUNTED_TABS: readonly MerchantRefundTab[] = ['toHandle', 'toShip', 'toReceive', 'refunding'];

/** The after-sales requests by state, each linking to its tab of the queue. */
export function RefundCountsCard({ api, onRefunds }: { api: ConsoleApi; onRefunds: (tab: MerchantRefundTab) => void }) {
  const { t, lang } = useI18n();
  const counts = useRefundCounts(api, lang);
  const c = counts.data;
  return (
    <Card
      style={{ marginTop: 16 }}
      title={<h3 style={{ fontSize: 16, margin: 0 }}>{t('dashboardRefunds.title')}</h3>}
      extra={
        <Button type="link" onClick={() => onRefunds('all')}>
          {t('dashboardRefunds.open')}
        </Button>
      }
    >
      {counts.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(counts.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {c ? (
        <Row gutter={[16, 16]} data-testid="dashboard-refunds">
          {COUNTED_TABS.map((tab) => (
            <Col xs={12} lg={6} key={tab}>
              <Statistic title={<h4 style={{ fontSize: 14, fontWeight: 'normal', margin: 0 }}>{t(`refunds.tabs.${tab}`)}</h4>} value={c[TAB_COUNTS[tab]!]} />
              <Button type="link" style={{ padding: 0 }} onClick={() => onRefunds(tab)} aria-label={t('dashboardRefunds.link', { state: t(`refunds.tabs.${tab}`) })}>
                {t('dashboardRefunds.view')}
              </Button>
            </Col>
          ))}
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}
