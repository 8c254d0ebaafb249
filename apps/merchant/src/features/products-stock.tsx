// Adjusting one SKU's stock by a delta or to a value, with a reason, and the SKU's adjustment log.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Table, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  MerchantProductDetailSchema,
  STOCK_REASON_MAX,
  StockAdjustResultSchema,
  StockLogSchema,
  type MerchantProductRow,
  type StockLog,
} from '@bazaar/shared/schemas/merchant-product';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

const LogPageSchema = pageOf(StockLogSchema);

interface Values {
  mode: 'delta' | 'set';
  amount: number;
  reason: string;
}

export function StockModal({ product, onClose }: { product: MerchantProductRow; onClose: () => void }) {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [skuId, setSkuId] = useState<number | undefined>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const detail = useQuery({
    queryKey: ['product', product.prodId, lang],
    queryFn: () => api(`/merchant/product/info/${product.prodId}`, { lang, schema: MerchantProductDetailSchema }),
  });
  const skus = (detail.data?.skus ?? []).filter((s) => s.status === 1);
  const chosen = skuId ?? skus[0]?.skuId;
  const logs = useQuery({
    queryKey: ['stock-logs', chosen, lang],
    enabled: chosen !== undefined,
    queryFn: () => api('/merchant/sku/stock-logs', { lang, query: { skuId: chosen, size: 10 }, schema: LogPageSchema }),
  });
  const adjust = useMutation({
    mutationFn: (values: Values) => api('/merchant/sku/stock', { lang, method: 'POST', body: { skuId: chosen, ...values }, schema: StockAdjustResultSchema }),
    onSuccess: (moved) => {
      setResult({ ok: true, text: t('products.stockModal.done', { stocks: moved.stocks }) });
      form.resetFields(['amount', 'reason']);
      void client.invalidateQueries({ queryKey: ['product', product.prodId] });
      void client.invalidateQueries({ queryKey: ['stock-logs', chosen] });
    },
    onError: (err) => setResult({ ok: false, text: err instanceof ApiError && err.text ? err.text : t('app.serverError') }),
  });
  const skuLabel = (s: (typeof skus)[number]) => `${(lang === 'en' ? s.nameEn : s.nameZh) ?? t('products.form.defaultSku')} · ${t('products.stockModal.current', { stocks: s.stocks === -1 ? t('products.unlimited') : s.stocks })}`;

  return (
    <Modal
      open
      title={t('products.stockModal.title', { name: lang === 'en' && product.nameEn ? product.nameEn : product.nameZh })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('products.stockModal.close')}</Button>}
      width={640}
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ mode: 'delta' }} onFinish={(v) => adjust.mutate(v)}>
        <Form.Item label={t('products.stockModal.sku')} htmlFor="stock-sku">
          <Select
            id="stock-sku"
            value={chosen}
            loading={detail.isFetching}
            onChange={(v) => {
              setSkuId(v);
              setResult(null);
            }}
            options={skus.map((s) => ({ value: s.skuId, label: skuLabel(s) }))}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('products.stockModal.mode')}>
          <Radio.Group
            options={[
              { value: 'delta', label: t('products.stockModal.delta') },
              { value: 'set', label: t('products.stockModal.set') },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('products.stockModal.amount')} extra={t('products.stockModal.amountHelp')} rules={[{ required: true, message: t('products.stockModal.amount') }]}>
          <InputNumber precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('products.stockModal.reason')} rules={[{ required: true, whitespace: true, message: t('products.stockModal.reason') }]}>
          <Input maxLength={STOCK_REASON_MAX} />
        </Form.Item>
        {result ? (
          <Typography.Paragraph type={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Typography.Paragraph>
        ) : null}
        <Button type="primary" htmlType="submit" loading={adjust.isPending} disabled={chosen === undefined}>
          {t('products.stockModal.submit')}
        </Button>
      </Form>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {t('products.stockModal.logs')}
      </Typography.Title>
      <Table<StockLog>
        rowKey="id"
        size="small"
        pagination={false}
        loading={logs.isFetching}
        dataSource={logs.data?.records ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t('products.stockModal.noLogs')}</Typography.Text> }}
        columns={[
          { title: t('products.stockModal.logColumns.time'), dataIndex: 'createTime' },
          { title: t('products.stockModal.logColumns.change'), render: (_v, l) => (l.delta > 0 ? `+${l.delta}` : l.delta) },
          { title: t('products.stockModal.logColumns.after'), dataIndex: 'stocksAfter' },
          { title: t('products.stockModal.logColumns.reason'), dataIndex: 'reason' },
          { title: t('products.stockModal.logColumns.actor'), dataIndex: 'actorName' },
        ]}
      />
    </Modal>
  );
}
