import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { COMBO_LINE_COUNT_MAX, COMBO_LINES_MAX, COMBO_NAME_EN_MAX_LENGTH, COMBO_NAME_MAX_LENGTH, MerchantComboDetailSchema } from '@bazaar/shared/schemas/combo';
import { MerchantProductDetailSchema } from '@bazaar/shared/schemas/merchant-product';
import type { DiscountProduct } from '@bazaar/shared/schemas/shop-promotion';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { yuan } from '@bazaar/console-ui/format.ts';
import { ProductPicker } from './promotions-edit.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

/** The wall-clock time the merchant picks is Beijing time, as the API reads and answers it. */
const API_TIME = 'YYYY-MM-DD HH:mm:ss';

interface Line {
  prodId: number;
  prodName: string;
  onShelf: boolean;
  /** Null until the product's SKUs are read (then its first enabled one) or the merchant picks one. */
  skuId: number | null;
  count: number;
}
interface Values {
  nameZh: string;
  nameEn: string;
  amount: number | null;
  start: Dayjs | null;
  end: Dayjs | null;
}

/** One line's specification: the product's enabled SKUs with their prices (the first in stock is taken until another is chosen). */
function SkuSelect({ line, onChange, disabled }: { line: Line; onChange: (skuId: number) => void; disabled: boolean }) {
  const { t, lang } = useI18n();
  const product = useQuery({
    queryKey: ['combo-line-skus', line.prodId, lang],
    queryFn: () => api(`/merchant/product/info/${line.prodId}`, { lang, schema: MerchantProductDetailSchema }),
  });
  const skus = (product.data?.skus ?? []).filter((s) => s.status === 1);
  const first = (skus.find((s) => s.stocks !== 0) ?? skus[0])?.skuId;
  useEffect(() => {
    if (line.skuId === null && first !== undefined) onChange(first);
  }, [line.skuId, first, onChange]);
  const nameOf = (s: (typeof skus)[number]) => (lang === 'en' ? s.nameEn || s.values.join(' / ') : s.nameZh || s.values.join(' / '));
  return (
    <Select
      aria-label={t('combos.form.skuOf', { name: line.prodName })}
      style={{ width: 240 }}
      loading={product.isFetching}
      disabled={disabled}
      value={line.skuId ?? undefined}
      onChange={onChange}
      options={skus.map((s) => ({ value: s.skuId, label: `${nameOf(s) || '—'} · ${yuan(s.price)}` }))}
    />
  );
}

