import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { COMBO_STATES, ComboRowSchema, MerchantComboDetailSchema, type ComboRow, type ComboState } from '@bazaar/shared/schemas/combo';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { yuan } from '../lib/format.ts';

const PageSchema = pageOf(ComboRowSchema);
const PAGE_SIZE = 10;
const TABS = ['all', ...COMBO_STATES] as const;
type Tab = (typeof TABS)[number];

// Preset colours that keep axe's contrast: the state is also in the text.
const STATE_COLOR: Record<ComboState, string> = { upcoming: 'default', running: 'success', ended: 'default' };

/** The shop's discount packages by state, with their usage: create, edit or view, end (decision 046). */
export function CombosPage({ onOpen, onCreate }: { onOpen: (id: number) => void; onCreate: () => void }) {
  const { t, lang } = useI18n();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: ['combos', lang, tab, keyword, current],
    queryFn: () => api('/merchant/combos', { lang, query: { state: tab, keyword, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (id: number) => api(`/merchant/combos/${id}/end`, { lang, method: 'POST', schema: MerchantComboDetailSchema }),
    onSuccess: () => void message.success(t('combos.ended')),
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
    onSettled: () => client.invalidateQueries({ queryKey: ['combos'] }),
  });
  const nameOf = (c: ComboRow) => (lang === 'en' && c.nameEn ? c.nameEn : c.nameZh);
  const open = (c: ComboRow) => c.state !== 'ended';
  const search = () => {
    setKeyword(typed.trim());
    setCurrent(1);
  };

  function confirmEnd(c: ComboRow) {
    modal.confirm({
      title: t('combos.endConfirm', { name: nameOf(c) }),
      okText: t('combos.endOk'),
      cancelText: t('combos.cancel'),
      okButtonProps: { danger: true },
      onOk: () => end.mutateAsync(c.comboId).catch(() => undefined),
    });
  }

  return (
    <section aria-labelledby="combos-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id="combos-title" style={{ fontSize: 20 }}>
          {t('combos.title')}
        </Typography.Title>
        <Button type="primary" onClick={onCreate}>
          {t('combos.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('combos.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setCurrent(1);
        }}
        items={TABS.map((key) => ({ key, label: t(`combos.tabs.${key}`) }))}
      />
      <Space.Compact style={{ marginBottom: 16, maxWidth: 420, width: '100%' }}>
        <Input aria-label={t('combos.search')} placeholder={t('combos.search')} value={typed} maxLength={50} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} />
        <Button onClick={search}>{t('combos.searchButton')}</Button>
      </Space.Compact>
      {list.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {list.error instanceof ApiError && list.error.text ? list.error.text : t('app.serverError')}
        </Typography.Paragraph>
      ) : null}
      <Table<ComboRow>
        rowKey="comboId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('combos.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('combos.total', { total }) }}
        columns={[
          {
            title: t('combos.columns.name'),
            render: (_v, c) => (
              <Space>
                {c.mainPic ? <img src={c.mainPic} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
                <span>
                  <Typography.Text strong>{nameOf(c)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('combos.lines', { count: c.lineCount })}</Typography.Text>
                </span>
              </Space>
            ),
          },
          { title: t('combos.columns.price'), render: (_v, c) => yuan(c.comboAmount) },
          { title: t('combos.columns.original'), render: (_v, c) => yuan(c.originalAmount) },
          {
            title: t('combos.columns.time'),
            render: (_v, c) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {c.startTime}
                <br />
                {c.endTime}
              </span>
            ),
          },
          { title: t('combos.columns.state'), render: (_v, c) => <Tag color={STATE_COLOR[c.state]}>{t(`combos.state.${c.state}`)}</Tag> },
          { title: t('combos.columns.orders'), render: (_v, c) => <span data-testid="combo-orders">{c.orderCount}</span> },
          { title: t('combos.columns.pieces'), render: (_v, c) => <span data-testid="combo-pieces">{c.piecesSold}</span> },
          { title: t('combos.columns.reduced'), render: (_v, c) => <span data-testid="combo-reduced">{yuan(c.reduceAmount)}</span> },
          {
            title: t('combos.columns.actions'),
            render: (_v, c) => {
              const action = t(open(c) ? 'combos.edit' : 'combos.view');
              return (
                <Space size={4}>
                  <Button size="small" onClick={() => onOpen(c.comboId)} aria-label={t('combos.actionOn', { action, name: nameOf(c) })}>
                    {action}
                  </Button>
                  {open(c) ? (
                    <Button size="small" danger onClick={() => confirmEnd(c)} aria-label={t('combos.actionOn', { action: t('combos.end'), name: nameOf(c) })}>
                      {t('combos.end')}
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
