// The shop's flash sales (issue 27, decision 062): a list by state with each activity's sales, its
// detail with the counts refreshed live while it runs, and ending one early.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Input, Space, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { SECKILL_LIST_STATES, SeckillCountsSchema, SeckillRowDetailSchema, SeckillRowPageSchema, type SeckillListState, type SeckillRow } from '@bazaar/shared/schemas/seckill';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { useI18n } from '../lib/i18n.tsx';

const PAGE_SIZE = 10;
/** How often an open activity's counts are read again. */
export const SECKILL_COUNTS_REFRESH_MS = 5_000;
const TABS = ['all', ...SECKILL_LIST_STATES] as const;
type Tab = (typeof TABS)[number];

export const SECKILL_STATE_COLOR: Record<SeckillListState, string> = { pending: 'warning', rejected: 'error', upcoming: 'processing', running: 'success', ended: 'default', offline: 'error' };
const canEnd = (row: SeckillRow) => row.listState === 'pending' || row.listState === 'upcoming' || row.listState === 'running';

function useEnd(api: ConsoleApi, onEnded?: () => void) {
  const { t, lang } = useI18n();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: (id: number) => api(`/merchant/seckills/${id}/end`, { lang, method: 'POST' }),
    onSuccess: () => {
      void message.success(t('seckill.ended'));
      onEnded?.();
    },
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: () => client.invalidateQueries({ queryKey: ['seckills'] }),
  });
  return (row: { seckillId: number }, name: string) =>
    modal.confirm({
      title: t('seckill.endConfirm', { name }),
      content: t('seckill.endHint'),
      okText: t('seckill.endOk'),
      cancelText: t('seckill.cancel'),
      okButtonProps: { danger: true },
      onOk: () => end.mutateAsync(row.seckillId).catch(() => undefined),
    });
}

function Reason({ row }: { row: SeckillRow }) {
  const { t } = useI18n();
  if (row.listState === 'rejected' && row.auditReason) return <Typography.Text type="danger">{t('seckill.rejectedReason', { reason: row.auditReason })}</Typography.Text>;
  if (row.listState === 'offline' && row.offlineReason) return <Typography.Text type="danger">{t('seckill.offlineReason', { reason: row.offlineReason })}</Typography.Text>;
  return null;
}

