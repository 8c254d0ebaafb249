// The platform's coupons (shopId 0, issue 11 §5, decision 044): the list with usage, and the form.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { COUPON_ADMIN_STATES, CouponAdminDetailSchema, CouponAdminRowSchema, type CouponAdminRow, type CouponAdminState } from '@bazaar/shared/schemas/coupon-admin';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { PlatformCouponForm } from './coupons-edit.tsx';

const PageSchema = pageOf(CouponAdminRowSchema);
const PAGE_SIZE = 10;
const TABS = ['all', ...COUPON_ADMIN_STATES] as const;
type Tab = (typeof TABS)[number];

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const STATE_COLOR: Record<CouponAdminState, string> = { on: 'success', off: 'default', ended: 'default' };

/** The platform's coupons by state, with what they did: create, edit or view, end (audited). */
function CouponList({ onOpen, onCreate }: { onOpen: (id: number) => void; onCreate: () => void }) {
  const { t, lang } = useI18n();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: ['platform-coupons', lang, tab, keyword, current],
    queryFn: () => api('/admin/coupons', { lang, query: { state: tab, keyword, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (id: number) => api(`/admin/coupons/${id}/end`, { lang, method: 'POST', schema: CouponAdminDetailSchema }),
    onSuccess: () => void message.success(t('platformCoupons.ended')),
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
    onSettled: () => client.invalidateQueries({ queryKey: ['platform-coupons'] }).then(() => client.invalidateQueries({ queryKey: ['audit'] })),
  });
  const nameOf = (c: CouponAdminRow) => (lang === 'en' && c.nameEn ? c.nameEn : c.nameZh);
  const search = () => {
    setKeyword(typed.trim());
    setCurrent(1);
  };

  function confirmEnd(c: CouponAdminRow) {
    modal.confirm({
      title: t('platformCoupons.endConfirm', { name: nameOf(c) }),
      okText: t('platformCoupons.endOk'),
      cancelText: t('platformCoupons.cancel'),
      okButtonProps: { danger: true },
      onOk: () => end.mutateAsync(c.couponId).catch(() => undefined),
    });
  }

  return (
    <section aria-labelledby="platform-coupons-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id="platform-coupons-title" style={{ fontSize: 20 }}>
          {t('platformCoupons.title')}
        </Typography.Title>
        <Button type="primary" onClick={onCreate}>
          {t('platformCoupons.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('platformCoupons.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setCurrent(1);
        }}
        items={TABS.map((key) => ({ key, label: t(`platformCoupons.tabs.${key}`) }))}
      />
      <Space.Compact style={{ marginBottom: 16, maxWidth: 420, width: '100%' }}>
        <Input aria-label={t('platformCoupons.search')} placeholder={t('platformCoupons.search')} value={typed} maxLength={50} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} />
        <Button onClick={search}>{t('platformCoupons.searchButton')}</Button>
      </Space.Compact>
      {list.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {list.error instanceof ApiError && list.error.text ? list.error.text : t('app.serverError')}
        </Typography.Paragraph>
      ) : null}
      <Table<CouponAdminRow>
        rowKey="couponId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('platformCoupons.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('platformCoupons.total', { total }) }}
        columns={[
          {
            title: t('platformCoupons.columns.name'),
            render: (_v, c) => (
              <>
                <Typography.Text strong>{nameOf(c)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`platformCoupons.type.${c.couponType}`)}</Typography.Text>
                {c.getWay === 1 ? <Tag style={{ marginInlineStart: 8 }}>{t('platformCoupons.issuedOnly')}</Tag> : null}
              </>
            ),
          },
          { title: t('platformCoupons.columns.face'), render: (_v, c) => <Tag color="error">{c.label}</Tag> },
          { title: t('platformCoupons.columns.scope'), render: (_v, c) => t(`platformCoupons.scope.${c.suitableProdType}`, { count: c.productCount }) },
          {
            title: t('platformCoupons.columns.validity'),
            render: (_v, c) =>
              c.validTimeType === 1 ? (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {c.startTime}
                  <br />
                  {c.endTime}
                </span>
              ) : (
                t('platformCoupons.afterReceipt', { after: c.afterReceiveDays, days: c.validDays ?? 0 })
              ),
          },
          { title: t('platformCoupons.columns.stock'), render: (_v, c) => `${c.stocks} / ${c.totalStock}` },
          {
            title: t('platformCoupons.columns.usage'),
            render: (_v, c) => <span data-testid={`coupon-usage-${c.couponId}`}>{t('platformCoupons.usage', { received: c.usage.received, used: c.usage.used, amount: yuan(c.usage.reducedAmount) })}</span>,
          },
          { title: t('platformCoupons.columns.state'), render: (_v, c) => <Tag color={STATE_COLOR[c.state]}>{t(`platformCoupons.state.${c.state}`)}</Tag> },
          {
            title: t('platformCoupons.columns.actions'),
            render: (_v, c) => {
              const open = c.state !== 'ended';
              const action = t(open ? 'platformCoupons.edit' : 'platformCoupons.view');
              return (
                <Space size={4}>
                  <Button size="small" onClick={() => onOpen(c.couponId)} aria-label={t('platformCoupons.actionOn', { action, name: nameOf(c) })}>
                    {action}
                  </Button>
                  {open ? (
                    <Button size="small" danger onClick={() => confirmEnd(c)} aria-label={t('platformCoupons.actionOn', { action: t('platformCoupons.end'), name: nameOf(c) })}>
                      {t('platformCoupons.end')}
                    </Button>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
    </section>
  );
}

/** The list, or one coupon's form (new or existing). */
export function CouponsPage() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  if (editing !== null) return <PlatformCouponForm key={editing} couponId={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  return <CouponList onOpen={setEditing} onCreate={() => setEditing('new')} />;
}
