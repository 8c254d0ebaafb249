// The shop's group buys (issue 29): a list by state with each activity's teams counted, its detail
// with the group prices and the teams with their members, and ending one early (open teams finish by
// their own expiry).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Space, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { GROUP_LIST_STATES, GroupActivityDetailSchema, GroupActivityRowPageSchema, GroupTeamRowPageSchema, type GroupActivityRow, type GroupListState, type GroupTeamRow } from '@bazaar/shared/schemas/group-admin';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { ListFilters, useListFilters } from '@bazaar/console-ui/list-filters.tsx';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { ActivityDetailFrame, PlatformReason, useEndActivity, type ActivityKind } from './activity-frame.tsx';

const PAGE_SIZE = 10;
const TABS = ['all', ...GROUP_LIST_STATES] as const;
type Tab = (typeof TABS)[number];
const TEAM_TABS = ['all', '1', '2', '3', '0'] as const;

export const GROUP_STATE_COLOR: Record<GroupListState, string> = { upcoming: 'blue', running: 'success', ended: 'default', offline: 'error' };
const TEAM_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'success', 3: 'error' };
// One the platform took offline is not the shop's to end (the server refuses it too; QA2 item 8).
const canEnd = (row: GroupActivityRow) => row.listState === 'upcoming' || row.listState === 'running';

const KIND: ActivityKind = { path: '/merchant/group-activities', queryKey: 'group-activities', prefix: 'groupbuy' };

