import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { COUPON_ADMIN_STATES, CouponAdminDetailSchema, CouponAdminRowSchema, type CouponAdminRow, type CouponAdminState } from '@bazaar/shared/schemas/coupon-admin';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { yuan } from '../lib/format.ts';

const PageSchema = pageOf(CouponAdminRowSchema);
const PAGE_SIZE = 10;
const TABS = ['all', ...COUPON_ADMIN_STATES] as const;
type Tab = (typeof TABS)[number];

const STATE_COLOR: Record<CouponAdminState, string> = { on: 'success', off: 'default', ended: 'default' };

/** The shop's coupons by state, with what they did: create, edit or view, end. */
export function CouponsPage({ onOpen, onCreate }: { onOpen: (id: number) => void; onCreate: () => void }) {
  const { t, lang } = useI18n();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: ['coupons', lang, tab, keyword, current],
    queryFn: () => api('/merchant/coupons', { lang, query: { state: tab, keyword, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (id: number) => api(`/merchant/coupons/${id}/end`, { lang, method: 'POST', schema: CouponAdminDetailSchema }),
    onSuccess: () => void message.success(t('coupons.ended')),
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
    onSettled: () => client.invalidateQueries({ queryKey: ['coupons'] }),
  });
  const nameOf = (c: CouponAdminRow) => (lang === 'en' && c.nameEn ? c.nameEn : c.nameZh);
  const search = () => {
    setKeyword(typed.trim());
    setCurrent(1);
  };

  function confirmEnd(c: CouponAdminRow) {
    modal.confirm({
      title: t('coupons.endConfirm', { name: nameOf(c) }),
      okText: t('coupons.endOk'),
      cancelText: t('coupons.cancel'),
      okButtonProps: { danger: true },
      onOk: () => end.mutateAsync(c.couponId).catch(() => undefined),
    });
  }

  return (
    <section aria-labelledby="coupons-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id="coupons-title" style={{ fontSize: 20 }}>
          {t('coupons.title')}
        </Typography.Title>
        <Button type="primary" onClick={onCreate}>
          {t('coupons.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('coupons.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setCurrent(1);
        }}
        items={TABS.map((key) => ({ key, label: t(`coupons.tabs.${key}`) }))}
      />
      <Space.Compact style={{ marginBottom: 16, maxWidth: 420, width: '100%' }}>
        <Input aria-label={t('coupons.search')} placeholder={t('coupons.search')} value={typed} maxLength={50} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} />
        <Button onClick={search}>{t('coupons.searchButton')}</Button>
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
        locale={{ emptyText: t('coupons.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('coupons.total', { total }) }}
        columns={[
          {
            title: t('coupons.columns.name'),
            render: (_v, c) => (
              <>
                <Typography.Text strong>{nameOf(c)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`coupons.type.${c.couponType}`)}</Typography.Text>
                {c.getWay === 1 ? <Tag style={{ marginInlineStart: 8 }}>{t('coupons.issuedOnly')}</Tag> : null}
              </>
            ),
          },
          { title: t('coupons.columns.face'), render: (_v, c) => <Tag color="error">{c.label}</Tag> },
          { title: t('coupons.columns.scope'), render: (_v, c) => t(`coupons.scope.${c.suitableProdType}`, { count: c.productCount }) },
          {
            title: t('coupons.columns.validity'),
            render: (_v, c) =>
              c.validTimeType === 1 ? (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {c.startTime}
                  <br />
                  {c.endTime}
                </span>
              ) : (
                t('coupons.afterReceipt', { after: c.afterReceiveDays, days: c.validDays ?? 0 })
              ),
          },
          { title: t('coupons.columns.stock'), render: (_v, c) => `${c.stocks} / ${c.totalStock}` },
          {
            title: t('coupons.columns.usage'),
            render: (_v, c) => <span data-testid={`coupon-usage-${c.couponId}`}>{t('coupons.usage', { received: c.usage.received, used: c.usage.used, amount: yuan(c.usage.reducedAmount) })}</span>,
          },
          { title: t('coupons.columns.state'), render: (_v, c) => <Tag color={STATE_COLOR[c.state]}>{t(`coupons.state.${c.state}`)}</Tag> },
          {
            title: t('coupons.columns.actions'),
            render: (_v, c) => {
              const open = c.state !== 'ended';
              const action = t(open ? 'coupons.edit' : 'coupons.view');
              return (
                <Space size={4}>
                  <Button size="small" onClick={() => onOpen(c.couponId)} aria-label={t('coupons.actionOn', { action, name: nameOf(c) })}>
                    {action}
                  </Button>
                  {open ? (
                    <Button size="small" danger onClick={() => confirmEnd(c)} aria-label={t('coupons.actionOn', { action: t('coupons.end'), name: nameOf(c) })}>
                      {t('coupons.end')}
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
