// The points mall for staff (issue 29, decision 066): every points item by shelf status and product
// name; a new item on a self-run shop's product (points price, cash part, the mall's own stock,
// per-user limit, shelf); an item edited (the stock is sent with the value the form loaded, so units
// exchanged meanwhile stay taken); on and off the shelf. Every write is audited by the server.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import {
  AdminPointsItemCreatedSchema,
  AdminPointsItemPageSchema,
  AdminPointsItemRowSchema,
  AdminPointsProductPageSchema,
  type AdminPointsItemRow,
} from '@bazaar/shared/schemas/points-mall';
import { POINTS_ITEM_CASH_PRICE_MAX, POINTS_ITEM_MAX_NUM_MAX, POINTS_ITEM_SCORE_PRICE_MAX, POINTS_ITEM_STOCKS_MAX } from '@bazaar/shared/constants/points-mall';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useCan } from '../lib/permissions.tsx';

const PAGE_SIZE = 10;
const TABS = ['on', 'off', 'all'] as const;
type Tab = (typeof TABS)[number];
const STATUS_OF: Record<Tab, number | undefined> = { on: 1, off: 0, all: undefined };
const KEY = ['admin-points-items'];

interface ItemForm {
  prodId?: number;
  scorePrice: number;
  /** Yuan with 2 decimals; sent in fen. */
  cashYuan: number;
  stocks: number;
  unlimited: boolean;
  maxNum?: number;
  onShelf?: boolean;
}

const toFen = (yuanValue: number | undefined) => Math.round((yuanValue ?? 0) * 100);