/** The shop's flash sales by state and product name, with their sales; create, view, end early. */
export function SeckillsPage({ api, onOpen, onCreate }: { api: ConsoleApi; onOpen: (id: number) => void; onCreate: () => void }) {
  const { t, lang } = useI18n();
  const [tab, setTab] = useState<Tab>('all');
  const [typed, setTyped] = useState('');
  const [prodName, setProdName] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: ['seckills', lang, tab, prodName, current],
    queryFn: () => api('/merchant/seckills', { lang, query: { state: tab === 'all' ? undefined : tab, prodName: prodName || undefined, current, size: PAGE_SIZE }, schema: SeckillRowPageSchema }),
    placeholderData: keepPreviousData,
    // Sales move while an activity runs.
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.listState === 'running') ? SECKILL_COUNTS_REFRESH_MS : false),
  });
  const confirmEnd = useEnd(api);
  const nameOf = (r: SeckillRow) => (lang === 'en' && r.nameEn ? r.nameEn : r.nameZh);
  const search = () => {
    setProdName(typed.trim());
    setCurrent(1);
  };
  return (
    <section aria-labelledby="seckills-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id="seckills-title" style={{ fontSize: 20 }}>
          {t('seckill.title')}
        </Typography.Title>
        <Button type="primary" onClick={onCreate}>
          {t('seckill.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('seckill.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setCurrent(1);
        }}
        items={TABS.map((key) => ({ key, label: t(`seckill.tabs.${key}`) }))}
      />
      <Space.Compact style={{ marginBottom: 16, maxWidth: 420, width: '100%' }}>
        <Input aria-label={t('seckill.search')} placeholder={t('seckill.search')} value={typed} maxLength={50} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} />
        <Button onClick={search}>{t('seckill.searchButton')}</Button>
      </Space.Compact>
      {list.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(list.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      <Table<SeckillRow>
        rowKey="seckillId"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('seckill.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('seckill.total', { total }) }}
        columns={[
          {
            title: t('seckill.columns.name'),
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{nameOf(r)}</Typography.Text>
                <Typography.Text type="secondary">{r.prodName}</Typography.Text>
                <Reason row={r} />
              </Space>
            ),
          },
          { title: t('seckill.columns.time'), render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.startTime}<br />{r.endTime}</span> },
          { title: t('seckill.columns.price'), render: (_v, r) => t('seckill.priceFrom', { price: yuan(r.minSeckillPrice) }) },
          { title: t('seckill.columns.limit'), render: (_v, r) => (r.maxNum === -1 ? t('seckill.unlimited') : t('seckill.limitPieces', { n: r.maxNum })) },
          {
            title: t('seckill.columns.counts'),
            render: (_v, r) => (
              <span data-testid={`seckill-counts-${r.seckillId}`}>
                {t('seckill.counts', { sold: r.counts.soldNum, paid: r.counts.paidNum, cancelled: r.counts.cancelledNum })}
                <br />
                {t('seckill.stock', { left: r.counts.stocksLeft, total: r.counts.totalStocks })}
              </span>
            ),
          },
          { title: t('seckill.columns.state'), render: (_v, r) => <Tag color={SECKILL_STATE_COLOR[r.listState]}>{t(`seckill.state.${r.listState}`)}</Tag> },
          {
            title: t('seckill.columns.actions'),
            render: (_v, r) => (
              <Space size={4}>
                <Button size="small" onClick={() => onOpen(r.seckillId)} aria-label={t('seckill.actionOn', { action: t('seckill.view'), name: nameOf(r) })}>
                  {t('seckill.view')}
                </Button>
                {canEnd(r) ? (
                  <Button size="small" danger onClick={() => confirmEnd(r, nameOf(r))} aria-label={t('seckill.actionOn', { action: t('seckill.end'), name: nameOf(r) })}>
                    {t('seckill.end')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </section>
  );
}

/** One activity: its product, window, rules and SKUs, with the counts read again every few seconds while it can still sell. */
export function SeckillDetailPage({ api, seckillId, onBack }: { api: ConsoleApi; seckillId: number; onBack: () => void }) {
  const { t, lang } = useI18n();
  const detail = useQuery({ queryKey: ['seckills', 'detail', seckillId, lang], queryFn: () => api(`/merchant/seckills/${seckillId}`, { lang, schema: SeckillRowDetailSchema }) });
  const live = detail.data ? canEnd(detail.data) || detail.data.counts.queuedNum > 0 : false;
  const counts = useQuery({
    queryKey: ['seckills', 'counts', seckillId],
    queryFn: () => api(`/merchant/seckills/${seckillId}/counts`, { lang, schema: SeckillCountsSchema }),
    enabled: live,
    refetchInterval: live ? SECKILL_COUNTS_REFRESH_MS : false,
  });
  const confirmEnd = useEnd(api);
  if (detail.error) {
    return (
      <section aria-labelledby="seckill-detail-title">
        <Typography.Title level={2} id="seckill-detail-title" style={{ fontSize: 20 }}>
          {t('seckill.title')}
        </Typography.Title>
        <Typography.Paragraph type="danger" role="alert">
          {errorText(detail.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
        <Button onClick={onBack}>{t('seckill.detail.back')}</Button>
      </section>
    );
  }
  const d = detail.data;
  const name = d ? (lang === 'en' && d.nameEn ? d.nameEn : d.nameZh) : '';
  const c = counts.data ?? d?.counts;
  const pieces = (n: number) => t('seckill.detail.pieces', { n });
  return (
    <section aria-labelledby="seckill-detail-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id="seckill-detail-title" style={{ fontSize: 20 }}>
          {t('seckill.detail.title', { name })}
        </Typography.Title>
        <Space>
          {d && canEnd(d) ? (
            <Button danger onClick={() => confirmEnd(d, name)}>
              {t('seckill.end')}
            </Button>
          ) : null}
          <Button onClick={onBack}>{t('seckill.detail.back')}</Button>
        </Space>
      </Space>
      {d ? (
        <>
          <Space style={{ marginBottom: 16 }}>
            <Tag color={SECKILL_STATE_COLOR[d.listState]} data-testid="seckill-state">
              {t(`seckill.state.${d.listState}`)}
            </Tag>
            <Reason row={d} />
          </Space>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 24 }}>
            <Descriptions.Item label={t('seckill.detail.product')}>{d.prodName}</Descriptions.Item>
            <Descriptions.Item label={t('seckill.detail.time')}>
              {d.startTime} – {d.endTime}
            </Descriptions.Item>
            <Descriptions.Item label={t('seckill.detail.limit')}>{d.maxNum === -1 ? t('seckill.unlimited') : t('seckill.limitPieces', { n: d.maxNum })}</Descriptions.Item>
            <Descriptions.Item label={t('seckill.detail.cancelTime')}>{t('seckill.detail.minutes', { n: d.maxCancelTime })}</Descriptions.Item>
          </Descriptions>
          {c ? (
            <section aria-label={t('seckill.detail.live')} data-testid="seckill-live-counts" style={{ marginBottom: 24 }}>
              <Typography.Paragraph type="secondary">{live ? t('seckill.detail.live') : null}</Typography.Paragraph>
              <Space size="large" wrap>
                <Statistic title={t('seckill.detail.totalStocks')} value={pieces(c.totalStocks)} />
                <Statistic title={t('seckill.detail.stocksLeft')} value={pieces(c.stocksLeft)} />
                <Statistic title={t('seckill.detail.sold')} value={pieces(c.soldNum)} />
                <Statistic title={t('seckill.detail.unpaid')} value={pieces(c.unpaidNum)} />
                <Statistic title={t('seckill.detail.paid')} value={pieces(c.paidNum)} />
                <Statistic title={t('seckill.detail.cancelled')} value={pieces(c.cancelledNum)} />
              </Space>
            </section>
          ) : null}
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('seckill.detail.skus')}
          </Typography.Title>
          <Table
            rowKey="seckillSkuId"
            size="small"
            pagination={false}
            dataSource={d.skus}
            columns={[
              { title: t('seckill.detail.sku'), dataIndex: 'skuName' },
              { title: t('seckill.detail.price'), render: (_v, s) => yuan(s.price) },
              { title: t('seckill.detail.seckillPrice'), render: (_v, s) => yuan(s.seckillPrice) },
              { title: t('seckill.detail.skuTotal'), dataIndex: 'totalStocks' },
              { title: t('seckill.detail.skuLeft'), dataIndex: 'seckillStocks' },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
