// Flash sales for staff (issue 27, decision 062): every shop's activities by state, shop and product
// name with their sales; a pending one is approved, or rejected with a reason its shop sees (its
// flash stock goes back); an approved one that has not ended is taken offline with a reason. The
// day's sessions and the reconciliation reports are the page's other sections. Decisions are audited.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { SeckillRowDetailSchema, SeckillRowPageSchema, type SeckillListState, type SeckillRow } from '@bazaar/shared/schemas/seckill';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { ListFilters, useListFilters } from '@bazaar/console-ui/list-filters.tsx';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';
import { SeckillSkuTable } from '@bazaar/console-ui/seckill-sku-table.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { ShopIdFilter } from './shop-id-filter.tsx';
import { useCan } from '../lib/permissions.tsx';
import { ReasonDialog } from '../lib/reason-dialog.tsx';
import { SeckillSessionsSection } from './seckill-sessions.tsx';
import { SeckillReportsSection } from './seckill-reports.tsx';

const PAGE_SIZE = 10;
/** How often the list is read again while an activity on it runs. */
const REFRESH_MS = 5_000;
const TABS = ['pending', 'upcoming', 'running', 'ended', 'rejected', 'offline', 'all'] as const satisfies readonly (SeckillListState | 'all')[];
type Tab = (typeof TABS)[number];
const STATE_COLOR: Record<SeckillListState, string> = { pending: 'warning', rejected: 'error', upcoming: 'processing', running: 'success', ended: 'default', offline: 'error' };

type Decision = { kind: 'reject' | 'offline'; row: SeckillRow };

function SeckillDetailModal({ api, seckillId, onClose }: { api: ConsoleApi; seckillId: number; onClose: () => void }) {
  const { t, lang } = useI18n();
  const detail = useQuery({ queryKey: ['admin-seckills', 'detail', seckillId, lang], queryFn: () => api(`/admin/seckills/${seckillId}`, { lang, schema: SeckillRowDetailSchema }) });
  const d = detail.data;
  const name = d ? (lang === 'en' && d.nameEn ? d.nameEn : d.nameZh) : '';
  return (
    <Modal open title={t('seckillAdmin.detail.title', { name })} onCancel={onClose} footer={<Button onClick={onClose}>{t('seckillAdmin.detail.close')}</Button>} width={760}>
      {detail.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(detail.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {d ? (
        <>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('seckillAdmin.detail.product')}>{d.prodName}</Descriptions.Item>
            <Descriptions.Item label={t('seckillAdmin.detail.shop')}>{`${d.shopName} (#${d.shopId})`}</Descriptions.Item>
            <Descriptions.Item label={t('seckillAdmin.detail.time')}>
              {d.startTime} – {d.endTime}
            </Descriptions.Item>
            <Descriptions.Item label={t('seckillAdmin.detail.limit')}>{d.maxNum === -1 ? t('seckillAdmin.unlimited') : t('seckillAdmin.limitPieces', { n: d.maxNum })}</Descriptions.Item>
            <Descriptions.Item label={t('seckillAdmin.detail.cancel')}>{t('seckillAdmin.detail.minutes', { n: d.maxCancelTime })}</Descriptions.Item>
            <Descriptions.Item label={t('seckillAdmin.columns.counts')}>{t('seckillAdmin.counts', { sold: d.counts.soldNum, paid: d.counts.paidNum, cancelled: d.counts.cancelledNum })}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('seckillAdmin.detail.skus')}
          </Typography.Title>
          <SeckillSkuTable skus={d.skus} titles={{ sku: t('seckillAdmin.detail.sku'), price: t('seckillAdmin.detail.price'), seckillPrice: t('seckillAdmin.detail.seckillPrice'), total: t('seckillAdmin.detail.totalStocks'), left: t('seckillAdmin.detail.stocksLeft') }} />
        </>
      ) : null}
    </Modal>
  );
}

