import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { PROVINCES } from '@bazaar/shared/constants/delivery';
import { FREIGHT_CHARGE, FREIGHT_REGIONS_MAX, FreightRuleSchema, type FreightCharge, type FreightRule, type FreightTier } from '@bazaar/shared/schemas/freight';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

/** A tier as the form shows it: yuan for fees, pieces or kilograms for units. */
interface TierValues {
  first: number | null;
  firstFee: number | null;
  more: number | null;
  moreFee: number | null;
}
interface RegionValues extends TierValues {
  provinceIds: number[];
  freeFrom: number | null;
}
interface Values {
  chargeType: FreightCharge;
  freeFrom: number | null;
  base: TierValues;
  regions: RegionValues[];
}

const toFen = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : Math.round(yuan * 100));
const toYuan = (fen: number | null) => (fen === null ? null : fen / 100);
/** Units are pieces, or grams shown as kilograms. */
const unitIn = (charge: FreightCharge, unit: number) => (charge === FREIGHT_CHARGE.perWeight ? unit / 1000 : unit);
const unitOut = (charge: FreightCharge, value: number | null) => (value === null ? 0 : charge === FREIGHT_CHARGE.perWeight ? Math.round(value * 1000) : value);

function tierValues(charge: FreightCharge, tier: FreightTier): TierValues {
  return { first: unitIn(charge, tier.first), firstFee: toYuan(tier.firstFee), more: unitIn(charge, tier.more), moreFee: toYuan(tier.moreFee) };
}

function tierBody(charge: FreightCharge, tier: TierValues): FreightTier {
  // Per order, only the first fee counts: one unit steps keep the stored rule valid.
  if (charge === FREIGHT_CHARGE.perOrder) return { first: 1, firstFee: toFen(tier.firstFee) ?? 0, more: 1, moreFee: 0 };
  return { first: unitOut(charge, tier.first), firstFee: toFen(tier.firstFee) ?? 0, more: unitOut(charge, tier.more), moreFee: toFen(tier.moreFee) ?? 0 };
}

function toValues(rule: FreightRule): Values {
  return {
    chargeType: rule.chargeType,
    freeFrom: toYuan(rule.freeFrom),
    base: tierValues(rule.chargeType, rule.base),
    regions: rule.regions.map((r) => ({ provinceIds: r.provinceIds, freeFrom: toYuan(r.freeFrom), ...tierValues(rule.chargeType, r) })),
  };
}

function toBody(values: Values): FreightRule {
  const charge = values.chargeType;
  return {
    chargeType: charge,
    freeFrom: toFen(values.freeFrom),
    base: tierBody(charge, values.base),
    regions: (values.regions ?? []).map((r) => ({ provinceIds: r.provinceIds ?? [], freeFrom: toFen(r.freeFrom), ...tierBody(charge, r) })),
  };
}

/** The fields of one fee: per order one fee; per piece or weight the first and further steps. */
function TierFields({ prefix, charge }: { prefix: Array<string | number>; charge: FreightCharge }) {
  const { t } = useI18n();
  const required = (key: string) => [{ required: true, message: t('shopSettings.freight.required', { field: t(key) }) }];
  const money = { min: 0, max: 10_000, precision: 2, style: { width: 140 } };
  if (charge === FREIGHT_CHARGE.perOrder) {
    return (
      <Form.Item name={[...prefix, 'firstFee']} label={t('shopSettings.freight.orderFee')} rules={required('shopSettings.freight.orderFee')}>
        <InputNumber {...money} />
      </Form.Item>
    );
  }
  const weight = charge === FREIGHT_CHARGE.perWeight;
  const unit = weight ? { min: 0.001, max: 1000, precision: 3, style: { width: 140 } } : { min: 1, max: 1000, precision: 0, style: { width: 140 } };
  const firstKey = weight ? 'shopSettings.freight.firstKg' : 'shopSettings.freight.first';
  const moreKey = weight ? 'shopSettings.freight.moreKg' : 'shopSettings.freight.more';
  return (
    <Space wrap align="start">
      <Form.Item name={[...prefix, 'first']} label={t(firstKey)} rules={required(firstKey)}>
        <InputNumber {...unit} />
      </Form.Item>
      <Form.Item name={[...prefix, 'firstFee']} label={t('shopSettings.freight.firstFee')} rules={required('shopSettings.freight.firstFee')}>
        <InputNumber {...money} />
      </Form.Item>
      <Form.Item name={[...prefix, 'more']} label={t(moreKey)} rules={required(moreKey)}>
        <InputNumber {...unit} />
      </Form.Item>
      <Form.Item name={[...prefix, 'moreFee']} label={t('shopSettings.freight.moreFee')} rules={required('shopSettings.freight.moreFee')}>
        <InputNumber {...money} />
      </Form.Item>
    </Space>
  );
}

