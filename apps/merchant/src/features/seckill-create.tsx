// Creating a flash sale (issue 27, decision 062): one of the shop's products on sale, the options
// sold with their flash price and stock (taken from the option's stock when it is saved), a platform
// session or the shop's own window, the limit per person and the unpaid cancel time. The API
// checks it all again and answers each mistake with its message, shown above the button.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MerchantSeckillCreatedSchema, SeckillSessionTimesSchema } from '@bazaar/shared/schemas/seckill';
import {
  SECKILL_MAX_CANCEL_TIME_DEFAULT,
  SECKILL_MAX_CANCEL_TIME_MAX,
  SECKILL_MAX_CANCEL_TIME_MIN,
  SECKILL_MAX_NUM_MAX,
  SECKILL_MAX_NUM_UNLIMITED,
  SECKILL_NAME_EN_MAX_LENGTH,
  SECKILL_NAME_MAX_LENGTH,
  SECKILL_STOCK_MAX,
} from '@bazaar/shared/constants/seckill';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ActivityProductFields, useActivityLines, type ActivitySkuLine } from './activity-product.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

/** The wall-clock time the merchant picks is Beijing time, as the API reads and answers it. */
const API_TIME = 'YYYY-MM-DD HH:mm:ss';

interface SkuLine extends ActivitySkuLine {
  stocks: number | null;
}

interface Values {
  nameZh: string;
  nameEn: string;
  prodId: number | null;
  mode: 'session' | 'custom';
  day: Dayjs | null;
  session: string | null;
  start: Dayjs | null;
  end: Dayjs | null;
  unlimited: boolean;
  maxNum: number | null;
  maxCancelTime: number | null;
}

/** The window a session of `day` stands for: its start and its length in minutes. */
export function sessionWindow(day: Dayjs, startTime: string, minutes: number): { start: Dayjs; end: Dayjs } {
  const [h, m] = startTime.split(':').map(Number);
  const start = day.hour(h ?? 0).minute(m ?? 0).second(0).millisecond(0);
  return { start, end: start.add(minutes, 'minute') };
}

/** The request body of POST /merchant/seckills from the form (money in fen). */
export function seckillBody(values: Values, lines: Map<number, SkuLine>, window: { start: Dayjs | null; end: Dayjs | null }) {
  return {
    nameZh: values.nameZh ?? '',
    nameEn: values.nameEn ? values.nameEn : null,
    prodId: values.prodId ?? 0,
    startTime: window.start ? window.start.format(API_TIME) : '',
    endTime: window.end ? window.end.format(API_TIME) : '',
    maxNum: values.unlimited ? SECKILL_MAX_NUM_UNLIMITED : (values.maxNum ?? 0),
    maxCancelTime: values.maxCancelTime ?? SECKILL_MAX_CANCEL_TIME_DEFAULT,
    skus: [...lines]
      .filter(([, l]) => l.include)
      .map(([skuId, l]) => ({ skuId, seckillPrice: l.price === null ? 0 : Math.round(l.price * 100), seckillStocks: l.stocks ?? 0 })),
  };
}

