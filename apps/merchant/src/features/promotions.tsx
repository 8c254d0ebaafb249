import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { DISCOUNT_STATES, DiscountRowSchema, MerchantDiscountDetailSchema, type DiscountRow, type DiscountState } from '@bazaar/shared/schemas/shop-promotion';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { yuan } from '../lib/format.ts';

const PageSchema = pageOf(DiscountRowSchema);
const PAGE_SIZE = 10;
const TABS = ['all', ...DISCOUNT_STATES] as const;
type Tab = (typeof TABS)[number];

const STATE_COLOR: Record<DiscountState, string> = { upcoming: 'processing', running: 'success', ended: 'default', takenDown: 'error' };

/** The shop's promotions by state: create, edit or view, end. */
export function PromotionsPage({ onOpen, onCreate }: { onOpen: (id: number) => void; onCreate: () => void }) {
  const { t, lang } = useI18n();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: ['discounts', lang, tab, keyword, current],
    queryFn: () => api('/merchant/discounts', { lang, query: { state: tab, keyword, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (id: number) => api(`/merchant/discounts/${id}/end`, { lang, method: 'POST', schema: MerchantDiscountDetailSchema }),
    onSuccess: () => void message.success(t('promotions.ended')),
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
    onSettled: () => client.invalidateQueries({ queryKey: ['discounts'] }),
  });
  const nameOf = (d: DiscountRow) => (lang === 'en' && d.nameEn ? d.nameEn : d.nameZh);
  const open = (d: DiscountRow) => d.state === 'upcoming' || d.state === 'running';

  function confirmEnd(d: DiscountRow) {
    modal.confirm({
      title: t('promotions.endConfirm', { name: nameOf(d) }),
      okText: t('promotions.endOk'),
      cancelText: t('promotions.cancel'),
      okButtonProps: { danger: true },
      onOk: () => end.mutateAsync(d.discountId).catch(() => undefined),
    });
  }

  return (
    <section aria-labelledby="promotions-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id="promotions-title" style={{ fontSize: 20 }}>
          {t('promotions.title')}
        </Typography.Title>
        <Button type="primary" onClick={onCreate}>
          {t('promotions.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('promotions.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setCurrent(1);
        }}
        items={TABS.map((key) => ({ key, label: t(`promotions.tabs.${key}`) }))}
      />
      <Space.Compact style={{ marginBottom: 16, maxWidth: 420, width: '100%' }}>
        <Input
          aria-label={t('promotions.search')}
          placeholder={t('promotions.search')}
          value={typed}
          maxLength={50}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => {
            setKeyword(typed.trim());
            setCurrent(1);
          }}
        />
        <Button
          onClick={() => {
            setKeyword(typed.trim());
            setCurrent(1);
          }}
        >
          {t('promotions.searchButton')}
        </Button>
      </Space.Compact>
      {list.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {list.error instanceof ApiError && list.error.text ? list.error.text : t('app.serverError')}
        </Typography.Paragraph>
      ) : null}
      <Table<DiscountRow>
        rowKey="discountId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('promotions.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('promotions.total', { total }) }}
        columns={[
          {
            title: t('promotions.columns.name'),
            render: (_v, d) => (
              <>
                <Typography.Text strong>{nameOf(d)}</Typography.Text>
                {d.offenceReason ? (
                  <Typography.Paragraph type="danger" style={{ margin: 0 }}>
                    {t('promotions.takenDownReason', { reason: d.offenceReason })}
                  </Typography.Paragraph>
                ) : null}
              </>
            ),
          },
          { title: t('promotions.columns.rule'), render: (_v, d) => t(`promotions.rule.${d.discountRule}`) },
          {
            title: t('promotions.columns.tiers'),
            render: (_v, d) => (
              <Space size={4} wrap>
                {d.labels.map((label) => (
                  <Tag key={label} color="error">
                    {label}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: t('promotions.columns.scope'), render: (_v, d) => (d.suitableProdType === 1 ? t('promotions.someProducts', { count: d.productCount }) : t('promotions.allProducts')) },
          {
            title: t('promotions.columns.time'),
            render: (_v, d) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {d.startTime}
                <br />
                {d.endTime}
              </span>
            ),
          },
          { title: t('promotions.columns.usage'), render: (_v, d) => <span data-testid={`promotion-usage-${d.discountId}`}>{t('promotions.usage', { orders: d.usage.orders, amount: yuan(d.usage.reducedAmount) })}</span> },
          { title: t('promotions.columns.state'), render: (_v, d) => <Tag color={STATE_COLOR[d.state]}>{t(`promotions.state.${d.state}`)}</Tag> },
          {
            title: t('promotions.columns.actions'),
            render: (_v, d) => {
              const action = t(open(d) ? 'promotions.edit' : 'promotions.view');
              return (
                <Space size={4}>
                  <Button size="small" onClick={() => onOpen(d.discountId)} aria-label={t('promotions.actionOn', { action, name: nameOf(d) })}>
                    {action}
                  </Button>
                  {open(d) ? (
                    <Button size="small" danger onClick={() => confirmEnd(d)} aria-label={t('promotions.actionOn', { action: t('promotions.end'), name: nameOf(d) })}>
                      {t('promotions.end')}
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
