// Creating a group buy (issue 29): one of the shop's products on sale, the options sold with their
// group price (below each option's price), the team size, how many hours a team stays open, robots
// on or off, the per-user limit and the window. The API checks it all again and answers each mistake
// with its message, shown above the button.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantProductDetailSchema, MerchantProductRowSchema, type MerchantSku } from '@bazaar/shared/schemas/merchant-product';
import { MerchantGroupActivityCreatedSchema } from '@bazaar/shared/schemas/group-admin';
import { GROUP_MAX_NUM_MAX, GROUP_NAME_EN_MAX_LENGTH, GROUP_NAME_MAX_LENGTH, GROUP_NUMBER_MAX, GROUP_NUMBER_MIN, GROUP_VALID_HOURS_MAX, GROUP_VALID_HOURS_MIN } from '@bazaar/shared/constants/group-admin';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { useI18n } from '../lib/i18n.tsx';

/** The wall-clock time the merchant picks is Beijing time, as the API reads and answers it. */
const API_TIME = 'YYYY-MM-DD HH:mm:ss';
const ProductPageSchema = pageOf(MerchantProductRowSchema);

interface SkuLine {
  include: boolean;
  /** Yuan, as typed. */
  price: number | null;
}

export interface GroupFormValues {
  nameZh: string;
  nameEn: string;
  prodId: number | null;
  groupNumber: number | null;
  validHours: number | null;
  hasRobot: boolean;
  hasMaxNum: boolean;
  maxNum: number | null;
  start: Dayjs | null;
  end: Dayjs | null;
}

/** The request body of POST /merchant/group-activities from the form (money in fen). */
export function groupActivityBody(values: GroupFormValues, lines: Map<number, SkuLine>) {
  return {
    nameZh: values.nameZh ?? '',
    nameEn: values.nameEn ? values.nameEn : null,
    prodId: values.prodId ?? 0,
    groupNumber: values.groupNumber ?? 0,
    validHours: values.validHours ?? 0,
    hasRobot: values.hasRobot ?? false,
    hasMaxNum: values.hasMaxNum ?? false,
    maxNum: values.hasMaxNum ? (values.maxNum ?? 0) : null,
    startTime: values.start ? values.start.format(API_TIME) : '',
    endTime: values.end ? values.end.format(API_TIME) : '',
    skus: [...lines].filter(([, l]) => l.include).map(([skuId, l]) => ({ skuId, actPrice: l.price === null ? 0 : Math.round(l.price * 100) })),
  };
}