/** The shop's freight rule: per order, piece or weight; a default fee; listed provinces with their own fee and threshold. */
export function ShopFreightPage() {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const rule = useQuery({ queryKey: ['shop-freight'], queryFn: () => api('/merchant/shop/freight', { lang, schema: FreightRuleSchema }) });
  const charge = (Form.useWatch('chargeType', form) ?? rule.data?.chargeType ?? FREIGHT_CHARGE.perOrder) as FreightCharge;

  async function submit(values: Values) {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const next = await api('/merchant/shop/freight', { lang, method: 'PUT', body: toBody(values), schema: FreightRuleSchema });
      client.setQueryData(['shop-freight'], next);
      form.setFieldsValue(toValues(next));
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
    } finally {
      setBusy(false);
    }
  }

  const loadError = rule.error ? (rule.error instanceof ApiError && rule.error.text ? rule.error.text : t('app.loadFailed')) : null;
  const provinceOptions = PROVINCES.map((p) => ({ value: p.id, label: lang === 'en' ? p.en : p.zh }));

  return (
    <section aria-labelledby="shop-freight-title">
      <Typography.Title level={2} id="shop-freight-title" style={{ fontSize: 20 }}>
        {t('shopSettings.freight.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('shopSettings.freight.intro')}</Typography.Paragraph>
      <FormError error={loadError} />
      {rule.data ? (
        <Card style={{ maxWidth: 880 }}>
          <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={toValues(rule.data)} onFinish={(values) => void submit(values)} onValuesChange={() => setSaved(false)}>
            <Form.Item name="chargeType" label={t('shopSettings.freight.chargeType')} extra={charge === FREIGHT_CHARGE.perWeight ? t('shopSettings.freight.weightHint') : undefined}>
              <Radio.Group
                options={[
                  { value: FREIGHT_CHARGE.perOrder, label: t('shopSettings.freight.perOrder') },
                  { value: FREIGHT_CHARGE.perPiece, label: t('shopSettings.freight.perPiece') },
                  { value: FREIGHT_CHARGE.perWeight, label: t('shopSettings.freight.perWeight') },
                ]}
              />
            </Form.Item>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('shopSettings.freight.base')}
            </Typography.Title>
            <Space wrap align="start">
              <TierFields prefix={['base']} charge={charge} />
              <Form.Item name="freeFrom" label={t('shopSettings.freight.freeFrom')} extra={t('shopSettings.freight.freeFromHint')}>
                <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 160 }} />
              </Form.Item>
            </Space>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('shopSettings.freight.regions')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('shopSettings.freight.regionsHint')}</Typography.Paragraph>
            <Form.List name="regions">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field, index) => (
                    <Card
                      key={field.key}
                      size="small"
                      style={{ marginBottom: 12 }}
                      title={t('shopSettings.freight.regionTitle', { n: index + 1 })}
                      extra={
                        <Button danger type="link" onClick={() => remove(field.name)}>
                          {t('shopSettings.freight.removeRegion')}
                        </Button>
                      }
                    >
                      <Form.Item
                        name={[field.name, 'provinceIds']}
                        label={t('shopSettings.freight.provinces')}
                        rules={[{ required: true, message: t('shopSettings.freight.required', { field: t('shopSettings.freight.provinces') }) }]}
                      >
                        <Select mode="multiple" options={provinceOptions} placeholder={t('shopSettings.freight.provincesPlaceholder')} optionFilterProp="label" />
                      </Form.Item>
                      <Space wrap align="start">
                        <TierFields prefix={[field.name]} charge={charge} />
                        <Form.Item name={[field.name, 'freeFrom']} label={t('shopSettings.freight.regionFreeFrom')} extra={t('shopSettings.freight.freeFromHint')}>
                          <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 160 }} />
                        </Form.Item>
                      </Space>
                    </Card>
                  ))}
                  {fields.length < FREIGHT_REGIONS_MAX ? (
                    <Button onClick={() => add({ provinceIds: [], first: 1, firstFee: null, more: 1, moreFee: 0, freeFrom: null })} style={{ marginBottom: 16 }}>
                      {t('shopSettings.freight.addRegion')}
                    </Button>
                  ) : null}
                </>
              )}
            </Form.List>
            <FormError error={error} />
            {saved ? (
              <Typography.Paragraph type="success" role="status">
                {t('shopSettings.saved')}
              </Typography.Paragraph>
            ) : null}
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('shopSettings.save')}
            </Button>
          </Form>
        </Card>
      ) : null}
    </section>
  );
}
