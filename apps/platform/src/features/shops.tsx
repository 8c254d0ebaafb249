import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { SHOP_STATUS, SHOP_TYPE } from '@bazaar/shared/constants/shop-status';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminShopSchema, type AdminShop } from '@bazaar/shared/schemas/admin-shops';
import { api, ApiError } from '../lib/api.ts';
import { useCan } from '../lib/permissions.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { ReasonDialog } from '../lib/reason-dialog.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const PageSchema = pageOf(AdminShopSchema);
const PAGE_SIZE = 10;
const STATUS_COLORS: Record<number, string> = { [SHOP_STATUS.none]: 'error', [SHOP_STATUS.reviewing]: 'warning', [SHOP_STATUS.open]: 'success', [SHOP_STATUS.offline]: 'default' };

type Change = { shopId: number; action: 'offline'; reason: string } | { shopId: number; action: 'reopen' } | { shopId: number; action: 'type'; type: number };

/** Every shop: search and filter; take one offline with a reason or reopen it; self-run or ordinary. */
export function ShopsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [type, setType] = useState<number | undefined>(undefined);
  const [current, setCurrent] = useState(1);
  const [closing, setClosing] = useState<AdminShop | null>(null);

  const list = useQuery({
    queryKey: ['shops', keyword, status, type, current, lang],
    queryFn: () => api('/admin/shops', { lang, query: { keyword, status, type, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: (c: Change) =>
      api(`/admin/shops/${c.shopId}/${c.action}`, {
        lang,
        method: 'POST',
        body: c.action === 'offline' ? { reason: c.reason } : c.action === 'type' ? { type: c.type } : {},
        schema: AdminShopSchema,
      }),
    onSuccess: async (_saved, c) => {
      void message.success(t(c.action === 'offline' ? 'shops.tookOffline' : c.action === 'reopen' ? 'shops.reopened' : 'shops.typeSaved'));
      setClosing(null);
      await Promise.all([client.invalidateQueries({ queryKey: ['shops'] }), client.invalidateQueries({ queryKey: ['applications'] }), client.invalidateQueries({ queryKey: ['audit'] })]);
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });

  const typeName = (value: number) => t(`shops.type.${value}`);
  const otherType = (value: number) => (value === SHOP_TYPE.selfRun ? SHOP_TYPE.ordinary : SHOP_TYPE.selfRun);
  const can = useCan();
  const actions = (s: AdminShop) => (
    !can('shops.offline') ? null : <Space wrap>
      {s.status === SHOP_STATUS.open ? (
        <Button size="small" danger onClick={() => setClosing(s)}>
          {t('shops.offline')}
        </Button>
      ) : null}
      {s.status === SHOP_STATUS.offline ? (
        <Popconfirm title={t('shops.reopenConfirm', { name: s.shopName })} onConfirm={() => change.mutate({ shopId: s.shopId, action: 'reopen' })}>
          <Button size="small" type="primary">
            {t('shops.reopen')}
          </Button>
        </Popconfirm>
      ) : null}
      <Popconfirm
        title={t('shops.typeConfirm', { name: s.shopName, type: typeName(otherType(s.type)) })}
        onConfirm={() => change.mutate({ shopId: s.shopId, action: 'type', type: otherType(s.type) })}
      >
        <Button size="small">{t('shops.setType', { type: typeName(otherType(s.type)) })}</Button>
      </Popconfirm>
    </Space>
  );

  return (
    <section aria-labelledby="shops-title">
      <Typography.Title level={2} id="shops-title" style={{ fontSize: 20 }}>
        {t('shops.title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('shops.search')}
          placeholder={t('shops.search')}
          allowClear
          enterButton={t('shops.searchButton')}
          style={{ width: 320 }}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            setKeyword(value.trim());
            setCurrent(1);
          }}
        />
        <Select<number | ''>
          aria-label={t('shops.columns.status')}
          style={{ width: 160 }}
          value={status ?? ''}
          onChange={(v) => {
            setStatus(v === '' ? undefined : v);
            setCurrent(1);
          }}
          options={[{ value: '', label: t('shops.allStatuses') }, ...Object.values(SHOP_STATUS).map((v) => ({ value: v, label: t(`shops.status.${v}`) }))]}
        />
        <Select<number | ''>
          aria-label={t('shops.columns.type')}
          style={{ width: 140 }}
          value={type ?? ''}
          onChange={(v) => {
            setType(v === '' ? undefined : v);
            setCurrent(1);
          }}
          options={[{ value: '', label: t('shops.allTypes') }, ...Object.values(SHOP_TYPE).map((v) => ({ value: v, label: typeName(v) }))]}
        />
      </Space>
      <Table<AdminShop>
        rowKey="shopId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: list.error ? <LoadError error={list.error} /> : t('shops.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          {
            title: t('shops.columns.shop'),
            render: (_v, s) => (
              <Space>
                <Avatar shape="square" src={s.shopLogo ?? undefined} alt="">
                  {s.shopName.slice(0, 1)}
                </Avatar>
                <span>
                  {s.shopName}
                  {s.shopNameEn ? <Typography.Text type="secondary"> · {s.shopNameEn}</Typography.Text> : null}
                </span>
              </Space>
            ),
          },
          { title: t('shops.columns.id'), dataIndex: 'shopId' },
          { title: t('shops.columns.type'), render: (_v, s) => <Tag color={s.type === SHOP_TYPE.selfRun ? 'blue' : undefined}>{typeName(s.type)}</Tag> },
          {
            title: t('shops.columns.status'),
            render: (_v, s) => (
              <Space direction="vertical" size={2}>
                <Tag color={STATUS_COLORS[s.status]}>{t(`shops.status.${s.status}`)}</Tag>
                {s.offlineReason ? <Typography.Text type="secondary">{t('shops.offlineReason', { reason: s.offlineReason })}</Typography.Text> : null}
              </Space>
            ),
          },
          { title: t('shops.columns.region'), dataIndex: 'region' },
          { title: t('shops.columns.tel'), dataIndex: 'tel' },
          { title: t('shops.columns.createdAt'), dataIndex: 'createdAt' },
          { title: t('shops.columns.actions'), render: (_v, s) => actions(s) },
        ]}
      />

      <ReasonDialog
        open={closing !== null}
        title={closing ? t('shops.offlineTitle', { name: closing.shopName }) : ''}
        okText={t('shops.offline')}
        hint={t('shops.offlineHint')}
        label={t('shops.reason')}
        placeholder={t('shops.reasonPlaceholder')}
        requiredMessage={t('shops.reasonRequired')}
        pending={change.isPending}
        onCancel={() => setClosing(null)}
        onSubmit={(reason) => {
          if (closing) change.mutate({ shopId: closing.shopId, action: 'offline', reason });
        }}
      />
    </section>
  );
}
