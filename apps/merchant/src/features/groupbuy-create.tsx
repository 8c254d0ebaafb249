// Creating a group buy (issue 29): one of the shop's products on sale, the options sold with their
// group price (below each option's price), the team size, how many hours a team stays open, robots
// on or off, the per-user limit and the window. The API checks it all again and answers each mistake
// with its message, shown above the button.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, DatePicker, Form, Input, InputNumber, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MerchantGroupActivityCreatedSchema } from '@bazaar/shared/schemas/group-admin';
import { GROUP_MAX_NUM_MAX, GROUP_NAME_EN_MAX_LENGTH, GROUP_NAME_MAX_LENGTH, GROUP_NUMBER_MAX, GROUP_NUMBER_MIN, GROUP_VALID_HOURS_MAX, GROUP_VALID_HOURS_MIN } from '@bazaar/shared/constants/group-admin';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ActivityProductFields, useActivityLines, type ActivitySkuLine } from './activity-product.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

/** The wall-clock time the merchant picks is Beijing time, as the API reads and answers it. */
const API_TIME = 'YYYY-MM-DD HH:mm:ss';

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
export function groupActivityBody(values: GroupFormValues, lines: Map<number, ActivitySkuLine>) {
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
  const { lines, setLine, clearLines } = useActivityLines<ActivitySkuLine>({ include: false, price: null });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prodId = Form.useWatch('prodId', form) ?? null;
  const hasMaxNum = Form.useWatch('hasMaxNum', form) ?? false;

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
        <ActivityProductFields api={api} keys="groupbuy.form" prodId={prodId} lines={lines} setLine={setLine} clearLines={clearLines} priceKey="actPrice" />
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
        <FormError error={error} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('groupbuy.form.submit')}
        </Button>
      </Form>
    </section>
  );
}
