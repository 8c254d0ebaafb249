import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Radio, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  COUPON_DAYS_MAX,
  COUPON_LIMIT_MAX,
  COUPON_NAME_EN_MAX_LENGTH,
  COUPON_NAME_MAX_LENGTH,
  COUPON_RATE_MAX,
  COUPON_RATE_MIN,
  COUPON_STOCK_MAX,
  CouponAdminDetailSchema,
} from '@bazaar/shared/schemas/coupon-admin';
import type { DiscountProduct } from '@bazaar/shared/schemas/shop-promotion';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { yuan } from '../lib/format.ts';
import { ProductPicker } from './promotions-edit.tsx';

/** The wall-clock time the merchant picks is Beijing time, as the API reads and answers it. */
const API_TIME = 'YYYY-MM-DD HH:mm:ss';
const toFen = (value: number | null | undefined) => (value === null || value === undefined ? 0 : Math.round(value * 100));

interface Values {
  nameZh: string;
  nameEn: string;
  couponType: 1 | 2;
  condition: number | null;
  reduce: number | null;
  rate: number | null;
  suitableProdType: 0 | 1 | 2;
  validTimeType: 1 | 2;
  start: Dayjs | null;
  end: Dayjs | null;
  afterDays: number | null;
  validDays: number | null;
  totalStock: number | null;
  limitNum: number | null;
  getWay: 0 | 1;
  putonStatus: 0 | 1;
}

