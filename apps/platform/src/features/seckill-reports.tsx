// The reconciliation reports (issue 27, decision 062): after each flash sale ends, its stock gate
// against PostgreSQL for every SKU, written by the close job; differences first.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Switch, Space, Table, Tag, Typography } from 'antd';
import { SeckillReportPageSchema, type SeckillReport } from '@bazaar/shared/schemas/seckill';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { useI18n } from '../lib/i18n.tsx';

const PAGE_SIZE = 20;

export function SeckillReportsSection({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const [onlyMismatch, setOnlyMismatch] = useState(false);
  const [current, setCurrent] = useState(1);
  const reports = useQuery({
    queryKey: ['admin-seckill-reports', lang, onlyMismatch, current],
    queryFn: () => api('/admin/seckill/reports', { lang, query: { onlyMismatch: onlyMismatch ? 'true' : undefined, current, size: PAGE_SIZE }, schema: SeckillReportPageSchema }),
    placeholderData: keepPreviousData,
  });
  const c = (key: string) => t(`seckillAdmin.reports.columns.${key}`);
  return (
    <section aria-label={t('seckillAdmin.sections.reports')}>
      <Typography.Paragraph type="secondary">{t('seckillAdmin.reports.intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Switch
          aria-label={t('seckillAdmin.reports.onlyMismatch')}
          checked={onlyMismatch}
          onChange={(v) => {
            setOnlyMismatch(v);
            setCurrent(1);
          }}
        />
        <Typography.Text>{t('seckillAdmin.reports.onlyMismatch')}</Typography.Text>
      </Space>
      {reports.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(reports.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      <Table<SeckillReport>
        rowKey="id"
        size="small"
        loading={reports.isFetching && !reports.data}
        dataSource={reports.data?.records ?? []}
        locale={{ emptyText: t('seckillAdmin.reports.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: reports.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('seckillAdmin.reports.total', { total }) }}
        columns={[
          { title: c('activity'), render: (_v, r) => `${r.seckillName} (#${r.seckillId})` },
          { title: c('shop'), render: (_v, r) => `${r.shopName} (#${r.shopId})` },
          { title: c('sku'), dataIndex: 'skuName' },
          { title: c('totalStocks'), dataIndex: 'totalStocks' },
          { title: c('gateStocks'), render: (_v, r) => (r.gateStocks === null ? t('seckillAdmin.reports.gateGone') : r.gateStocks) },
          { title: c('dbStocks'), dataIndex: 'dbStocks' },
          { title: c('accepted'), dataIndex: 'acceptedNum' },
          { title: c('ordered'), dataIndex: 'orderedNum' },
          { title: c('cancelled'), dataIndex: 'cancelledNum' },
          { title: c('difference'), render: (_v, r) => <span data-testid={`report-difference-${r.id}`}>{r.difference}</span> },
          { title: c('result'), render: (_v, r) => <Tag color={r.matched ? 'green' : 'red'}>{t(r.matched ? 'seckillAdmin.reports.matched' : 'seckillAdmin.reports.mismatched')}</Tag> },
          { title: c('createdAt'), dataIndex: 'createdAt' },
        ]}
      />
    </section>
  );
}
