// Every shop's promotions for staff (issue 11 §5, decisions 037 and 044): running ones by default,
// by state, shop and name, with what they did (paid orders, amount saved); a violating one is taken
// down with a reason its merchant sees (audited).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Space, Table, Tabs, Tag, Typography } from 'antd';
import { PROMOTION_STATE_COLOR, PromotionName, PromotionTiers, PromotionTime } from '@bazaar/console-ui/promotion-cells.tsx';
import { yuan } from '@bazaar/console-ui/format.ts';
import { pageOf } from '@bazaar/shared/schemas/common';
import { DiscountRowSchema, type DiscountRow, type DiscountState } from '@bazaar/shared/schemas/shop-promotion';
import { api, ApiError } from '../lib/api.ts';
import { useCan } from '../lib/permissions.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { ReasonDialog } from '../lib/reason-dialog.tsx';

const PageSchema = pageOf(DiscountRowSchema);
const PAGE_SIZE = 10;
const TABS = ['running', 'upcoming', 'ended', 'takenDown', 'all'] as const satisfies readonly (DiscountState | 'all')[];
type Tab = (typeof TABS)[number];

export function PromotionsPage() {
  const { t, lang } = useI18n();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('running');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [shopId, setShopId] = useState<number | null>(null);
  const [current, setCurrent] = useState(1);
  const [target, setTarget] = useState<DiscountRow | null>(null);
  const list = useQuery({
    queryKey: ['admin-discounts', lang, tab, keyword, shopId, current],
    queryFn: () => api('/admin/discounts', { lang, query: { state: tab, keyword, shopId: shopId ?? undefined, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const takeDown = useMutation({
    mutationFn: (input: { id: number; reason: string }) => api(`/admin/discounts/${input.id}/takedown`, { lang, method: 'POST', body: { reason: input.reason } }),
    onSuccess: () => {
      void message.success(t('platformPromotions.done'));
      setTarget(null);
      void client.invalidateQueries({ queryKey: ['admin-discounts'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });
  const nameOf = (d: DiscountRow) => (lang === 'en' && d.nameEn ? d.nameEn : d.nameZh);
  const search = () => {
    setKeyword(typed.trim());
    setCurrent(1);
  };
  const open = (d: DiscountRow) => d.state === 'upcoming' || d.state === 'running';

  return (
    <section aria-labelledby="platform-promotions-title">
      <Typography.Title level={2} id="platform-promotions-title" style={{ fontSize: 20 }}>
        {t('platformPromotions.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('platformPromotions.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setCurrent(1);
        }}
        items={TABS.map((key) => ({ key, label: t(`platformPromotions.tabs.${key}`) }))}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Space.Compact style={{ width: 360 }}>
          <Input aria-label={t('platformPromotions.search')} placeholder={t('platformPromotions.search')} value={typed} maxLength={50} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} />
          <Button onClick={search}>{t('platformPromotions.searchButton')}</Button>
        </Space.Compact>
        <InputNumber<number>
          aria-label={t('platformPromotions.shop')}
          placeholder={t('platformPromotions.shopPlaceholder')}
          min={1}
          precision={0}
          value={shopId}
          onChange={(v) => {
            setShopId(v ?? null);
            setCurrent(1);
          }}
          style={{ width: 160 }}
        />
      </Space>
      {list.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {list.error instanceof ApiError && list.error.text ? list.error.text : t('app.serverError')}
        </Typography.Paragraph>
      ) : null}
      <Table<DiscountRow>
        rowKey="discountId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('platformPromotions.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('platformPromotions.total', { total }) }}
        columns={[
          {
            title: t('platformPromotions.columns.name'),
            render: (_v, d) => <PromotionName name={nameOf(d)} takenDown={d.offenceReason ? t('platformPromotions.takenDownReason', { reason: d.offenceReason }) : null} />,
          },
          { title: t('platformPromotions.columns.shop'), render: (_v, d) => `${d.shopName} (#${d.shopId})` },
          { title: t('platformPromotions.columns.rule'), render: (_v, d) => t(`platformPromotions.rule.${d.discountRule}`) },
          {
            title: t('platformPromotions.columns.tiers'),
            render: (_v, d) => <PromotionTiers row={d} />,
          },
          { title: t('platformPromotions.columns.scope'), render: (_v, d) => (d.suitableProdType === 1 ? t('platformPromotions.someProducts', { count: d.productCount }) : t('platformPromotions.allProducts')) },
          {
            title: t('platformPromotions.columns.time'),
            render: (_v, d) => <PromotionTime row={d} />,
          },
          { title: t('platformPromotions.columns.usage'), render: (_v, d) => t('platformPromotions.usage', { count: d.usage.orders, amount: yuan(d.usage.reducedAmount) }) },
          { title: t('platformPromotions.columns.state'), render: (_v, d) => <Tag color={PROMOTION_STATE_COLOR[d.state]}>{t(`platformPromotions.state.${d.state}`)}</Tag> },
          {
            title: t('platformPromotions.columns.actions'),
            render: (_v, d) =>
              open(d) && can('products.takedown') ? (
                <Button size="small" danger onClick={() => setTarget(d)} aria-label={t('platformPromotions.takeDownOn', { name: nameOf(d) })}>
                  {t('platformPromotions.takeDown')}
                </Button>
              ) : null,
          },
        ]}
      />
      <ReasonDialog
        open={target !== null}
        title={t('platformPromotions.dialog.title', { name: target ? nameOf(target) : '' })}
        okText={t('platformPromotions.dialog.ok')}
        hint={t('platformPromotions.dialog.hint')}
        label={t('platformPromotions.dialog.label')}
        placeholder={t('platformPromotions.dialog.placeholder')}
        requiredMessage={t('platformPromotions.dialog.required')}
        pending={takeDown.isPending}
        onCancel={() => setTarget(null)}
        onSubmit={(reason) => target && takeDown.mutate({ id: target.discountId, reason })}
      />
    </section>
  );
}