/** Create, edit or (once ended) view one of the shop's coupons. */
export function CouponEditPage({ couponId, onDone }: { couponId: number | null; onDone: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [products, setProducts] = useState<DiscountProduct[]>([]);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: ['coupon', couponId, lang],
    queryFn: () => api(`/merchant/coupons/${couponId}`, { lang, schema: CouponAdminDetailSchema }),
    enabled: couponId !== null,
  });
  const type = Form.useWatch('couponType', form) ?? 1;
  const scope = Form.useWatch('suitableProdType', form) ?? 0;
  const validity = Form.useWatch('validTimeType', form) ?? 1;
  const d = detail.data;
  const locked = d ? d.state === 'ended' : false;
  const termsLocked = d ? d.usage.received > 0 : false;

  useEffect(() => {
    if (!d) return;
    form.setFieldsValue({
      nameZh: d.nameZh,
      nameEn: d.nameEn,
      couponType: d.couponType === 2 ? 2 : 1,
      condition: d.cashCondition / 100,
      reduce: d.couponType === 1 ? d.reduceAmount / 100 : null,
      rate: d.couponDiscount,
      suitableProdType: d.suitableProdType as 0 | 1 | 2,
      validTimeType: d.validTimeType === 2 ? 2 : 1,
      start: d.startTime ? dayjs(d.startTime) : null,
      end: d.endTime ? dayjs(d.endTime) : null,
      afterDays: d.afterReceiveDays,
      validDays: d.validDays,
      totalStock: d.totalStock,
      limitNum: d.limitNum,
      getWay: d.getWay === 1 ? 1 : 0,
      putonStatus: d.putonStatus === 0 ? 0 : 1,
    });
    setProducts(d.products);
  }, [d, form]);

  async function save(values: Values) {
    setBusy(true);
    setError(null);
    const fixed = values.validTimeType === 1;
    const body = {
      nameZh: values.nameZh,
      nameEn: values.nameEn ?? '',
      couponType: values.couponType,
      cashCondition: toFen(values.condition),
      reduceAmount: values.couponType === 1 ? toFen(values.reduce) : 0,
      couponDiscount: values.couponType === 2 ? values.rate : null,
      suitableProdType: values.suitableProdType,
      productIds: values.suitableProdType === 0 ? [] : products.map((p) => p.prodId),
      validTimeType: values.validTimeType,
      startTime: fixed && values.start ? values.start.format(API_TIME) : null,
      endTime: fixed && values.end ? values.end.format(API_TIME) : null,
      afterReceiveDays: fixed ? 0 : (values.afterDays ?? 0),
      validDays: fixed ? null : values.validDays,
      totalStock: values.totalStock ?? 0,
      limitNum: values.limitNum ?? 1,
      getWay: values.getWay,
      putonStatus: values.putonStatus,
    };
    try {
      await api(couponId ? `/merchant/coupons/${couponId}` : '/merchant/coupons', { lang, method: couponId ? 'PUT' : 'POST', body, schema: CouponAdminDetailSchema });
      await client.invalidateQueries({ queryKey: ['coupons'] });
      await client.invalidateQueries({ queryKey: ['coupon'] });
      void message.success(t('coupons.form.saved'));
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
    } finally {
      setBusy(false);
    }
  }

  if (couponId !== null && detail.error) {
    return (
      <Typography.Paragraph type="danger" role="alert">
        {detail.error instanceof ApiError && detail.error.text ? detail.error.text : t('app.loadFailed')}
      </Typography.Paragraph>
    );
  }
  const titleKey = couponId === null ? 'coupons.form.addTitle' : locked ? 'coupons.form.viewTitle' : 'coupons.form.editTitle';
  const required = (field: string) => [{ required: true, message: t('coupons.form.required', { field: t(field) }) }];

  return (
    <section aria-labelledby="coupon-edit-title" style={{ maxWidth: 860 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="coupon-edit-title" style={{ fontSize: 20 }}>
          {t(titleKey)}
        </Typography.Title>
        <Button onClick={onDone}>{t('coupons.form.back')}</Button>
      </Space>
      {d ? (
        <Typography.Paragraph data-testid="coupon-usage">{t('coupons.form.usage', { received: d.usage.received, used: d.usage.used, amount: yuan(d.usage.reducedAmount) })}</Typography.Paragraph>
      ) : null}
      {locked ? (
        <Typography.Paragraph type="warning" role="status">
          {t('coupons.form.locked')}
        </Typography.Paragraph>
      ) : termsLocked ? (
        <Typography.Paragraph type="warning" role="status">
          {t('coupons.form.termsLocked')}
        </Typography.Paragraph>
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={locked || (couponId !== null && !d)}
        requiredMark={false}
        initialValues={{
          nameZh: '',
          nameEn: '',
          couponType: 1,
          condition: 0,
          reduce: null,
          rate: null,
          suitableProdType: 0,
          validTimeType: 1,
          start: null,
          end: null,
          afterDays: 0,
          validDays: 7,
          totalStock: 100,
          limitNum: 1,
          getWay: 0,
          putonStatus: 1,
        }}
        onFinish={(values) => void save(values)}
      >
        <Space wrap align="start" size="large">
          <Form.Item name="nameZh" label={t('coupons.form.nameZh')} rules={[{ required: true, whitespace: true, message: t('coupons.form.required', { field: t('coupons.form.nameZh') }) }]}>
            <Input maxLength={COUPON_NAME_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('coupons.form.nameEn')}>
            <Input maxLength={COUPON_NAME_EN_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Form.Item name="couponType" label={t('coupons.form.type')}>
          <Radio.Group optionType="button" disabled={termsLocked || locked} options={[1, 2].map((v) => ({ value: v, label: t(`coupons.type.${v}`) }))} />
        </Form.Item>
        <Space wrap align="start" size="large">
          <Form.Item name="condition" label={t('coupons.form.condition')} rules={required('coupons.form.condition')}>
            <InputNumber min={0} precision={2} disabled={termsLocked || locked} style={{ width: 180 }} />
          </Form.Item>
          {type === 1 ? (
            <Form.Item name="reduce" label={t('coupons.form.reduce')} rules={required('coupons.form.reduce')}>
              <InputNumber min={0.01} precision={2} disabled={termsLocked || locked} style={{ width: 180 }} />
            </Form.Item>
          ) : (
            <Form.Item name="rate" label={t('coupons.form.rate')} rules={required('coupons.form.rate')}>
              <InputNumber min={COUPON_RATE_MIN} max={COUPON_RATE_MAX} step={0.5} precision={1} disabled={termsLocked || locked} style={{ width: 180 }} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="suitableProdType" label={t('coupons.form.scope')}>
          <Radio.Group
            disabled={termsLocked || locked}
            options={[
              { value: 0, label: t('coupons.form.scopeAll') },
              { value: 1, label: t('coupons.form.scopeListed') },
              { value: 2, label: t('coupons.form.scopeExcept') },
            ]}
          />
        </Form.Item>
        {scope !== 0 ? (
          <div style={{ marginBottom: 16 }}>
            <Space style={{ marginBottom: 8 }}>
              {termsLocked || locked ? null : <Button onClick={() => setPicking(true)}>{t('coupons.form.pick')}</Button>}
              <Typography.Text>{t('coupons.form.picked', { count: products.length })}</Typography.Text>
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
                ...(termsLocked || locked
                  ? []
                  : [
                      {
                        title: t('coupons.columns.actions'),
                        render: (_v: unknown, p: DiscountProduct) => (
                          <Button size="small" onClick={() => setProducts((list) => list.filter((x) => x.prodId !== p.prodId))} aria-label={t('coupons.actionOn', { action: t('promotions.form.remove'), name: p.prodName })}>
                            {t('promotions.form.remove')}
                          </Button>
                        ),
                      },
                    ]),
              ]}
            />
          </div>
        ) : null}
        <Form.Item name="validTimeType" label={t('coupons.form.validity')}>
          <Radio.Group
            options={[
              { value: 1, label: t('coupons.form.fixed') },
              { value: 2, label: t('coupons.form.afterReceipt') },
            ]}
          />
        </Form.Item>
        {validity === 1 ? (
          <Space wrap size="large">
            <Form.Item name="start" label={t('coupons.form.start')} rules={required('coupons.form.start')}>
              <DatePicker showTime format={API_TIME} />
            </Form.Item>
            <Form.Item name="end" label={t('coupons.form.end')} rules={required('coupons.form.end')}>
              <DatePicker showTime format={API_TIME} />
            </Form.Item>
          </Space>
        ) : (
          <Space wrap size="large">
            <Form.Item name="afterDays" label={t('coupons.form.afterDays')} rules={required('coupons.form.afterDays')}>
              <InputNumber min={0} max={COUPON_DAYS_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="validDays" label={t('coupons.form.validDays')} rules={required('coupons.form.validDays')}>
              <InputNumber min={1} max={COUPON_DAYS_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Space>
        )}
        <Space wrap align="start" size="large">
          <Form.Item
            name="totalStock"
            label={t('coupons.form.stock')}
            extra={d ? t('coupons.form.stockHint', { received: d.totalStock - d.stocks }) : undefined}
            rules={required('coupons.form.stock')}
          >
            <InputNumber min={1} max={COUPON_STOCK_MAX} precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="limitNum" label={t('coupons.form.limit')} rules={required('coupons.form.limit')}>
            <InputNumber min={1} max={COUPON_LIMIT_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="getWay" label={t('coupons.form.getWay')}>
          <Radio.Group
            options={[
              { value: 0, label: t('coupons.form.receivable') },
              { value: 1, label: t('coupons.form.issuedOnly') },
            ]}
          />
        </Form.Item>
        <Form.Item name="putonStatus" label={t('coupons.form.puton')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('coupons.form.on') },
              { value: 0, label: t('coupons.form.off') },
            ]}
          />
        </Form.Item>
        {error ? (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        ) : null}
        {locked ? null : (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('coupons.form.save')}
          </Button>
        )}
      </Form>
      {picking ? (
        <ProductPicker
          initial={products}
          onCancel={() => setPicking(false)}
          onDone={(picked) => {
            setProducts(picked);
            setPicking(false);
          }}
        />
      ) : null}
    </section>
  );
}
