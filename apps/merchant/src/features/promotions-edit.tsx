import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Radio, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MerchantProductRowSchema, type MerchantProductRow } from '@bazaar/shared/schemas/merchant-product';
import {
  DISCOUNT_NAME_EN_MAX_LENGTH,
  DISCOUNT_NAME_MAX_LENGTH,
  DISCOUNT_RATE_MAX,
  DISCOUNT_RATE_MIN,
  DISCOUNT_TIERS_MAX,
  MerchantDiscountDetailSchema,
  type DiscountProduct,
} from '@bazaar/shared/schemas/shop-promotion';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { yuan } from '@bazaar/console-ui/format.ts';
import { ProductPickerModal, type ProductPickerProps } from '@bazaar/console-ui/product-picker.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

/** The wall-clock time the merchant picks is Beijing time, as the API reads and answers it. */
const API_TIME = 'YYYY-MM-DD HH:mm:ss';
const toFen = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 100));
const toYuan = (fen: number | null) => (fen === null ? null : fen / 100);

interface TierValues {
  need: number | null;
  reduce: number | null;
  discount: number | null;
}
interface Values {
  nameZh: string;
  nameEn: string;
  discountRule: 0 | 1 | 2;
  discountType: 0 | 1;
  suitableProdType: 0 | 1;
  tiers: TierValues[];
  cap: number | null;
  start: Dayjs | null;
  end: Dayjs | null;
}

