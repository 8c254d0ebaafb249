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
import { ProductPicker } from './coupons-picker.tsx';

// The form of a platform coupon (issue 11 §5, decision 044): every kind the coupon module knows.
/** The wall-clock time staff pick is Beijing time, as the API reads and answers it. */
const API_TIME = 'YYYY-MM-DD HH:mm:ss';
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
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

/** Create, edit or (once ended) view one of the platform's coupons; every save is audited. */
export function PlatformCouponForm({ couponId, onDone }: { couponId: number | null; onDone: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [products, setProducts] = useState<DiscountProduct[]>([]);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: ['platform-coupon', couponId, lang],
    queryFn: () => api(`/admin/coupons/${couponId}`, { lang, schema: CouponAdminDetailSchema }),
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
      await api(couponId ? `/admin/coupons/${couponId}` : '/admin/coupons', { lang, method: couponId ? 'PUT' : 'POST', body, schema: CouponAdminDetailSchema });
      await client.invalidateQueries({ queryKey: ['platform-coupons'] });
      await client.invalidateQueries({ queryKey: ['platform-coupon'] });
      await client.invalidateQueries({ queryKey: ['audit'] });
      void message.success(t('platformCoupons.form.saved'));
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
  const titleKey = couponId === null ? 'platformCoupons.form.addTitle' : locked ? 'platformCoupons.form.viewTitle' : 'platformCoupons.form.editTitle';
  const required = (field: string) => [{ required: true, message: t('platformCoupons.form.required', { field: t(field) }) }];

  return (
    <section aria-labelledby="platform-coupon-edit-title" style={{ maxWidth: 860 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="platform-coupon-edit-title" style={{ fontSize: 20 }}>
          {t(titleKey)}
        </Typography.Title>
        <Button onClick={onDone}>{t('platformCoupons.form.back')}</Button>
      </Space>
      {d ? (
        <Typography.Paragraph data-testid="coupon-usage">{t('platformCoupons.form.usage', { received: d.usage.received, used: d.usage.used, amount: yuan(d.usage.reducedAmount) })}</Typography.Paragraph>
      ) : null}
      {locked ? (
        <Typography.Paragraph type="warning" role="status">
          {t('platformCoupons.form.locked')}
        </Typography.Paragraph>
      ) : termsLocked ? (
        <Typography.Paragraph type="warning" role="status">
          {t('platformCoupons.form.termsLocked')}
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
          <Form.Item name="nameZh" label={t('platformCoupons.form.nameZh')} rules={[{ required: true, whitespace: true, message: t('platformCoupons.form.required', { field: t('platformCoupons.form.nameZh') }) }]}>
            <Input maxLength={COUPON_NAME_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('platformCoupons.form.nameEn')}>
            <Input maxLength={COUPON_NAME_EN_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Form.Item name="couponType" label={t('platformCoupons.form.type')}>
          <Radio.Group optionType="button" disabled={termsLocked || locked} options={[1, 2].map((v) => ({ value: v, label: t(`platformCoupons.type.${v}`) }))} />
        </Form.Item>
        <Space wrap align="start" size="large">
          <Form.Item name="condition" label={t('platformCoupons.form.condition')} rules={required('platformCoupons.form.condition')}>
            <InputNumber min={0} precision={2} disabled={termsLocked || locked} style={{ width: 180 }} />
          </Form.Item>
          {type === 1 ? (
            <Form.Item name="reduce" label={t('platformCoupons.form.reduce')} rules={required('platformCoupons.form.reduce')}>
              <InputNumber min={0.01} precision={2} disabled={termsLocked || locked} style={{ width: 180 }} />
            </Form.Item>
          ) : (
            <Form.Item name="rate" label={t('platformCoupons.form.rate')} rules={required('platformCoupons.form.rate')}>
              <InputNumber min={COUPON_RATE_MIN} max={COUPON_RATE_MAX} step={0.5} precision={1} disabled={termsLocked || locked} style={{ width: 180 }} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="suitableProdType" label={t('platformCoupons.form.scope')}>
          <Radio.Group
            disabled={termsLocked || locked}
            options={[
              { value: 0, label: t('platformCoupons.form.scopeAll') },
              { value: 1, label: t('platformCoupons.form.scopeListed') },
              { value: 2, label: t('platformCoupons.form.scopeExcept') },
            ]}
          />
        </Form.Item>
        {scope !== 0 ? (
          <div style={{ marginBottom: 16 }}>
            <Space style={{ marginBottom: 8 }}>
              {termsLocked || locked ? null : <Button onClick={() => setPicking(true)}>{t('platformCoupons.form.pick')}</Button>}
              <Typography.Text>{t('platformCoupons.form.picked', { count: products.length })}</Typography.Text>
            </Space>
            <Table<DiscountProduct>
              size="small"
              rowKey="prodId"
              pagination={false}
              dataSource={products}
              locale={{ emptyText: t('platformCoupons.picker.empty') }}
              columns={[
                { title: t('platformCoupons.picker.name'), render: (_v, p) => <>{p.prodName} {p.onShelf ? null : <Tag>{t('platformCoupons.picker.offShelf')}</Tag>}</> },
                { title: t('platformCoupons.picker.price'), render: (_v, p) => yuan(p.price) },
                ...(termsLocked || locked
                  ? []
                  : [
                      {
                        title: t('platformCoupons.columns.actions'),
                        render: (_v: unknown, p: DiscountProduct) => (
                          <Button size="small" onClick={() => setProducts((list) => list.filter((x) => x.prodId !== p.prodId))} aria-label={t('platformCoupons.actionOn', { action: t('platformCoupons.form.remove'), name: p.prodName })}>
                            {t('platformCoupons.form.remove')}
                          </Button>
                        ),
                      },
                    ]),
              ]}
            />
          </div>
        ) : null}
        <Form.Item name="validTimeType" label={t('platformCoupons.form.validity')}>
          <Radio.Group
            options={[
              { value: 1, label: t('platformCoupons.form.fixed') },
              { value: 2, label: t('platformCoupons.form.afterReceipt') },
            ]}
          />
        </Form.Item>
        {validity === 1 ? (
          <Space wrap size="large">
            <Form.Item name="start" label={t('platformCoupons.form.start')} rules={required('platformCoupons.form.start')}>
              <DatePicker showTime format={API_TIME} />
            </Form.Item>
            <Form.Item name="end" label={t('platformCoupons.form.end')} rules={required('platformCoupons.form.end')}>
              <DatePicker showTime format={API_TIME} />
            </Form.Item>
          </Space>
        ) : (
          <Space wrap size="large">
            <Form.Item name="afterDays" label={t('platformCoupons.form.afterDays')} rules={required('platformCoupons.form.afterDays')}>
              <InputNumber min={0} max={COUPON_DAYS_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="validDays" label={t('platformCoupons.form.validDays')} rules={required('platformCoupons.form.validDays')}>
              <InputNumber min={1} max={COUPON_DAYS_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Space>
        )}
        <Space wrap align="start" size="large">
          <Form.Item
            name="totalStock"
            label={t('platformCoupons.form.stock')}
            extra={d ? t('platformCoupons.form.stockHint', { received: d.totalStock - d.stocks }) : undefined}
            rules={required('platformCoupons.form.stock')}
          >
            <InputNumber min={1} max={COUPON_STOCK_MAX} precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="limitNum" label={t('platformCoupons.form.limit')} rules={required('platformCoupons.form.limit')}>
            <InputNumber min={1} max={COUPON_LIMIT_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="getWay" label={t('platformCoupons.form.getWay')}>
          <Radio.Group
            options={[
              { value: 0, label: t('platformCoupons.form.receivable') },
              { value: 1, label: t('platformCoupons.form.issuedOnly') },
            ]}
          />
        </Form.Item>
        <Form.Item name="putonStatus" label={t('platformCoupons.form.puton')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('platformCoupons.form.on') },
              { value: 0, label: t('platformCoupons.form.off') },
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
            {t('platformCoupons.form.save')}
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