export function GroupActivityCreatePage({ api, onDone }: { api: ConsoleApi; onDone: (groupActivityId?: number) => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<GroupFormValues>();
  const [keyword, setKeyword] = useState('');
  const [lines, setLines] = useState<Map<number, SkuLine>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prodId = Form.useWatch('prodId', form) ?? null;
  const hasMaxNum = Form.useWatch('hasMaxNum', form) ?? false;

  const products = useQuery({
    queryKey: ['group-products', lang, keyword],
    queryFn: () => api('/merchant/product/page', { lang, query: { keyword: keyword || undefined, status: 'onShelf', current: 1, size: 20 }, schema: ProductPageSchema }),
  });
  const product = useQuery({
    queryKey: ['group-product', prodId, lang],
    queryFn: () => api(`/merchant/product/info/${prodId}`, { lang, schema: MerchantProductDetailSchema }),
    enabled: prodId !== null,
  });
  const skus = useMemo(() => (product.data?.skus ?? []).filter((s) => s.status === 1), [product.data]);
  const nameOf = (p: { nameZh: string; nameEn: string | null }) => (lang === 'en' && p.nameEn ? p.nameEn : p.nameZh);
  const skuNameOf = (s: MerchantSku) => (lang === 'en' && s.nameEn ? s.nameEn : s.nameZh) || s.values.join(' ');

  function setLine(skuId: number, change: Partial<SkuLine>) {
    setLines((before) => {
      const next = new Map(before);
      next.set(skuId, { ...(next.get(skuId) ?? { include: false, price: null }), ...change });
      return next;
    });
  }

  async function save(values: GroupFormValues) {
    setBusy(true);
    setError(null);
    try {
      const created = await api('/merchant/group-activities', { lang, method: 'POST', body: groupActivityBody(values, lines), schema: MerchantGroupActivityCreatedSchema });
      await client.invalidateQueries({ queryKey: ['group-activities'] });
      void message.success(t('groupbuy.form.created'));
      onDone(created.groupActivityId);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const required = (field: string) => [{ required: true, message: t('groupbuy.form.required', { field: t(field) }) }];

  return (
    <section aria-labelledby="groupbuy-create-title" style={{ maxWidth: 900 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="groupbuy-create-title" style={{ fontSize: 20 }}>
          {t('groupbuy.form.title')}
        </Typography.Title>
        <Button onClick={() => onDone()}>{t('groupbuy.form.back')}</Button>
      </Space>
      <Form<GroupFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ nameZh: '', nameEn: '', prodId: null, groupNumber: 2, validHours: 24, hasRobot: false, hasMaxNum: false, maxNum: 1, start: dayjs().second(0), end: dayjs().add(7, 'day').second(0) }}
        onFinish={(values) => void save(values)}
      >
        <Space wrap align="start" size="large">
          <Form.Item name="nameZh" label={t('groupbuy.form.nameZh')} rules={[{ required: true, whitespace: true, message: t('groupbuy.form.required', { field: t('groupbuy.form.nameZh') }) }]}>
            <Input maxLength={GROUP_NAME_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('groupbuy.form.nameEn')}>
            <Input maxLength={GROUP_NAME_EN_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Form.Item name="prodId" label={t('groupbuy.form.product')} extra={t('groupbuy.form.productHint')} rules={required('groupbuy.form.product')}>
          <Select<number>
            showSearch
            filterOption={false}
            onSearch={(v) => setKeyword(v.trim())}
            placeholder={t('groupbuy.form.productPlaceholder')}
            loading={products.isFetching}
            style={{ width: 480 }}
            options={(products.data?.records ?? []).map((p) => ({ value: p.prodId, label: `${nameOf(p)} · ${yuan(p.price)}` }))}
            onChange={() => setLines(new Map())}
          />
        </Form.Item>
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('groupbuy.form.skus')}</legend>
          <Typography.Paragraph type="secondary">{prodId === null ? t('groupbuy.form.pickProductFirst') : t('groupbuy.form.skusHint')}</Typography.Paragraph>
          {prodId !== null ? (
            <Table<MerchantSku>
              size="small"
              rowKey="skuId"
              pagination={false}
              loading={product.isFetching}
              dataSource={skus}
              columns={[
                {
                  title: t('groupbuy.form.include'),
                  render: (_v, s) => <Checkbox aria-label={t('groupbuy.form.includeOn', { sku: skuNameOf(s) })} checked={lines.get(s.skuId)?.include ?? false} onChange={(e) => setLine(s.skuId, { include: e.target.checked })} />,
                },
                { title: t('groupbuy.form.sku'), render: (_v, s) => skuNameOf(s) },
                { title: t('groupbuy.form.price'), render: (_v, s) => yuan(s.price) },
                {
                  title: t('groupbuy.form.actPrice'),
                  render: (_v, s) => (
                    <InputNumber<number>
                      aria-label={t('groupbuy.form.actPriceOf', { sku: skuNameOf(s) })}
                      min={0.01}
                      precision={2}
                      value={lines.get(s.skuId)?.price ?? null}
                      onChange={(v) => setLine(s.skuId, { price: v, include: true })}
                      style={{ width: 130 }}
                    />
                  ),
                },
              ]}
            />
          ) : null}
        </fieldset>
        <Space wrap align="start" size="large">
          <Form.Item name="groupNumber" label={t('groupbuy.form.groupNumber')} extra={t('groupbuy.form.groupNumberHint')} rules={required('groupbuy.form.groupNumber')}>
            <InputNumber<number> min={GROUP_NUMBER_MIN} max={GROUP_NUMBER_MAX} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="validHours" label={t('groupbuy.form.validHours')} extra={t('groupbuy.form.validHoursHint')} rules={required('groupbuy.form.validHours')}>
            <InputNumber<number> min={GROUP_VALID_HOURS_MIN} max={GROUP_VALID_HOURS_MAX} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="hasRobot" label={t('groupbuy.form.hasRobot')} extra={t('groupbuy.form.hasRobotHint')} valuePropName="checked">
            <Switch aria-label={t('groupbuy.form.hasRobot')} />
          </Form.Item>
        </Space>
        <Form.Item label={t('groupbuy.form.maxNum')} extra={t('groupbuy.form.maxNumHint')}>
          <Space>
            <Form.Item name="hasMaxNum" valuePropName="checked" noStyle>
              <Checkbox>{t('groupbuy.form.hasMaxNum')}</Checkbox>
            </Form.Item>
            <Form.Item name="maxNum" noStyle>
              <InputNumber<number> aria-label={t('groupbuy.form.maxNum')} min={1} max={GROUP_MAX_NUM_MAX} precision={0} disabled={!hasMaxNum} style={{ width: 120 }} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Space wrap size="large" style={{ display: 'flex' }}>
          <Form.Item name="start" label={t('groupbuy.form.start')} rules={required('groupbuy.form.start')}>
            <DatePicker showTime format={API_TIME} aria-label={t('groupbuy.form.start')} />
          </Form.Item>
          <Form.Item name="end" label={t('groupbuy.form.end')} rules={required('groupbuy.form.end')}>
            <DatePicker showTime format={API_TIME} aria-label={t('groupbuy.form.end')} />
          </Form.Item>
        </Space>
        {error ? (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('groupbuy.form.submit')}
        </Button>
      </Form>
    </section>
  );
}