export function SeckillCreatePage({ api, onDone }: { api: ConsoleApi; onDone: (seckillId?: number) => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { lines, setLine, clearLines } = useActivityLines<SkuLine>({ include: false, price: null, stocks: null });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prodId = Form.useWatch('prodId', form) ?? null;
  const mode = Form.useWatch('mode', form) ?? 'session';
  const unlimited = Form.useWatch('unlimited', form) ?? false;
  const sessions = useQuery({ queryKey: ['seckill-sessions'], queryFn: () => api('/merchant/seckill/sessions', { lang, schema: SeckillSessionTimesSchema }) });

  function windowOf(values: Values): { start: Dayjs | null; end: Dayjs | null } {
    if (values.mode === 'custom') return { start: values.start, end: values.end };
    const session = sessions.data?.sessions.find((s) => s.startTime === values.session);
    if (!values.day || !session) return { start: null, end: null };
    return sessionWindow(values.day, session.startTime, session.durationMinutes);
  }

  async function save(values: Values) {
    setBusy(true);
    setError(null);
    try {
      const created = await api('/merchant/seckills', { lang, method: 'POST', body: seckillBody(values, lines, windowOf(values)), schema: MerchantSeckillCreatedSchema });
      await client.invalidateQueries({ queryKey: ['seckills'] });
      void message.success(t('seckill.form.submitted'));
      onDone(created.seckillId);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const required = (field: string) => [{ required: true, message: t('seckill.form.required', { field: t(field) }) }];

  return (
    <section aria-labelledby="seckill-create-title" style={{ maxWidth: 900 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="seckill-create-title" style={{ fontSize: 20 }}>
          {t('seckill.form.title')}
        </Typography.Title>
        <Button onClick={() => onDone()}>{t('seckill.form.back')}</Button>
      </Space>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ nameZh: '', nameEn: '', prodId: null, mode: 'session', day: dayjs().add(1, 'day'), session: null, start: null, end: null, unlimited: false, maxNum: 1, maxCancelTime: SECKILL_MAX_CANCEL_TIME_DEFAULT }}
        onFinish={(values) => void save(values)}
      >
        <Space wrap align="start" size="large">
          <Form.Item name="nameZh" label={t('seckill.form.nameZh')} rules={[{ required: true, whitespace: true, message: t('seckill.form.required', { field: t('seckill.form.nameZh') }) }]}>
            <Input maxLength={SECKILL_NAME_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('seckill.form.nameEn')}>
            <Input maxLength={SECKILL_NAME_EN_MAX_LENGTH} showCount style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <ActivityProductFields
          api={api}
          keys="seckill.form"
          prodId={prodId}
          lines={lines}
          setLine={setLine}
          clearLines={clearLines}
          priceKey="seckillPrice"
          arrange={(c, skuNameOf) => [
            c.include,
            c.sku,
            c.price,
            { title: t('seckill.form.stocks'), render: (_v, s) => (s.stocks === -1 ? t('seckill.form.unlimitedStock') : s.stocks) },
            c.activityPrice,
            {
              title: t('seckill.form.seckillStocks'),
              render: (_v, s) => (
                <InputNumber<number>
                  aria-label={t('seckill.form.seckillStocksOf', { sku: skuNameOf(s) })}
                  min={1}
                  max={SECKILL_STOCK_MAX}
                  precision={0}
                  value={lines.get(s.skuId)?.stocks ?? null}
                  onChange={(v) => setLine(s.skuId, { stocks: v, include: true })}
                  style={{ width: 120 }}
                />
              ),
            },
          ]}
        />
        <Form.Item name="mode" label={t('seckill.form.window')}>
          <Radio.Group
            options={[
              { value: 'session', label: t('seckill.form.windowSession') },
              { value: 'custom', label: t('seckill.form.windowCustom') },
            ]}
          />
        </Form.Item>
        {mode === 'session' ? (
          <Space wrap size="large">
            <Form.Item name="day" label={t('seckill.form.day')} rules={required('seckill.form.day')}>
              <DatePicker format="YYYY-MM-DD" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </Form.Item>
            <Form.Item name="session" label={t('seckill.form.session')} rules={required('seckill.form.session')}>
              <Select<string>
                style={{ width: 260 }}
                options={(sessions.data?.sessions ?? []).map((s) => ({ value: s.startTime, label: t('seckill.form.sessionOption', { start: s.startTime, n: s.durationMinutes }) }))}
              />
            </Form.Item>
          </Space>
        ) : (
          <Space wrap size="large">
            <Form.Item name="start" label={t('seckill.form.start')} rules={required('seckill.form.start')}>
              <DatePicker showTime format={API_TIME} />
            </Form.Item>
            <Form.Item name="end" label={t('seckill.form.end')} rules={required('seckill.form.end')}>
              <DatePicker showTime format={API_TIME} />
            </Form.Item>
          </Space>
        )}
        <Space wrap align="start" size="large">
          <Form.Item label={t('seckill.form.maxNum')} extra={t('seckill.form.maxNumHint')}>
            <Space>
              <Form.Item name="maxNum" noStyle>
                <InputNumber<number> aria-label={t('seckill.form.maxNum')} min={1} max={SECKILL_MAX_NUM_MAX} precision={0} disabled={unlimited} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name="unlimited" valuePropName="checked" noStyle>
                <Checkbox>{t('seckill.form.unlimited')}</Checkbox>
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item name="maxCancelTime" label={t('seckill.form.maxCancelTime')} extra={t('seckill.form.maxCancelTimeHint')}>
            <InputNumber<number> min={SECKILL_MAX_CANCEL_TIME_MIN} max={SECKILL_MAX_CANCEL_TIME_MAX} precision={0} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <FormError error={error} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('seckill.form.submit')}
        </Button>
      </Form>
    </section>
  );
}