/** Create, edit or (once ended or taken down) view one of the shop's promotions. */
export function PromotionEditPage({ discountId, onDone }: { discountId: number | null; onDone: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [products, setProducts] = useState<DiscountProduct[]>([]);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: ['discount', discountId, lang],
    queryFn: () => api(`/merchant/discounts/${discountId}`, { lang, schema: MerchantDiscountDetailSchema }),
    enabled: discountId !== null,
  });
  const rule = Form.useWatch('discountRule', form) ?? 0;
  const type = Form.useWatch('discountType', form) ?? 0;
  const scope = Form.useWatch('suitableProdType', form) ?? 0;
  const locked = detail.data ? detail.data.state === 'ended' || detail.data.state === 'takenDown' : false;

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    form.setFieldsValue({
      nameZh: d.nameZh,
      nameEn: d.nameEn,
      discountRule: d.discountRule as 0 | 1 | 2,
      discountType: d.discountType as 0 | 1,
      suitableProdType: d.suitableProdType as 0 | 1,
      tiers: d.tiers.map((tier) => ({ need: d.discountRule === 1 ? tier.needAmount : tier.needAmount / 100, reduce: toYuan(tier.reduceAmount), discount: tier.discount })),
      cap: toYuan(d.maxReduceAmount),
      start: dayjs(d.startTime),
      end: dayjs(d.endTime),
    });
    setProducts(d.products);
  }, [detail.data, form]);

  async function save(values: Values) {
    setBusy(true);
    setError(null);
    const pieces = values.discountRule === 1;
    const body = {
      nameZh: values.nameZh,
      nameEn: values.nameEn ?? '',
      discountRule: values.discountRule,
      discountType: values.discountRule === 0 ? values.discountType : 0,
      suitableProdType: values.suitableProdType,
      productIds: values.suitableProdType === 1 ? products.map((p) => p.prodId) : [],
      startTime: values.start ? values.start.format(API_TIME) : '',
      endTime: values.end ? values.end.format(API_TIME) : '',
      maxReduceAmount: values.discountRule === 0 ? null : toFen(values.cap),
      tiers: (values.tiers ?? []).map((tier) => ({
        needAmount: pieces ? (tier.need ?? 0) : (toFen(tier.need) ?? 0),
        reduceAmount: values.discountRule === 0 ? (toFen(tier.reduce) ?? 0) : 0,
        discount: values.discountRule === 0 ? null : tier.discount,
      })),
    };
    try {
      await api(discountId ? `/merchant/discounts/${discountId}` : '/merchant/discounts', { lang, method: discountId ? 'PUT' : 'POST', body, schema: MerchantDiscountDetailSchema });
      await client.invalidateQueries({ queryKey: ['discounts'] });
      await client.invalidateQueries({ queryKey: ['discount'] });
      void message.success(t('promotions.form.saved'));
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
    } finally {
      setBusy(false);
    }
  }

  const titleKey = discountId === null ? 'promotions.form.addTitle' : locked ? 'promotions.form.viewTitle' : 'promotions.form.editTitle';
  if (discountId !== null && detail.error) {
    return (
      <Typography.Paragraph type="danger" role="alert">
        {detail.error instanceof ApiError && detail.error.text ? detail.error.text : t('app.loadFailed')}
      </Typography.Paragraph>
    );
  }
  const required = (field: string) => [{ required: true, message: t('promotions.form.required', { field: t(field) }) }];

  return (
    <section aria-labelledby="promotion-edit-title" style={{ maxWidth: 860 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="promotion-edit-title" style={{ fontSize: 20 }}>
          {t(titleKey)}
        </Typography.Title>
        <Button onClick={onDone}>{t('promotions.form.back')}</Button>
      </Space>
      {locked ? (
        <Typography.Paragraph type="warning" role="status">
          {t('promotions.form.locked')}
          {detail.data?.offenceReason ? ` ${t('promotions.takenDownReason', { reason: detail.data.offenceReason })}` : ''}
        </Typography.Paragraph>
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={locked || (discountId !== null && !detail.data)}
        requiredMark={false}
        initialValues={{ nameZh: '', nameEn: '', discountRule: 0, discountType: 0, suitableProdType: 0, tiers: [{ need: null, reduce: null, discount: null }], cap: null, start: null, end: null }}
        onFinish={(values) => void save(values)}
      >
        <Space wrap align="start" size="large">
          <Form.Item name="nameZh" label={t('promotions.form.nameZh')} rules={[{ required: true, whitespace: true, message: t('promotions.form.required', { field: t('promotions.form.nameZh') }) }]}>
            <Input maxLength={DISCOUNT_NAME_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('promotions.form.nameEn')}>
            <Input maxLength={DISCOUNT_NAME_EN_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Form.Item name="discountRule" label={t('promotions.form.rule')} extra={t(`promotions.form.ruleHint.${rule}`)}>
          <Radio.Group
            optionType="button"
            options={[0, 1, 2].map((r) => ({ value: r, label: t(`promotions.rule.${r}`) }))}
            onChange={() => form.setFieldsValue({ discountType: 0, cap: null, tiers: [{ need: null, reduce: null, discount: null }] })}
          />
        </Form.Item>
        {rule === 0 ? (
          <Form.Item name="discountType" label={t('promotions.form.type')}>
            <Radio.Group
              options={[
                { value: 0, label: t('promotions.form.ladder') },
                { value: 1, label: t('promotions.form.everyFull') },
              ]}
              onChange={(e) => {
                if (e.target.value === 1) form.setFieldsValue({ tiers: (form.getFieldValue('tiers') as TierValues[]).slice(0, 1) });
              }}
            />
          </Form.Item>
        ) : null}
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('promotions.form.tiers')}</legend>
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline" wrap aria-label={t('promotions.form.tierLabel', { n: i + 1 })} role="group">
                    <Form.Item name={[field.name, 'need']} label={t(rule === 1 ? 'promotions.form.tierNeedPieces' : 'promotions.form.tierNeedYuan')} rules={required(rule === 1 ? 'promotions.form.tierNeedPieces' : 'promotions.form.tierNeedYuan')}>
                      <InputNumber min={rule === 1 ? 1 : 0.01} precision={rule === 1 ? 0 : 2} style={{ width: 150 }} />
                    </Form.Item>
                    {rule === 0 ? (
                      <Form.Item name={[field.name, 'reduce']} label={t('promotions.form.tierReduce')} rules={required('promotions.form.tierReduce')}>
                        <InputNumber min={0.01} precision={2} style={{ width: 150 }} />
                      </Form.Item>
                    ) : (
                      <Form.Item name={[field.name, 'discount']} label={t('promotions.form.tierDiscount')} rules={required('promotions.form.tierDiscount')}>
                        <InputNumber min={DISCOUNT_RATE_MIN} max={DISCOUNT_RATE_MAX} step={0.5} precision={1} style={{ width: 150 }} />
                      </Form.Item>
                    )}
                    {fields.length > 1 ? (
                      <Button onClick={() => remove(field.name)} aria-label={t('promotions.form.removeTier', { n: i + 1 })}>
                        {t('promotions.form.remove')}
                      </Button>
                    ) : null}
                  </Space>
                ))}
                {fields.length < DISCOUNT_TIERS_MAX && !(rule === 0 && type === 1) ? (
                  <div>
                    <Button onClick={() => add({ need: null, reduce: null, discount: null })}>{t('promotions.form.addTier')}</Button>
                  </div>
                ) : null}
              </>
            )}
          </Form.List>
        </fieldset>
        {rule !== 0 ? (
          <Form.Item name="cap" label={t('promotions.form.cap')} extra={t('promotions.form.capHint')}>
            <InputNumber min={0.01} precision={2} style={{ width: 180 }} />
          </Form.Item>
        ) : null}
        <Space wrap size="large">
          <Form.Item name="start" label={t('promotions.form.start')} rules={required('promotions.form.start')}>
            <DatePicker showTime format={API_TIME} />
          </Form.Item>
          <Form.Item name="end" label={t('promotions.form.end')} rules={required('promotions.form.end')}>
            <DatePicker showTime format={API_TIME} />
          </Form.Item>
        </Space>
        <Form.Item name="suitableProdType" label={t('promotions.form.scope')}>
          <Radio.Group
            options={[
              { value: 0, label: t('promotions.form.scopeAll') },
              { value: 1, label: t('promotions.form.scopeSelected') },
            ]}
          />
        </Form.Item>
        {scope === 1 ? (
          <div style={{ marginBottom: 16 }}>
            <Space style={{ marginBottom: 8 }}>
              <Button onClick={() => setPicking(true)}>{t('promotions.form.pick')}</Button>
              <Typography.Text>{t('promotions.form.picked', { count: products.length })}</Typography.Text>
            </Space>
            <Table<DiscountProduct>
              size="small"
              rowKey="prodId"
              pagination={false}
              dataSource={products}
              locale={{ emptyText: t('promotions.picker.empty') }}
              columns={[
                { title: t('promotions.picker.name'), render: (_v, p) => <>{p.prodName} {p.onShelf ? null : <Tag>{t('promotions.form.offShelf')}</Tag>}</> },
                { title: t('promotions.picker.price'), render: (_v, p) => yuan(p.price) },
                {
                  title: t('promotions.columns.actions'),
                  render: (_v, p) => (
                    <Button size="small" onClick={() => setProducts((list) => list.filter((x) => x.prodId !== p.prodId))} aria-label={t('promotions.actionOn', { action: t('promotions.form.remove'), name: p.prodName })}>
                      {t('promotions.form.remove')}
                    </Button>
                  ),
                },
              ]}
            />
          </div>
        ) : null}
        <FormError error={error} />
        {locked ? null : (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('promotions.form.save')}
          </Button>
        )}
      </Form>
      {picking ? <ProductPicker initial={products} onCancel={() => setPicking(false)} onDone={(picked) => { setProducts(picked); setPicking(false); }} /> : null}
    </section>
  );
}

/** The shop's own products (the merchant product list answers only them), picked across pages. */
export function ProductPicker(props: ProductPickerProps) {
  const { t } = useI18n();
  return (
    <ProductPickerModal<MerchantProductRow>
      {...props}
      api={api}
      path="/merchant/product/page"
      queryKey="promotion-picker"
      rowSchema={MerchantProductRowSchema}
      prefix="promotions"
      width={720}
      columns={(nameOf) => [
        { title: t('promotions.picker.name'), render: (_v, p) => `${nameOf(p)} (#${p.prodId})` },
        { title: t('promotions.picker.price'), render: (_v, p) => yuan(p.price) },
        { title: t('promotions.picker.status'), render: (_v, p) => <Tag>{t(p.status === 1 ? 'promotions.picker.onShelf' : 'promotions.picker.offShelf')}</Tag> },
      ]}
    />
  );
}
