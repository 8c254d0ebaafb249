// 售后时限 / After-sales periods (issue 26): the days a shopper may apply after receipt, the days each
// side has for its step before the deadline acts, and the reminder before each deadline. Checked
// with the API's own schema; a save is audited by the API.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Skeleton, Typography } from 'antd';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { AFTERSALE_DAYS_MAX, AFTERSALE_REMINDER_HOURS_MAX, AftersaleSettingsSchema, type AftersaleSettings } from '@bazaar/shared/schemas/refund';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

const QUERY = 'aftersale-settings';
const FIELDS = [
  { name: 'applyDays', unit: 'days', max: AFTERSALE_DAYS_MAX },
  { name: 'sellerHandleDays', unit: 'days', max: AFTERSALE_DAYS_MAX },
  { name: 'buyerShipDays', unit: 'days', max: AFTERSALE_DAYS_MAX },
  { name: 'sellerReceiveDays', unit: 'days', max: AFTERSALE_DAYS_MAX },
  { name: 'reminderHours', unit: 'hours', max: AFTERSALE_REMINDER_HOURS_MAX },
] as const satisfies ReadonlyArray<{ name: keyof AftersaleSettings; unit: string; max: number }>;

export function AftersaleSettingsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<AftersaleSettings>();
  const settings = useQuery({ queryKey: [QUERY, lang], queryFn: () => api('/admin/aftersale-settings', { lang, schema: AftersaleSettingsSchema }) });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: (body: AftersaleSettings) => api('/admin/aftersale-settings', { lang, method: 'PUT', body }),
    onSuccess: async () => {
      void message.success(t('aftersaleSettings.saved'));
      await Promise.all([client.invalidateQueries({ queryKey: [QUERY] }), client.invalidateQueries({ queryKey: ['audit'] })]);
    },
    onError: (err) => void message.error(errorText(err, t)),
  });

  return (
    <section aria-labelledby="aftersale-settings-title">
      <Typography.Title level={2} id="aftersale-settings-title" style={{ fontSize: 20 }}>
        {t('aftersaleSettings.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('aftersaleSettings.intro')}</Typography.Paragraph>
      {settings.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(settings.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {settings.data ? (
        <Form form={form} name="aftersale-settings" layout="vertical" requiredMark={false} initialValues={settings.data} onFinish={(values) => save.mutate(AftersaleSettingsSchema.parse(values))} style={{ maxWidth: 520 }}>
          {FIELDS.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(`aftersaleSettings.${f.name}`)}
              rules={[
                {
                  validator: (_rule, value: unknown) =>
                    AftersaleSettingsSchema.shape[f.name].safeParse(value).success
                      ? Promise.resolve()
                      : Promise.reject(new Error(t(f.unit === 'days' ? 'aftersaleSettings.periodDays' : 'aftersaleSettings.reminderHoursInvalid', { max: f.max }))),
                },
              ]}
            >
              <InputNumber min={1} max={f.max} precision={0} suffix={t(`aftersaleSettings.${f.unit}`)} style={{ width: 180 }} />
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('aftersaleSettings.save')}
          </Button>
        </Form>
      ) : settings.isLoading ? (
        <Skeleton active />
      ) : null}
    </section>
  );
}
