import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Space, Switch, Typography } from 'antd';
import { POINTS_EXPIRE_YEARS_MAX, SIGN_IN_REWARD_MAX, SIGN_IN_REWARDS_MAX_DAYS } from '@bazaar/shared/constants/points';
import { PointsSettingsSchema, type PointsSettings } from '@bazaar/shared/schemas/points';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const KEY = ['points-settings'];

/** The form's shape: the earning rate is typed in yuan, stored in fen. */
type RulesForm = Omit<PointsSettings, 'earnFenPerPoint'> & { earnYuanPerPoint: number };

/** The points rules (issue 12): earning, checkout value and cap, expiry and the sign-in rewards; audited. */
export function PointsRulesPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<RulesForm>();
  const rules = useQuery({ queryKey: KEY, queryFn: () => api('/admin/points/settings', { lang, schema: PointsSettingsSchema }) });
  const save = useMutation({
    mutationFn: (body: PointsSettings) => api('/admin/points/settings', { lang, method: 'PUT', body, schema: PointsSettingsSchema }),
    onSuccess: async (saved) => {
      client.setQueryData(KEY, saved);
      void message.success(t('pointsRules.saved'));
      await client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });
  const loaded = rules.data ? JSON.stringify(rules.data) : null;
  useEffect(() => {
    if (!loaded) return;
    const { earnFenPerPoint, ...rest } = JSON.parse(loaded) as PointsSettings;
    form.setFieldsValue({ ...rest, earnYuanPerPoint: earnFenPerPoint / 100 });
  }, [loaded, form]);

  const whole = (min: number, max: number) => ({ min, max, precision: 0, style: { width: 200 } });
  return (
    <section aria-labelledby="points-rules-title">
      <Typography.Title level={2} id="points-rules-title" style={{ fontSize: 20 }}>
        {t('pointsRules.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('pointsRules.intro')}</Typography.Paragraph>
      {rules.error ? <LoadError error={rules.error} /> : null}
      <Card loading={rules.isLoading} style={{ maxWidth: 760 }}>
        <Form
          form={form}
          layout="vertical"
          onFinish={({ earnYuanPerPoint, ...rest }) => save.mutate({ ...rest, earnFenPerPoint: Math.round(earnYuanPerPoint * 100) })}
        >
          <Form.Item name="earnYuanPerPoint" label={t('pointsRules.earnFenPerPoint')} extra={t('pointsRules.earnHint')} rules={[{ required: true }]}>
            <InputNumber min={0.01} max={100_000} precision={2} addonAfter={t('pointsRules.yuan')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="registerScore" label={t('pointsRules.registerScore')} rules={[{ required: true }]}>
            <InputNumber {...whole(0, SIGN_IN_REWARD_MAX * 100)} />
          </Form.Item>
          <Form.Item name="expireEnabled" label={t('pointsRules.expireEnabled')} valuePropName="checked" extra={t('pointsRules.expireHint')}>
            <Switch />
          </Form.Item>
          <Form.Item name="expireYears" label={t('pointsRules.expireYears')} rules={[{ required: true }]}>
            <InputNumber {...whole(1, POINTS_EXPIRE_YEARS_MAX)} />
          </Form.Item>
          <Form.Item name="usePointsPerYuan" label={t('pointsRules.usePointsPerYuan')} rules={[{ required: true }]}>
            <InputNumber {...whole(1, 10_000)} />
          </Form.Item>
          <Form.Item name="useCapPercent" label={t('pointsRules.useCapPercent')} rules={[{ required: true }]}>
            <InputNumber {...whole(0, 100)} addonAfter="%" />
          </Form.Item>
          <Typography.Text strong>{t('pointsRules.signInRewards')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('pointsRules.signInHint')}</Typography.Paragraph>
          <Form.List name="signInRewards">
            {(fields, { add, remove }) => (
              <>
                <Space wrap style={{ marginBottom: 16 }}>
                  {fields.map((field, i) => (
                    <Form.Item key={field.key} name={field.name} label={t('pointsRules.day', { day: i + 1 })} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
                      <InputNumber min={1} max={SIGN_IN_REWARD_MAX} precision={0} style={{ width: 90 }} />
                    </Form.Item>
                  ))}
                </Space>
                <Space style={{ display: 'flex', marginBottom: 24 }}>
                  <Button onClick={() => add(1)} disabled={fields.length >= SIGN_IN_REWARDS_MAX_DAYS}>
                    {t('pointsRules.addDay')}
                  </Button>
                  <Button onClick={() => remove(fields.length - 1)} disabled={fields.length <= 1}>
                    {t('pointsRules.removeDay')}
                  </Button>
                </Space>
              </>
            )}
          </Form.List>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('pointsRules.save')}
          </Button>
        </Form>
      </Card>
    </section>
  );
}
