import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Radio, Space, Table, Tag, Typography } from 'antd';
import { COUPON_DAYS_MAX, COUPON_LIMIT_MAX, COUPON_NAME_EN_MAX_LENGTH, COUPON_NAME_MAX_LENGTH, COUPON_RATE_MAX, COUPON_RATE_MIN, COUPON_STOCK_MAX, CouponAdminDetailSchema } from '@bazaar/shared/schemas/coupon-admin';
import type { DiscountProduct } from '@bazaar/shared/schemas/shop-promotion';
import { errorText } from './console-api.ts';
import { API_TIME, couponFormValues, couponInput, NEW_COUPON, type CouponFormValues } from './coupon-form-values.ts';
import type { CouponIssuer } from './coupon-issuer.ts';
import { yuan } from './format.ts';
import { useI18n } from './i18n-context.tsx';
import { FormError } from './form-error.tsx';

/**
 * Create, edit or (once ended) view one of an issuer's coupons (decision 044). Once shoppers hold
 * it, its terms (kind, amounts, scope, products) are shown but cannot be changed.
 */
export function CouponForm({ issuer, couponId, onDone }: { issuer: CouponIssuer; couponId: number | null; onDone: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { api, path, prefix: p, productTexts, ProductPicker } = issuer;
  const [form] = Form.useForm<CouponFormValues>();
  const [products, setProducts] = useState<DiscountProduct[]>([]);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: [issuer.detailKey, couponId, lang],
    queryFn: () => api(`${path}/${couponId}`, { lang, schema: CouponAdminDetailSchema }),
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
    form.setFieldsValue(couponFormValues(d));
    setProducts(d.products);
  }, [d, form]);

  async function save(values: CouponFormValues) {
    setBusy(true);
    setError(null);
    try {
      await api(couponId ? `${path}/${couponId}` : path, { lang, method: couponId ? 'PUT' : 'POST', body: couponInput(values, products), schema: CouponAdminDetailSchema });
      await client.invalidateQueries({ queryKey: [issuer.listKey] });
      await client.invalidateQueries({ queryKey: [issuer.detailKey] });
      for (const key of issuer.alsoInvalidate ?? []) await client.invalidateQueries({ queryKey: key });
      void message.success(t(`${p}.form.saved`));
      onDone();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  if (couponId !== null && detail.error) {
    return (
      <Typography.Paragraph type="danger" role="alert">
        {errorText(detail.error, t, 'app.loadFailed')}
      </Typography.Paragraph>
    );
  }
  const titleKey = couponId === null ? `${p}.form.addTitle` : locked ? `${p}.form.viewTitle` : `${p}.form.editTitle`;
  const titleId = `${issuer.idPrefix}coupon-edit-title`;
  const required = (field: string) => [{ required: true, message: t(`${p}.form.required`, { field: t(field) }) }];
  const fixedTerms = termsLocked || locked;

  return (
    <section aria-labelledby={titleId} style={{ maxWidth: 860 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id={titleId} style={{ fontSize: 20 }}>
          {t(titleKey)}
        </Typography.Title>
        <Button onClick={onDone}>{t(`${p}.form.back`)}</Button>
      </Space>
      {d ? (
        <Typography.Paragraph data-testid="coupon-usage">{t(`${p}.form.usage`, { received: d.usage.received, used: d.usage.used, amount: yuan(d.usage.reducedAmount) })}</Typography.Paragraph>
      ) : null}
      {locked ? (
        <Typography.Paragraph type="warning" role="status">
          {t(`${p}.form.locked`)}
        </Typography.Paragraph>
      ) : termsLocked ? (
        <Typography.Paragraph type="warning" role="status">
          {t(`${p}.form.termsLocked`)}
        </Typography.Paragraph>
      ) : null}
      <Form<CouponFormValues> form={form} layout="vertical" disabled={locked || (couponId !== null && !d)} requiredMark={false} initialValues={NEW_COUPON} onFinish={(values) => void save(values)}>
        <Space wrap align="start" size="large">
          <Form.Item name="nameZh" label={t(`${p}.form.nameZh`)} rules={[{ required: true, whitespace: true, message: t(`${p}.form.required`, { field: t(`${p}.form.nameZh`) }) }]}>
            <Input maxLength={COUPON_NAME_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="nameEn" label={t(`${p}.form.nameEn`)}>
            <Input maxLength={COUPON_NAME_EN_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Form.Item name="couponType" label={t(`${p}.form.type`)}>
          <Radio.Group optionType="button" disabled={fixedTerms} options={[1, 2].map((v) => ({ value: v, label: t(`${p}.type.${v}`) }))} />
        </Form.Item>
        <Space wrap align="start" size="large">
          <Form.Item name="condition" label={t(`${p}.form.condition`)} rules={required(`${p}.form.condition`)}>
            <InputNumber min={0} precision={2} disabled={fixedTerms} style={{ width: 180 }} />
          </Form.Item>
          {type === 1 ? (
            <Form.Item name="reduce" label={t(`${p}.form.reduce`)} rules={required(`${p}.form.reduce`)}>
              <InputNumber min={0.01} precision={2} disabled={fixedTerms} style={{ width: 180 }} />
            </Form.Item>
          ) : (
            <Form.Item name="rate" label={t(`${p}.form.rate`)} rules={required(`${p}.form.rate`)}>
              <InputNumber min={COUPON_RATE_MIN} max={COUPON_RATE_MAX} step={0.5} precision={1} disabled={fixedTerms} style={{ width: 180 }} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="suitableProdType" label={t(`${p}.form.scope`)}>
          <Radio.Group
            disabled={fixedTerms}
            options={[
              { value: 0, label: t(`${p}.form.scopeAll`) },
              { value: 1, label: t(`${p}.form.scopeListed`) },
              { value: 2, label: t(`${p}.form.scopeExcept`) },
            ]}
          />
        </Form.Item>
        {scope !== 0 ? (
          <div style={{ marginBottom: 16 }}>
            <Space style={{ marginBottom: 8 }}>
              {fixedTerms ? null : <Button onClick={() => setPicking(true)}>{t(`${p}.form.pick`)}</Button>}
              <Typography.Text>{t(`${p}.form.picked`, { count: products.length })}</Typography.Text>
            </Space>
            <Table<DiscountProduct>
              size="small"
              rowKey="prodId"
              pagination={false}
              dataSource={products}
              locale={{ emptyText: t(productTexts.empty) }}
              columns={[
                { title: t(productTexts.name), render: (_v, pr) => <>{pr.prodName} {pr.onShelf ? null : <Tag>{t(productTexts.offShelf)}</Tag>}</> },
                { title: t(productTexts.price), render: (_v, pr) => yuan(pr.price) },
                ...(fixedTerms
                  ? []
                  : [
                      {
                        title: t(`${p}.columns.actions`),
                        render: (_v: unknown, pr: DiscountProduct) => (
                          <Button size="small" onClick={() => setProducts((list) => list.filter((x) => x.prodId !== pr.prodId))} aria-label={t(`${p}.actionOn`, { action: t(productTexts.remove), name: pr.prodName })}>
                            {t(productTexts.remove)}
                          </Button>
                        ),
                      },
                    ]),
              ]}
            />
          </div>
        ) : null}
        <Form.Item name="validTimeType" label={t(`${p}.form.validity`)}>
          <Radio.Group
            options={[
              { value: 1, label: t(`${p}.form.fixed`) },
              { value: 2, label: t(`${p}.form.afterReceipt`) },
            ]}
          />
        </Form.Item>
        {validity === 1 ? (
          <Space wrap size="large">
            <Form.Item name="start" label={t(`${p}.form.start`)} rules={required(`${p}.form.start`)}>
              <DatePicker showTime format={API_TIME} />
            </Form.Item>
            <Form.Item name="end" label={t(`${p}.form.end`)} rules={required(`${p}.form.end`)}>
              <DatePicker showTime format={API_TIME} />
            </Form.Item>
          </Space>
        ) : (
          <Space wrap size="large">
            <Form.Item name="afterDays" label={t(`${p}.form.afterDays`)} rules={required(`${p}.form.afterDays`)}>
              <InputNumber min={0} max={COUPON_DAYS_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="validDays" label={t(`${p}.form.validDays`)} rules={required(`${p}.form.validDays`)}>
              <InputNumber min={1} max={COUPON_DAYS_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Space>
        )}
        <Space wrap align="start" size="large">
          <Form.Item name="totalStock" label={t(`${p}.form.stock`)} extra={d ? t(`${p}.form.stockHint`, { received: d.totalStock - d.stocks }) : undefined} rules={required(`${p}.form.stock`)}>
            <InputNumber min={1} max={COUPON_STOCK_MAX} precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="limitNum" label={t(`${p}.form.limit`)} rules={required(`${p}.form.limit`)}>
            <InputNumber min={1} max={COUPON_LIMIT_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="getWay" label={t(`${p}.form.getWay`)}>
          <Radio.Group
            options={[
              { value: 0, label: t(`${p}.form.receivable`) },
              { value: 1, label: t(`${p}.form.issuedOnly`) },
            ]}
          />
        </Form.Item>
        <Form.Item name="putonStatus" label={t(`${p}.form.puton`)}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t(`${p}.form.on`) },
              { value: 0, label: t(`${p}.form.off`) },
            ]}
          />
        </Form.Item>
        <FormError error={error} />
        {locked ? null : (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t(`${p}.form.save`)}
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