/** The shop's group buys by state and name, with their teams counted; create, view, end early. */
export function GroupActivitiesPage({ api, onOpen, onCreate }: { api: ConsoleApi; onOpen: (id: number) => void; onCreate: () => void }) {
  const { t, lang } = useI18n();
  const filters = useListFilters<Tab>('all');
  const { tab, keyword, current } = filters;
  const list = useQuery({
    queryKey: [KIND.queryKey, lang, tab, keyword, current],
    queryFn: () => api(KIND.path, { lang, query: { state: tab === 'all' ? undefined : tab, name: keyword || undefined, current, size: PAGE_SIZE }, schema: GroupActivityRowPageSchema }),
    placeholderData: keepPreviousData,
  });
  const confirmEnd = useEndActivity(api, KIND);
  const nameOf = (r: GroupActivityRow) => (lang === 'en' && r.nameEn ? r.nameEn : r.nameZh);
  return (
    <section aria-labelledby="groupbuy-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id="groupbuy-title" style={{ fontSize: 20 }}>
          {t('groupbuy.title')}
        </Typography.Title>
        <Button type="primary" onClick={onCreate}>
          {t('groupbuy.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('groupbuy.intro')}</Typography.Paragraph>
      <ListFilters prefix="groupbuy" tabs={TABS} filters={filters} />
      <PagedTable<GroupActivityRow>
        rowKey="groupActivityId"
        list={list}
        loading={list.isFetching && !list.data}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={filters.setCurrent}
        empty={t('groupbuy.empty')}
        total={(total) => t('groupbuy.total', { total })}
        columns={[
          {
            title: t('groupbuy.columns.name'),
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{nameOf(r)}</Typography.Text>
                <Typography.Text type="secondary">{r.prodName}</Typography.Text>
                <PlatformReason prefix="groupbuy" row={r} />
              </Space>
            ),
          },
          { title: t('groupbuy.columns.time'), render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.startTime}<br />{r.endTime}</span> },
          { title: t('groupbuy.columns.price'), render: (_v, r) => t('groupbuy.priceFrom', { price: yuan(r.minActPrice) }) },
          {
            title: t('groupbuy.columns.rules'),
            render: (_v, r) => (
              <span>
                {t('groupbuy.teamOf', { n: r.groupNumber })} · {t('groupbuy.hours', { n: r.validHours })}
                <br />
                {r.hasMaxNum && r.maxNum !== null ? t('groupbuy.limitPieces', { n: r.maxNum }) : t('groupbuy.unlimited')}
                {r.hasRobot ? ` · ${t('groupbuy.robots')}` : ''}
              </span>
            ),
          },
          {
            title: t('groupbuy.columns.counts'),
            render: (_v, r) => (
              <span data-testid={`groupbuy-counts-${r.groupActivityId}`}>
                {t('groupbuy.counts', { teams: r.counts.teamNum, success: r.counts.successNum, failed: r.counts.failedNum })}
                <br />
                {t('groupbuy.orders', { n: r.counts.orderNum })}
              </span>
            ),
          },
          { title: t('groupbuy.columns.state'), render: (_v, r) => <Tag color={GROUP_STATE_COLOR[r.listState]}>{t(`groupbuy.state.${r.listState}`)}</Tag> },
          {
            title: t('groupbuy.columns.actions'),
            render: (_v, r) => (
              <Space size={4}>
                <Button size="small" onClick={() => onOpen(r.groupActivityId)} aria-label={t('groupbuy.actionOn', { action: t('groupbuy.view'), name: nameOf(r) })}>
                  {t('groupbuy.view')}
                </Button>
                {canEnd(r) ? (
                  <Button size="small" danger onClick={() => confirmEnd(r.groupActivityId, nameOf(r))} aria-label={t('groupbuy.actionOn', { action: t('groupbuy.end'), name: nameOf(r) })}>
                    {t('groupbuy.end')}
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

/** An activity's teams by status, each with its members (leader first; a robot says so). */
export function GroupTeamsTable({ api, path }: { api: ConsoleApi; path: string }) {
  const { t, lang } = useI18n();
  const [status, setStatus] = useState<(typeof TEAM_TABS)[number]>('all');
  const [current, setCurrent] = useState(1);
  const teams = useQuery({
    queryKey: ['group-activities', 'teams', path, status, current, lang],
    queryFn: () => api(path, { lang, query: { status: status === 'all' ? undefined : Number(status), current, size: PAGE_SIZE }, schema: GroupTeamRowPageSchema }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="groupbuy-teams-title">
      <Typography.Title level={3} id="groupbuy-teams-title" style={{ fontSize: 16 }}>
        {t('groupbuy.teams.title')}
      </Typography.Title>
      <Tabs
        activeKey={status}
        onChange={(key) => {
          setStatus(key as typeof status);
          setCurrent(1);
        }}
        items={TEAM_TABS.map((key) => ({ key, label: t(`groupbuy.teams.tabs.${key}`) }))}
      />
      {teams.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(teams.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      <Table<GroupTeamRow>
        rowKey="groupTeamId"
        size="small"
        loading={teams.isFetching && !teams.data}
        dataSource={teams.data?.records ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t('groupbuy.teams.empty')}</Typography.Text> }}
        pagination={{ current, pageSize: PAGE_SIZE, total: teams.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: t('groupbuy.teams.id'), dataIndex: 'groupTeamId' },
          { title: t('groupbuy.teams.status'), render: (_v, r) => <Tag color={TEAM_COLOR[r.status]}>{t(`groupbuy.teams.state.${r.status}`)}</Tag> },
          { title: t('groupbuy.teams.joined'), render: (_v, r) => t('groupbuy.teams.joinedOf', { join: r.joinNum, n: r.groupNumber }) },
          { title: t('groupbuy.teams.time'), render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.startTime ?? '—'}<br />{r.endTime ?? '—'}</span> },
          {
            title: t('groupbuy.teams.members'),
            render: (_v, r) => (
              <Space orientation="vertical" size={0} data-testid={`groupbuy-team-${r.groupTeamId}`}>
                {r.members.map((m, i) => (
                  <span key={`${r.groupTeamId}-${i}`}>
                    {m.robot ? t('groupbuy.teams.robot') : m.nickName}
                    {m.leader ? <Tag style={{ marginInlineStart: 6 }}>{t('groupbuy.teams.leader')}</Tag> : null}
                    {m.orderNumber ? <Typography.Text type="secondary"> {m.orderNumber}</Typography.Text> : null}
                    {m.status === 0 ? <Typography.Text type="warning"> {t('groupbuy.teams.unpaid')}</Typography.Text> : null}
                  </span>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </section>
  );
}

/** One activity: its product, window, rules, group prices, counts and teams. */
export function GroupActivityDetailPage({ api, groupActivityId, onBack }: { api: ConsoleApi; groupActivityId: number; onBack: () => void }) {
  const { t, lang } = useI18n();
  const detail = useQuery({ queryKey: [KIND.queryKey, 'detail', groupActivityId, lang], queryFn: () => api(`${KIND.path}/${groupActivityId}`, { lang, schema: GroupActivityDetailSchema }) });
  return (
    <ActivityDetailFrame api={api} kind={KIND} detail={detail} id={groupActivityId} canEnd={canEnd} stateColor={GROUP_STATE_COLOR} onBack={onBack}>
      {(d) => (
        <>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 24 }}>
            <Descriptions.Item label={t('groupbuy.detail.product')}>{d.prodName}</Descriptions.Item>
            <Descriptions.Item label={t('groupbuy.detail.time')}>
              {d.startTime} – {d.endTime}
            </Descriptions.Item>
            <Descriptions.Item label={t('groupbuy.detail.groupNumber')}>{t('groupbuy.teamOf', { n: d.groupNumber })}</Descriptions.Item>
            <Descriptions.Item label={t('groupbuy.detail.validity')}>{t('groupbuy.hours', { n: d.validHours })}</Descriptions.Item>
            <Descriptions.Item label={t('groupbuy.detail.limit')}>{d.hasMaxNum && d.maxNum !== null ? t('groupbuy.limitPieces', { n: d.maxNum }) : t('groupbuy.unlimited')}</Descriptions.Item>
            <Descriptions.Item label={t('groupbuy.detail.robots')}>{d.hasRobot ? t('groupbuy.detail.on') : t('groupbuy.detail.off')}</Descriptions.Item>
          </Descriptions>
          <Space size="large" wrap style={{ marginBottom: 24 }} data-testid="groupbuy-counts">
            <Statistic title={t('groupbuy.detail.teamNum')} value={d.counts.teamNum} />
            <Statistic title={t('groupbuy.detail.groupingNum')} value={d.counts.groupingNum} />
            <Statistic title={t('groupbuy.detail.successNum')} value={d.counts.successNum} />
            <Statistic title={t('groupbuy.detail.failedNum')} value={d.counts.failedNum} />
            <Statistic title={t('groupbuy.detail.orderNum')} value={d.counts.orderNum} />
          </Space>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('groupbuy.detail.skus')}
          </Typography.Title>
          <Table
            rowKey="groupSkuId"
            size="small"
            pagination={false}
            dataSource={d.skus}
            style={{ marginBottom: 24 }}
            columns={[
              { title: t('groupbuy.detail.sku'), dataIndex: 'skuName' },
              { title: t('groupbuy.detail.price'), render: (_v, s) => yuan(s.price) },
              { title: t('groupbuy.detail.actPrice'), render: (_v, s) => yuan(s.actPrice) },
              { title: t('groupbuy.detail.sellNum'), dataIndex: 'sellNum' },
            ]}
          />
          <GroupTeamsTable api={api} path={`${KIND.path}/${groupActivityId}/teams`} />
        </>
      )}
    </ActivityDetailFrame>
  );
}