/** Create, edit or (once ended) view one of the shop's discount packages. */
export function ComboEditPage({ comboId, onDone }: { comboId: number | null; onDone: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [lines, setLines] = useState<Line[]>([]);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: ['combo', comboId, lang],
    queryFn: () => api(`/merchant/combos/${comboId}`, { lang, schema: MerchantComboDetailSchema }),
    enabled: comboId !== null,
  });
  const locked = detail.data?.state === 'ended';

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    form.setFieldsValue({ nameZh: d.nameZh, nameEn: d.nameEn, amount: d.comboAmount / 100, start: dayjs(d.startTime), end: dayjs(d.endTime) });
    setLines(d.lines.map((l) => ({ prodId: l.prodId, prodName: l.prodName, onShelf: l.onShelf, skuId: l.skuId, count: l.count })));
  }, [detail.data, form]);

  const setLine = (prodId: number, change: Partial<Line>) => setLines((list) => list.map((l) => (l.prodId === prodId ? { ...l, ...change } : l)));

  function picked(products: DiscountProduct[]) {
    setPicking(false);
    // Lines already set keep their SKU and count; new products come after them, in the order picked.
    setLines((list) => {
      const kept = list.filter((l) => products.some((p) => p.prodId === l.prodId));
      const added = products.filter((p) => !list.some((l) => l.prodId === p.prodId)).map((p) => ({ prodId: p.prodId, prodName: p.prodName, onShelf: p.onShelf, skuId: null, count: 1 }));
      return [...kept, ...added];
    });
  }

  async function save(values: Values) {
    setBusy(true);
    setError(null);
    const body = {
      nameZh: values.nameZh,
      nameEn: values.nameEn ?? '',
      comboAmount: values.amount === null ? 0 : Math.round(values.amount * 100),
      startTime: values.start ? values.start.format(API_TIME) : '',
      endTime: values.end ? values.end.format(API_TIME) : '',
      lines: lines.map((l) => ({ prodId: l.prodId, skuId: l.skuId ?? 0, count: l.count })),
    };
    try {
      await api(comboId ? `/merchant/combos/${comboId}` : '/merchant/combos', { lang, method: comboId ? 'PUT' : 'POST', body, schema: MerchantComboDetailSchema });
      await client.invalidateQueries({ queryKey: ['combos'] });
      await client.invalidateQueries({ queryKey: ['combo'] });
      void message.success(t('combos.form.saved'));
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
    } finally {
      setBusy(false);
    }
  }

  if (comboId !== null && detail.error) {
    return (
      <Typography.Paragraph type="danger" role="alert">
        {detail.error instanceof ApiError && detail.error.text ? detail.error.text : t('app.loadFailed')}
      </Typography.Paragraph>
    );
  }
  const titleKey = comboId === null ? 'combos.form.addTitle' : locked ? 'combos.form.viewTitle' : 'combos.form.editTitle';
  const required = (field: string) => [{ required: true, message: t('combos.form.required', { field: t(field) }) }];
  const d = detail.data;

  return (
    <section aria-labelledby="combo-edit-title" style={{ maxWidth: 900 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="combo-edit-title" style={{ fontSize: 20 }}>
          {t(titleKey)}
        </Typography.Title>
        <Button onClick={onDone}>{t('combos.form.back')}</Button>
      </Space>
      {locked ? (
        <Typography.Paragraph type="warning" role="status">
          {t('combos.form.locked')}
        </Typography.Paragraph>
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={locked || (comboId !== null && !d)}
        requiredMark={false}
        // A new package starts now and runs a week unless the merchant says otherwise.
        initialValues={{ nameZh: '', nameEn: '', amount: null, start: comboId === null ? dayjs().startOf('minute') : null, end: comboId === null ? dayjs().startOf('minute').add(7, 'day') : null }}
        onFinish={(values) => void save(values)}
      >
        <Space wrap align="start" size="large">
          <Form.Item name="nameZh" label={t('combos.form.nameZh')} rules={[{ required: true, whitespace: true, message: t('combos.form.required', { field: t('combos.form.nameZh') }) }]}>
            <Input maxLength={COMBO_NAME_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('combos.form.nameEn')}>
            <Input maxLength={COMBO_NAME_EN_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('combos.form.products')}</legend>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('combos.form.productsHint')}
          </Typography.Paragraph>
          <Button onClick={() => setPicking(true)} style={{ marginBottom: 8 }}>
            {t('combos.form.pick')}
          </Button>
          <Table<Line>
            size="small"
            rowKey="prodId"
            pagination={false}
            dataSource={lines}
            locale={{ emptyText: t('promotions.picker.empty') }}
            columns={[
              {
                title: t('combos.form.product'),
                render: (_v, l, i) => (
                  <>
                    {l.prodName} {i === 0 ? <Tag color="red">{t('combos.form.main')}</Tag> : null}
                    {l.onShelf ? null : <Tag>{t('combos.form.offShelf')}</Tag>}
                  </>
                ),
              },
              { title: t('combos.form.sku'), render: (_v, l) => <SkuSelect line={l} disabled={locked} onChange={(skuId) => setLine(l.prodId, { skuId })} /> },
              {
                title: t('combos.form.count'),
                render: (_v, l) => (
                  <InputNumber
                    aria-label={t('combos.form.countOf', { name: l.prodName })}
                    min={1}
                    max={COMBO_LINE_COUNT_MAX}
                    precision={0}
                    value={l.count}
                    disabled={locked}
                    onChange={(value) => setLine(l.prodId, { count: value ?? 1 })}
                  />
                ),
              },
              {
                title: t('combos.columns.actions'),
                render: (_v, l) => (
                  <Button size="small" disabled={locked} onClick={() => setLines((list) => list.filter((x) => x.prodId !== l.prodId))} aria-label={t('combos.form.removeOf', { name: l.prodName })}>
                    {t('combos.form.remove')}
                  </Button>
                ),
              },
            ]}
          />
        </fieldset>
        <Form.Item name="amount" label={t('combos.form.amount')} rules={required('combos.form.amount')} extra={d ? t('combos.form.original', { amount: yuan(d.originalAmount), save: yuan(Math.max(0, d.originalAmount - d.comboAmount)) }) : t('combos.form.amountHint')}>
          <InputNumber min={0.01} precision={2} style={{ width: 180 }} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="start" label={t('combos.form.start')} rules={required('combos.form.start')}>
            <DatePicker showTime format={API_TIME} />
          </Form.Item>
          <Form.Item name="end" label={t('combos.form.end')} rules={required('combos.form.end')}>
            <DatePicker showTime format={API_TIME} />
          </Form.Item>
        </Space>
        <FormError error={error} />
        {locked ? null : (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('combos.form.save')}
          </Button>
        )}
      </Form>
      {picking ? (
        <ProductPicker
          initial={lines.map((l) => ({ prodId: l.prodId, prodName: l.prodName, pic: '', price: 0, onShelf: l.onShelf }))}
          onCancel={() => setPicking(false)}
          onDone={(products) => picked(products.slice(0, COMBO_LINES_MAX))}
        />
      ) : null}
    </section>
  );
}
