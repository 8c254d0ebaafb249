// The shop's flash sales (issue 27, decision 062): a list by state with each activity's sales, its
// detail with the counts refreshed live while it runs, and ending one early.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Space, Statistic, Tag, Typography } from 'antd';
import { SECKILL_LIST_STATES, SeckillCountsSchema, SeckillRowDetailSchema, SeckillRowPageSchema, type SeckillListState, type SeckillRow } from '@bazaar/shared/schemas/seckill';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { ListFilters, useListFilters } from '@bazaar/console-ui/list-filters.tsx';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';
import { SeckillSkuTable } from '@bazaar/console-ui/seckill-sku-table.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { ActivityDetailFrame, PlatformReason, useEndActivity, type ActivityKind } from './activity-frame.tsx';

const PAGE_SIZE = 10;
/** How often an open activity's counts are read again. */
export const SECKILL_COUNTS_REFRESH_MS = 5_000;
const TABS = ['all', ...SECKILL_LIST_STATES] as const;
type Tab = (typeof TABS)[number];

export const SECKILL_STATE_COLOR: Record<SeckillListState, string> = { pending: 'warning', rejected: 'error', upcoming: 'processing', running: 'success', ended: 'default', offline: 'error' };
const canEnd = (row: SeckillRow) => row.listState === 'pending' || row.listState === 'upcoming' || row.listState === 'running';

const KIND: ActivityKind = { path: '/merchant/seckills', queryKey: 'seckills', prefix: 'seckill' };

/** The shop's flash sales by state and product name, with their sales; create, view, end early. */
export function SeckillsPage({ api, onOpen, onCreate }: { api: ConsoleApi; onOpen: (id: number) => void; onCreate: () => void }) {
  const { t, lang } = useI18n();
  const filters = useListFilters<Tab>('all');
  const { tab, keyword, current } = filters;
  const list = useQuery({
    queryKey: [KIND.queryKey, lang, tab, keyword, current],
    queryFn: () => api(KIND.path, { lang, query: { state: tab === 'all' ? undefined : tab, prodName: keyword || undefined, current, size: PAGE_SIZE }, schema: SeckillRowPageSchema }),
    placeholderData: keepPreviousData,
    // Sales move while an activity runs.
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.listState === 'running') ? SECKILL_COUNTS_REFRESH_MS : false),
  });
  const confirmEnd = useEndActivity(api, KIND);
  const nameOf = (r: SeckillRow) => (lang === 'en' && r.nameEn ? r.nameEn : r.nameZh);
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
      <ListFilters prefix="seckill" tabs={TABS} filters={filters} />
      <PagedTable<SeckillRow>
        rowKey="seckillId"
        list={list}
        loading={list.isFetching && !list.data}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={filters.setCurrent}
        empty={t('seckill.empty')}
        total={(total) => t('seckill.total', { total })}
        columns={[
          {
            title: t('seckill.columns.name'),
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{nameOf(r)}</Typography.Text>
                <Typography.Text type="secondary">{r.prodName}</Typography.Text>
                <PlatformReason prefix="seckill" row={r} />
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
                  <Button size="small" danger onClick={() => confirmEnd(r.seckillId, nameOf(r))} aria-label={t('seckill.actionOn', { action: t('seckill.end'), name: nameOf(r) })}>
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
  const detail = useQuery({ queryKey: [KIND.queryKey, 'detail', seckillId, lang], queryFn: () => api(`${KIND.path}/${seckillId}`, { lang, schema: SeckillRowDetailSchema }) });
  const live = detail.data ? canEnd(detail.data) || detail.data.counts.queuedNum > 0 : false;
  const counts = useQuery({
    queryKey: [KIND.queryKey, 'counts', seckillId],
    queryFn: () => api(`${KIND.path}/${seckillId}/counts`, { lang, schema: SeckillCountsSchema }),
    enabled: live,
    refetchInterval: live ? SECKILL_COUNTS_REFRESH_MS : false,
  });
  const pieces = (n: number) => t('seckill.detail.pieces', { n });
  return (
    <ActivityDetailFrame api={api} kind={KIND} detail={detail} id={seckillId} canEnd={canEnd} stateColor={SECKILL_STATE_COLOR} onBack={onBack}>
      {(d) => {
        const c = counts.data ?? d.counts;
        return (
          <>
            <Descriptions bordered size="small" column={2} style={{ marginBottom: 24 }}>
              <Descriptions.Item label={t('seckill.detail.product')}>{d.prodName}</Descriptions.Item>
              <Descriptions.Item label={t('seckill.detail.time')}>
                {d.startTime} – {d.endTime}
              </Descriptions.Item>
              <Descriptions.Item label={t('seckill.detail.limit')}>{d.maxNum === -1 ? t('seckill.unlimited') : t('seckill.limitPieces', { n: d.maxNum })}</Descriptions.Item>
              <Descriptions.Item label={t('seckill.detail.cancelTime')}>{t('seckill.detail.minutes', { n: d.maxCancelTime })}</Descriptions.Item>
            </Descriptions>
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
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('seckill.detail.skus')}
            </Typography.Title>
            <SeckillSkuTable skus={d.skus} titles={{ sku: t('seckill.detail.sku'), price: t('seckill.detail.price'), seckillPrice: t('seckill.detail.seckillPrice'), total: t('seckill.detail.skuTotal'), left: t('seckill.detail.skuLeft') }} />
          </>
        );
      }}
    </ActivityDetailFrame>
  );
}
