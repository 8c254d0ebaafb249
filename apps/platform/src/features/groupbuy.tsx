// Group buys for staff (issue 29): every shop's activities by state, shop and name with their teams
// counted; one is viewed with its group prices and teams; an upcoming or running one is taken offline
// with a reason its shop sees (no new teams; open teams run to their end), and put back online while
// its window lasts. Decisions are audited.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Space, Table, Tag, Typography } from 'antd';
import { GroupActivityDetailSchema, GroupActivityRowPageSchema, GroupTeamRowPageSchema, type GroupActivityRow, type GroupListState, type GroupTeamRow } from '@bazaar/shared/schemas/group-admin';
import { GROUP_ACTIVITY_STATUS } from '@bazaar/shared/constants/group-admin';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { ListFilters, useListFilters } from '@bazaar/console-ui/list-filters.tsx';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { ShopIdFilter } from './shop-id-filter.tsx';
import { useCan } from '../lib/permissions.tsx';
import { ReasonDialog } from '../lib/reason-dialog.tsx';

const PAGE_SIZE = 10;
const TABS = ['running', 'upcoming', 'offline', 'ended', 'all'] as const satisfies readonly (GroupListState | 'all')[];
type Tab = (typeof TABS)[number];
const STATE_COLOR: Record<GroupListState, string> = { upcoming: 'blue', running: 'success', ended: 'default', offline: 'error' };
const TEAM_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'success', 3: 'error' };

