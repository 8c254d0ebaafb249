// Every shop's products for staff: search by name or id, by shop and state; take one off the
// shelf for a rule violation with a reason its merchant sees, or lift that (both audited).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Image, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { yuan } from '@bazaar/console-ui/format.ts';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminProductRowSchema, PRODUCT_LIST_STATUSES, TAKEDOWN_REASON_MAX, type AdminProductRow } from '@bazaar/shared/schemas/merchant-product';
import { api, ApiError } from '../lib/api.ts';
import { useCan } from '../lib/permissions.tsx';
import { useI18n } from '../lib/i18n.tsx';

const PageSchema = pageOf(AdminProductRowSchema);
const PAGE_SIZE = 10;

export function ProductsPage() {
  const { t, lang } = useI18n();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [shopId, setShopId] = useState<number | null>(null);
  const [status, setStatus] = useState<(typeof PRODUCT_LIST_STATUSES)[number]>('all');
  const [current, setCurrent] = useState(1);
  const [target, setTarget] = useState<AdminProductRow | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const failure = (err: unknown) => (err instanceof ApiError && err.text ? err.text : t('app.serverError'));

  const list = useQuery({
    queryKey: ['products', keyword, shopId, status, current, lang],
    queryFn: () => api('/admin/products', { lang, query: { keyword, shopId: shopId ?? undefined, status, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const takeDown = useMutation({
    mutationFn: (input: { prodId: number; reason: string }) => api(`/admin/products/${input.prodId}/takedown`, { lang, method: 'POST', body: { reason: input.reason } }),
    onSuccess: () => {
      void message.success(t('products.done'));
      setTarget(null);
      void client.invalidateQueries({ queryKey: ['products'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => setReasonError(failure(err)),
  });
  const lift = useMutation({
    mutationFn: (prodId: number) => api(`/admin/products/${prodId}/lift`, { lang, method: 'POST', body: {} }),
    onSuccess: () => {
      void message.success(t('products.lifted'));
      void client.invalidateQueries({ queryKey: ['products'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => void message.error(failure(err)),
  });
  const name = (p: AdminProductRow) => (lang === 'en' && p.nameEn ? p.nameEn : p.nameZh);

  return (
    <section aria-labelledby="products-title">
      <Typography.Title level={2} id="products-title" style={{ fontSize: 20 }}>
        {t('products.title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('products.search')}
          placeholder={t('products.search')}
          allowClear
          enterButton={t('products.searchButton')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            if (value.trim() === keyword) void list.refetch();
            setKeyword(value.trim());
            setCurrent(1);
          }}
          style={{ width: 320 }}
        />
        <InputNumber
          aria-label={t('products.shopId')}
          placeholder={t('products.shopId')}
          min={1}
          precision={0}
          value={shopId}
          onChange={(v) => {
            setShopId(v);
            setCurrent(1);
          }}
        />
        <Select
          aria-label={t('products.columns.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setCurrent(1);
          }}
          style={{ width: 140 }}
          options={PRODUCT_LIST_STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))}
        />
      </Space>
      {list.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {failure(list.error)}
        </Typography.Paragraph>
      ) : null}
      <Table<AdminProductRow>
        rowKey="prodId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t('products.empty')}</Typography.Text> }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('products.total', { count: total }) }}
        columns={[
          {
            title: t('products.columns.product'),
            render: (_v, p) => (
              <Space align="start">
                <Image src={p.pic} width={48} height={48} style={{ objectFit: 'cover' }} alt="" preview={false} />
                <div>
                  <div>{name(p)}</div>
                  <Typography.Text type="secondary">ID {p.prodId}</Typography.Text>
                  {p.offence ? (
                    <div>
                      <Typography.Text type="danger">{t('products.reason', { reason: p.offence.reason })}</Typography.Text>
                    </div>
                  ) : null}
                </div>
              </Space>
            ),
          },
          { title: t('products.columns.shop'), render: (_v, p) => `${p.shopName} (${p.shopId})` },
          { title: t('products.columns.price'), render: (_v, p) => yuan(p.price) },
          { title: t('products.columns.stock'), render: (_v, p) => (p.totalStocks === -1 ? t('products.unlimited') : p.totalStocks) },
          {
            title: t('products.columns.status'),
            render: (_v, p) =>
              p.offence ? <Tag color="red">{t('products.status.takenDown')}</Tag> : <Tag>{t(p.status === 1 ? 'products.status.onShelf' : 'products.status.offShelf')}</Tag>,
          },
          { title: t('products.columns.updated'), dataIndex: 'updateTime' },
          {
            title: t('products.columns.actions'),
            render: (_v, p) =>
              !can('products.takedown') ? null : p.offence ? (
                <Popconfirm title={t('products.liftConfirm')} onConfirm={() => lift.mutate(p.prodId)}>
                  <Button size="small" aria-label={`${t('products.lift')} ${p.prodId}`}>
                    {t('products.lift')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  size="small"
                  danger
                  aria-label={`${t('products.takeDown')} ${p.prodId}`}
                  onClick={() => {
                    setTarget(p);
                    setReason('');
                    setReasonError(null);
                  }}
                >
                  {t('products.takeDown')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={target !== null}
        title={target ? t('products.dialogTitle', { name: name(target) }) : ''}
        okText={t('products.confirm')}
        cancelText={t('products.cancel')}
        okButtonProps={{ danger: true, loading: takeDown.isPending }}
        onCancel={() => setTarget(null)}
        onOk={() => {
          if (!reason.trim()) {
            setReasonError(t('products.reasonRequired'));
            return;
          }
          if (target) takeDown.mutate({ prodId: target.prodId, reason: reason.trim() });
        }}
      >
        <Form layout="vertical">
          <Form.Item label={t('products.reasonLabel')} htmlFor="takedown-reason" validateStatus={reasonError ? 'error' : undefined} help={reasonError ?? undefined}>
            <Input.TextArea id="takedown-reason" rows={3} maxLength={TAKEDOWN_REASON_MAX} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