/** The create or edit dialog. */
function ItemDialog({ api, editing, onClose }: { api: ConsoleApi; editing: AdminPointsItemRow | 'new'; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ItemForm>();
  const [keyword, setKeyword] = useState('');
  const creating = editing === 'new';
  const candidates = useQuery({
    queryKey: [...KEY, 'products', keyword, lang],
    queryFn: () => api('/admin/pointsMall/products', { lang, query: { prodName: keyword || undefined, current: 1, size: 20 }, schema: AdminPointsProductPageSchema }),
    enabled: creating,
    placeholderData: keepPreviousData,
  });
  const unlimited = Form.useWatch('unlimited', form);
  const save = useMutation({
    mutationFn: (values: ItemForm) => {
      const common = { scorePrice: values.scorePrice, cashPrice: toFen(values.cashYuan), stocks: values.stocks, maxNum: values.unlimited ? -1 : (values.maxNum ?? 1) };
      return creating
        ? api('/admin/pointsMall/items', { lang, method: 'POST', body: { ...common, prodId: values.prodId, status: values.onShelf ? 1 : 0 }, schema: AdminPointsItemCreatedSchema })
        : api(`/admin/pointsMall/items/${editing.itemId}`, { lang, method: 'PUT', body: { ...common, baseStocks: editing.stocks }, schema: AdminPointsItemRowSchema });
    },
    onSuccess: async () => {
      void message.success(t('pointsmallAdmin.saved'));
      onClose();
      await client.invalidateQueries({ queryKey: KEY });
      await client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => void message.error(errorText(err, t)),
  });
  const initial: ItemForm = creating
    ? { scorePrice: 100, cashYuan: 0, stocks: 100, unlimited: true, maxNum: 1, onShelf: true }
    : { scorePrice: editing.scorePrice, cashYuan: editing.cashPrice / 100, stocks: editing.stocks, unlimited: editing.maxNum === -1, maxNum: editing.maxNum === -1 ? 1 : editing.maxNum };
  return (
    <Modal
      open
      title={creating ? t('pointsmallAdmin.createTitle') : t('pointsmallAdmin.editTitle', { name: editing.prodName })}
      okText={t('pointsmallAdmin.save')}
      cancelText={t('pointsmallAdmin.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ItemForm> form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)}>
        {creating ? (
          <Form.Item name="prodId" label={t('pointsmallAdmin.fields.product')} extra={t('pointsmallAdmin.fields.productHint')} rules={[{ required: true, message: t('pointsmallAdmin.fields.productRequired') }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              placeholder={t('pointsmallAdmin.fields.productPlaceholder')}
              notFoundContent={t('pointsmallAdmin.fields.noProducts')}
              options={(candidates.data?.records ?? []).map((p) => ({ value: p.prodId, label: `${p.prodName} · ${p.shopName} · ${yuan(p.price)}${p.status === 1 ? '' : ` (${t('pointsmallAdmin.productOff')})`}` }))}
            />
          </Form.Item>
        ) : (
          <Typography.Paragraph>
            {t('pointsmallAdmin.fields.product')}: {editing.prodName}
          </Typography.Paragraph>
        )}
        <Form.Item name="scorePrice" label={t('pointsmallAdmin.fields.scorePrice')} rules={[{ required: true, message: t('pointsmallAdmin.fields.scorePriceRequired') }]}>
          <InputNumber min={1} max={POINTS_ITEM_SCORE_PRICE_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="cashYuan" label={t('pointsmallAdmin.fields.cashPrice')} extra={t('pointsmallAdmin.fields.cashHint')}>
          <InputNumber min={0} max={POINTS_ITEM_CASH_PRICE_MAX / 100} precision={2} step={0.01} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="stocks" label={t('pointsmallAdmin.fields.stocks')} extra={creating ? t('pointsmallAdmin.fields.stocksHint') : t('pointsmallAdmin.fields.stocksEditHint', { n: editing.stocks })} rules={[{ required: true, message: t('pointsmallAdmin.fields.stocksRequired') }]}>
          <InputNumber min={0} max={POINTS_ITEM_STOCKS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="unlimited" label={t('pointsmallAdmin.fields.unlimited')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {unlimited ? null : (
          <Form.Item name="maxNum" label={t('pointsmallAdmin.fields.maxNum')} rules={[{ required: true, message: t('pointsmallAdmin.fields.maxNumRequired') }]}>
            <InputNumber min={1} max={POINTS_ITEM_MAX_NUM_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {creating ? (
          <Form.Item name="onShelf" label={t('pointsmallAdmin.fields.onShelf')} valuePropName="checked">
            <Switch />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/** Every points item, with create, edit and on/off shelf. */
export function PointsMallPage({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('on');
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<AdminPointsItemRow | 'new' | null>(null);
  const list = useQuery({
    queryKey: [...KEY, lang, tab, name, current],
    queryFn: () => api('/admin/pointsMall/items', { lang, query: { status: STATUS_OF[tab], prodName: name || undefined, current, size: PAGE_SIZE }, schema: AdminPointsItemPageSchema }),
    placeholderData: keepPreviousData,
  });
  const shelf = useMutation({
    mutationFn: (input: { id: number; status: number }) => api(`/admin/pointsMall/items/${input.id}/status`, { lang, method: 'POST', body: { status: input.status }, schema: AdminPointsItemRowSchema }),
    onSuccess: (row) => void message.success(t(row.status === 1 ? 'pointsmallAdmin.putOn' : 'pointsmallAdmin.tookOff')),
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      await client.invalidateQueries({ queryKey: ['audit'] });
    },
  });
  const mayManage = can('pointsmall.manage');
  const search = () => {
    setName(typed.trim());
    setCurrent(1);
  };
  return (
    <section aria-labelledby="points-mall-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id="points-mall-title" style={{ fontSize: 20 }}>
          {t('pointsmallAdmin.title')}
        </Typography.Title>
        {mayManage ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('pointsmallAdmin.create')}
          </Button>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary">{t('pointsmallAdmin.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setCurrent(1);
        }}
        items={TABS.map((key) => ({ key, label: t(`pointsmallAdmin.tabs.${key}`) }))}
      />
      <Space style={{ marginBottom: 16 }}>
        <Input aria-label={t('pointsmallAdmin.search')} placeholder={t('pointsmallAdmin.search')} value={typed} onChange={(e) => setTyped(e.target.value)} onPressEnter={search} allowClear style={{ width: 260 }} />
        <Button onClick={search}>{t('pointsmallAdmin.searchButton')}</Button>
      </Space>
      {list.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(list.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      <Table<AdminPointsItemRow>
        rowKey="itemId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t('pointsmallAdmin.empty')}</Typography.Text> }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('pointsmallAdmin.total', { total }) }}
        columns={[
          {
            title: t('pointsmallAdmin.columns.product'),
            render: (_v, r) => (
              <Space>
                <img src={r.pic} alt="" width={40} height={40} style={{ objectFit: 'cover' }} />
                <span>
                  <span>{r.prodName}</span>
                  <br />
                  <Typography.Text type="secondary">{`${r.shopName} · ${yuan(r.price)}`}</Typography.Text>
                  {r.prodStatus !== 1 ? (
                    <>
                      {' '}
                      <Tag color="warning">{t('pointsmallAdmin.productOff')}</Tag>
                    </>
                  ) : null}
                </span>
              </Space>
            ),
          },
          { title: t('pointsmallAdmin.columns.scorePrice'), render: (_v, r) => t('pointsmallAdmin.points', { n: r.scorePrice }) },
          { title: t('pointsmallAdmin.columns.cashPrice'), render: (_v, r) => (r.cashPrice > 0 ? yuan(r.cashPrice) : t('pointsmallAdmin.pointsOnly')) },
          { title: t('pointsmallAdmin.columns.stocks'), render: (_v, r) => <span data-testid={`points-item-stock-${r.itemId}`}>{t('pointsmallAdmin.stockSold', { stocks: r.stocks, sold: r.soldNum })}</span> },
          { title: t('pointsmallAdmin.columns.maxNum'), render: (_v, r) => (r.maxNum === -1 ? t('pointsmallAdmin.unlimited') : t('pointsmallAdmin.limitPieces', { n: r.maxNum })) },
          { title: t('pointsmallAdmin.columns.status'), render: (_v, r) => <Tag color={r.status === 1 ? 'success' : 'default'}>{t(r.status === 1 ? 'pointsmallAdmin.tabs.on' : 'pointsmallAdmin.tabs.off')}</Tag> },
          {
            title: t('pointsmallAdmin.columns.actions'),
            render: (_v, r) =>
              mayManage ? (
                <Space>
                  <Button size="small" aria-label={t('pointsmallAdmin.editOn', { name: r.prodName })} onClick={() => setEditing(r)}>
                    {t('pointsmallAdmin.edit')}
                  </Button>
                  <Button
                    size="small"
                    aria-label={t(r.status === 1 ? 'pointsmallAdmin.offOn' : 'pointsmallAdmin.onOn', { name: r.prodName })}
                    loading={shelf.isPending && shelf.variables?.id === r.itemId}
                    onClick={() => shelf.mutate({ id: r.itemId, status: r.status === 1 ? 0 : 1 })}
                  >
                    {t(r.status === 1 ? 'pointsmallAdmin.takeOff' : 'pointsmallAdmin.putOnShelf')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      {editing ? <ItemDialog api={api} editing={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