function GroupDetailModal({ api, groupActivityId, onClose }: { api: ConsoleApi; groupActivityId: number; onClose: () => void }) {
  const { t, lang } = useI18n();
  const [teamPage, setTeamPage] = useState(1);
  const detail = useQuery({ queryKey: ['admin-group-activities', 'detail', groupActivityId, lang], queryFn: () => api(`/admin/group-activities/${groupActivityId}`, { lang, schema: GroupActivityDetailSchema }) });
  const teams = useQuery({
    queryKey: ['admin-group-activities', 'teams', groupActivityId, teamPage, lang],
    queryFn: () => api(`/admin/group-activities/${groupActivityId}/teams`, { lang, query: { current: teamPage, size: PAGE_SIZE }, schema: GroupTeamRowPageSchema }),
    placeholderData: keepPreviousData,
  });
  const d = detail.data;
  const name = d ? (lang === 'en' && d.nameEn ? d.nameEn : d.nameZh) : '';
  return (
    <Modal open title={t('groupbuyPlatform.detail.title', { name })} onCancel={onClose} footer={<Button onClick={onClose}>{t('groupbuyPlatform.detail.close')}</Button>} width={860}>
      {detail.error || teams.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(detail.error ?? teams.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {d ? (
        <>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('groupbuyPlatform.detail.product')}>{d.prodName}</Descriptions.Item>
            <Descriptions.Item label={t('groupbuyPlatform.detail.shop')}>{`${d.shopName} (#${d.shopId})`}</Descriptions.Item>
            <Descriptions.Item label={t('groupbuyPlatform.detail.time')}>
              {d.startTime} – {d.endTime}
            </Descriptions.Item>
            <Descriptions.Item label={t('groupbuyPlatform.detail.rules')}>
              {t('groupbuyPlatform.teamOf', { n: d.groupNumber })} · {t('groupbuyPlatform.hours', { n: d.validHours })} · {d.hasMaxNum && d.maxNum !== null ? t('groupbuyPlatform.limitPieces', { n: d.maxNum }) : t('groupbuyPlatform.unlimited')}
              {d.hasRobot ? ` · ${t('groupbuyPlatform.robots')}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('groupbuyPlatform.columns.counts')} span={2}>
              {t('groupbuyPlatform.counts', { teams: d.counts.teamNum, grouping: d.counts.groupingNum, success: d.counts.successNum, failed: d.counts.failedNum, orders: d.counts.orderNum })}
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="groupSkuId"
            size="small"
            pagination={false}
            dataSource={d.skus}
            style={{ marginBottom: 16 }}
            columns={[
              { title: t('groupbuyPlatform.detail.sku'), dataIndex: 'skuName' },
              { title: t('groupbuyPlatform.detail.price'), render: (_v, s) => yuan(s.price) },
              { title: t('groupbuyPlatform.detail.actPrice'), render: (_v, s) => yuan(s.actPrice) },
              { title: t('groupbuyPlatform.detail.sellNum'), dataIndex: 'sellNum' },
            ]}
          />
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('groupbuyPlatform.teams.title')}
          </Typography.Title>
          <Table<GroupTeamRow>
            rowKey="groupTeamId"
            size="small"
            dataSource={teams.data?.records ?? []}
            locale={{ emptyText: <Typography.Text type="secondary">{t('groupbuyPlatform.teams.empty')}</Typography.Text> }}
            pagination={{ current: teamPage, pageSize: PAGE_SIZE, total: teams.data?.total ?? 0, onChange: setTeamPage, showSizeChanger: false }}
            columns={[
              { title: t('groupbuyPlatform.teams.id'), dataIndex: 'groupTeamId' },
              { title: t('groupbuyPlatform.teams.status'), render: (_v, r) => <Tag color={TEAM_COLOR[r.status]}>{t(`groupbuyPlatform.teams.state.${r.status}`)}</Tag> },
              { title: t('groupbuyPlatform.teams.joined'), render: (_v, r) => `${r.joinNum} / ${r.groupNumber}` },
              { title: t('groupbuyPlatform.teams.end'), render: (_v, r) => r.endTime ?? '—' },
              {
                title: t('groupbuyPlatform.teams.members'),
                render: (_v, r) => (
                  <span data-testid={`admin-group-team-${r.groupTeamId}`}>
                    {r.members.map((m) => (m.robot ? t('groupbuyPlatform.teams.robot') : m.leader ? t('groupbuyPlatform.teams.leaderName', { name: m.nickName }) : m.nickName)).join(', ')}
                  </span>
                ),
              },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}

/** Every shop's group buys, with take offline and put back online. */
export function GroupBuyPage({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const can = useCan();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const filters = useListFilters<Tab>('running');
  const { tab, keyword, current } = filters;
  const [shopId, setShopId] = useState<number | null>(null);
  const [offlining, setOfflining] = useState<GroupActivityRow | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['admin-group-activities', lang, tab, keyword, shopId, current],
    queryFn: () => api('/admin/group-activities', { lang, query: { state: tab === 'all' ? undefined : tab, name: keyword || undefined, shopId: shopId ?? undefined, current, size: PAGE_SIZE }, schema: GroupActivityRowPageSchema }),
    placeholderData: keepPreviousData,
  });
  const settled = async () => {
    await client.invalidateQueries({ queryKey: ['admin-group-activities'] });
    await client.invalidateQueries({ queryKey: ['audit'] });
  };
  const offline = useMutation({
    mutationFn: (input: { id: number; reason: string }) => api(`/admin/group-activities/${input.id}/offline`, { lang, method: 'POST', body: { reason: input.reason } }),
    onSuccess: () => {
      void message.success(t('groupbuyPlatform.tookOffline'));
      setOfflining(null);
    },
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: settled,
  });
  const online = useMutation({
    mutationFn: (id: number) => api(`/admin/group-activities/${id}/online`, { lang, method: 'POST' }),
    onSuccess: () => void message.success(t('groupbuyPlatform.putOnline')),
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: settled,
  });
  const nameOf = (r: GroupActivityRow) => (lang === 'en' && r.nameEn ? r.nameEn : r.nameZh);
  const mayDecide = can('groupbuy.manage');
  const confirmOnline = (r: GroupActivityRow) =>
    modal.confirm({
      title: t('groupbuyPlatform.onlineConfirm', { name: nameOf(r) }),
      content: t('groupbuyPlatform.onlineHint'),
      okText: t('groupbuyPlatform.online'),
      cancelText: t('groupbuyPlatform.cancel'),
      onOk: () => online.mutateAsync(r.groupActivityId).catch(() => undefined),
    });

  return (
    <section aria-labelledby="platform-groupbuy-title">
      <Typography.Title level={2} id="platform-groupbuy-title" style={{ fontSize: 20 }}>
        {t('groupbuyPlatform.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('groupbuyPlatform.intro')}</Typography.Paragraph>
      <ListFilters prefix="groupbuyPlatform" tabs={TABS} filters={filters}>
        <ShopIdFilter
          label={t('groupbuyPlatform.shop')}
          placeholder={t('groupbuyPlatform.shopPlaceholder')}
          value={shopId}
          onChange={(id) => {
            setShopId(id);
            filters.setCurrent(1);
          }}
        />
      </ListFilters>
      <PagedTable<GroupActivityRow>
        rowKey="groupActivityId"
        list={list}
        loading={list.isFetching && !list.data}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={filters.setCurrent}
        empty={t('groupbuyPlatform.empty')}
        total={(total) => t('groupbuyPlatform.total', { total })}
        columns={[
          {
            title: t('groupbuyPlatform.columns.name'),
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{nameOf(r)}</Typography.Text>
                <Typography.Text type="secondary">{r.prodName}</Typography.Text>
                {r.listState === 'offline' && r.offlineReason ? <Typography.Text type="danger">{t('groupbuyPlatform.offlineReason', { reason: r.offlineReason })}</Typography.Text> : null}
              </Space>
            ),
          },
          { title: t('groupbuyPlatform.columns.shop'), render: (_v, r) => `${r.shopName} (#${r.shopId})` },
          { title: t('groupbuyPlatform.columns.time'), render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.startTime}<br />{r.endTime}</span> },
          { title: t('groupbuyPlatform.columns.price'), render: (_v, r) => t('groupbuyPlatform.priceFrom', { price: yuan(r.minActPrice) }) },
          { title: t('groupbuyPlatform.columns.rules'), render: (_v, r) => `${t('groupbuyPlatform.teamOf', { n: r.groupNumber })} · ${t('groupbuyPlatform.hours', { n: r.validHours })}` },
          {
            title: t('groupbuyPlatform.columns.counts'),
            render: (_v, r) => (
              <span data-testid={`admin-group-counts-${r.groupActivityId}`}>
                {t('groupbuyPlatform.counts', { teams: r.counts.teamNum, grouping: r.counts.groupingNum, success: r.counts.successNum, failed: r.counts.failedNum, orders: r.counts.orderNum })}
              </span>
            ),
          },
          { title: t('groupbuyPlatform.columns.state'), render: (_v, r) => <Tag color={STATE_COLOR[r.listState]}>{t(`groupbuyPlatform.state.${r.listState}`)}</Tag> },
          {
            title: t('groupbuyPlatform.columns.actions'),
            render: (_v, r) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setViewing(r.groupActivityId)} aria-label={t('groupbuyPlatform.viewOn', { name: nameOf(r) })}>
                  {t('groupbuyPlatform.view')}
                </Button>
                {mayDecide && (r.listState === 'upcoming' || r.listState === 'running') ? (
                  <Button size="small" danger onClick={() => setOfflining(r)} aria-label={t('groupbuyPlatform.offlineOn', { name: nameOf(r) })}>
                    {t('groupbuyPlatform.offline')}
                  </Button>
                ) : null}
                {mayDecide && r.status === GROUP_ACTIVITY_STATUS.offline ? (
                  <Button size="small" loading={online.isPending && online.variables === r.groupActivityId} onClick={() => confirmOnline(r)} aria-label={t('groupbuyPlatform.onlineOn', { name: nameOf(r) })}>
                    {t('groupbuyPlatform.online')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <ReasonDialog
        open={offlining !== null}
        title={t('groupbuyPlatform.offlineDialog.title', { name: offlining ? nameOf(offlining) : '' })}
        okText={t('groupbuyPlatform.offlineDialog.ok')}
        hint={t('groupbuyPlatform.offlineDialog.hint')}
        label={t('groupbuyPlatform.offlineDialog.label')}
        placeholder={t('groupbuyPlatform.offlineDialog.placeholder')}
        requiredMessage={t('groupbuyPlatform.offlineDialog.required')}
        pending={offline.isPending}
        onCancel={() => setOfflining(null)}
        onSubmit={(reason) => {
          if (offlining) offline.mutate({ id: offlining.groupActivityId, reason });
        }}
      />
      {viewing !== null ? <GroupDetailModal api={api} groupActivityId={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