/** Every shop's flash sales, with the review and take-offline decisions. */
export function SeckillActivitiesSection({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const filters = useListFilters<Tab>('pending');
  const { tab, keyword, current } = filters;
  const [shopId, setShopId] = useState<number | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['admin-seckills', lang, tab, keyword, shopId, current],
    queryFn: () => api('/admin/seckills', { lang, query: { state: tab === 'all' ? undefined : tab, prodName: keyword || undefined, shopId: shopId ?? undefined, current, size: PAGE_SIZE }, schema: SeckillRowPageSchema }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.listState === 'running') ? REFRESH_MS : false),
  });
  const settled = async () => {
    await client.invalidateQueries({ queryKey: ['admin-seckills'] });
    await client.invalidateQueries({ queryKey: ['audit'] });
  };
  const review = useMutation({
    mutationFn: (input: { id: number; approve: boolean; reason?: string }) => api(`/admin/seckills/${input.id}/review`, { lang, method: 'POST', body: { approve: input.approve, reason: input.reason ?? '' } }),
    onSuccess: (_v, input) => {
      void message.success(t(input.approve ? 'seckillAdmin.approved' : 'seckillAdmin.rejected'));
      setDecision(null);
    },
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: settled,
  });
  const offline = useMutation({
    mutationFn: (input: { id: number; reason: string }) => api(`/admin/seckills/${input.id}/offline`, { lang, method: 'POST', body: { reason: input.reason } }),
    onSuccess: () => {
      void message.success(t('seckillAdmin.tookOffline'));
      setDecision(null);
    },
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: settled,
  });
  const nameOf = (r: SeckillRow) => (lang === 'en' && r.nameEn ? r.nameEn : r.nameZh);
  const mayDecide = can('seckill.manage');
  const dialog = decision?.kind === 'offline' ? 'seckillAdmin.offlineDialog' : 'seckillAdmin.rejectDialog';

  return (
    <>
      <ListFilters prefix="seckillAdmin" tabs={TABS} filters={filters}>
        <ShopIdFilter
          label={t('seckillAdmin.shop')}
          placeholder={t('seckillAdmin.shopPlaceholder')}
          value={shopId}
          onChange={(id) => {
            setShopId(id);
            filters.setCurrent(1);
          }}
        />
      </ListFilters>
      <PagedTable<SeckillRow>
        rowKey="seckillId"
        list={list}
        loading={list.isFetching && !list.data}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={filters.setCurrent}
        empty={t('seckillAdmin.empty')}
        total={(total) => t('seckillAdmin.total', { total })}
        columns={[
          {
            title: t('seckillAdmin.columns.name'),
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{nameOf(r)}</Typography.Text>
                <Typography.Text type="secondary">{r.prodName}</Typography.Text>
                {r.listState === 'rejected' && r.auditReason ? <Typography.Text type="danger">{t('seckillAdmin.rejectedReason', { reason: r.auditReason })}</Typography.Text> : null}
                {r.listState === 'offline' && r.offlineReason ? <Typography.Text type="danger">{t('seckillAdmin.offlineReason', { reason: r.offlineReason })}</Typography.Text> : null}
              </Space>
            ),
          },
          { title: t('seckillAdmin.columns.shop'), render: (_v, r) => `${r.shopName} (#${r.shopId})` },
          { title: t('seckillAdmin.columns.time'), render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.startTime}<br />{r.endTime}</span> },
          { title: t('seckillAdmin.columns.price'), render: (_v, r) => t('seckillAdmin.priceFrom', { price: yuan(r.minSeckillPrice) }) },
          {
            title: t('seckillAdmin.columns.limit'),
            render: (_v, r) => (
              <>
                {r.maxNum === -1 ? t('seckillAdmin.unlimited') : t('seckillAdmin.limitPieces', { n: r.maxNum })}
                <br />
                <Typography.Text type="secondary">{t('seckillAdmin.cancelMinutes', { n: r.maxCancelTime })}</Typography.Text>
              </>
            ),
          },
          {
            title: t('seckillAdmin.columns.counts'),
            render: (_v, r) => (
              <span data-testid={`admin-seckill-counts-${r.seckillId}`}>
                {t('seckillAdmin.counts', { sold: r.counts.soldNum, paid: r.counts.paidNum, cancelled: r.counts.cancelledNum })}
                <br />
                {t('seckillAdmin.stock', { left: r.counts.stocksLeft, total: r.counts.totalStocks })}
              </span>
            ),
          },
          { title: t('seckillAdmin.columns.state'), render: (_v, r) => <Tag color={STATE_COLOR[r.listState]}>{t(`seckillAdmin.state.${r.listState}`)}</Tag> },
          {
            title: t('seckillAdmin.columns.actions'),
            render: (_v, r) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setViewing(r.seckillId)} aria-label={t('seckillAdmin.viewOn', { name: nameOf(r) })}>
                  {t('seckillAdmin.view')}
                </Button>
                {mayDecide && r.listState === 'pending' ? (
                  <>
                    <Button size="small" type="primary" loading={review.isPending && review.variables?.id === r.seckillId} onClick={() => review.mutate({ id: r.seckillId, approve: true })} aria-label={t('seckillAdmin.approveOn', { name: nameOf(r) })}>
                      {t('seckillAdmin.approve')}
                    </Button>
                    <Button size="small" danger onClick={() => setDecision({ kind: 'reject', row: r })} aria-label={t('seckillAdmin.rejectOn', { name: nameOf(r) })}>
                      {t('seckillAdmin.reject')}
                    </Button>
                  </>
                ) : null}
                {mayDecide && (r.listState === 'upcoming' || r.listState === 'running') ? (
                  <Button size="small" danger onClick={() => setDecision({ kind: 'offline', row: r })} aria-label={t('seckillAdmin.offlineOn', { name: nameOf(r) })}>
                    {t('seckillAdmin.offline')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <ReasonDialog
        open={decision !== null}
        title={t(`${dialog}.title`, { name: decision ? nameOf(decision.row) : '' })}
        okText={t(`${dialog}.ok`)}
        hint={t(`${dialog}.hint`)}
        label={t(`${dialog}.label`)}
        placeholder={t(`${dialog}.placeholder`)}
        requiredMessage={t(`${dialog}.required`)}
        pending={review.isPending || offline.isPending}
        onCancel={() => setDecision(null)}
        onSubmit={(reason) => {
          if (!decision) return;
          if (decision.kind === 'offline') offline.mutate({ id: decision.row.seckillId, reason });
          else review.mutate({ id: decision.row.seckillId, approve: false, reason });
        }}
      />
      {viewing !== null ? <SeckillDetailModal api={api} seckillId={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

const SECTIONS = ['activities', 'sessions', 'reports'] as const;

/** The platform's flash-sale page: the review queue, the day's sessions and the reconciliation reports. */
export function SeckillPage({ api }: { api: ConsoleApi }) {
  const { t } = useI18n();
  const [section, setSection] = useState<(typeof SECTIONS)[number]>('activities');
  return (
    <section aria-labelledby="platform-seckill-title">
      <Typography.Title level={2} id="platform-seckill-title" style={{ fontSize: 20 }}>
        {t('seckillAdmin.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('seckillAdmin.intro')}</Typography.Paragraph>
      <Tabs
        type="card"
        activeKey={section}
        onChange={(key) => setSection(key as (typeof SECTIONS)[number])}
        items={SECTIONS.map((key) => ({ key, label: t(`seckillAdmin.sections.${key}`) }))}
      />
      {section === 'activities' ? <SeckillActivitiesSection api={api} /> : section === 'sessions' ? <SeckillSessionsSection api={api} /> : <SeckillReportsSection api={api} />}
    </section>
  );
}
