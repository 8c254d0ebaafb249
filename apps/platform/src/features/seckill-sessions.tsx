// The day's flash-sale sessions (issue 27, decision 062): start (Beijing time) and length of each,
// 1 to 12, none overlapping another; saved together (audited). The API checks them again.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { SECKILL_SESSIONS_MAX, SECKILL_SESSION_MINUTES_MAX } from '@bazaar/shared/constants/seckill';
import { SeckillSessionTimesSchema, type SeckillSessionTime } from '@bazaar/shared/schemas/seckill';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

/** 'HH:mm' plus minutes: when the session ends, and whether on the next day. */
export function sessionEnd(startTime: string, minutes: number): { time: string; nextDay: boolean } {
  const [h, m] = startTime.split(':').map(Number);
  const total = (h ?? 0) * 60 + (m ?? 0) + minutes;
  const inDay = total % 1440;
  return { time: `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`, nextDay: total >= 1440 };
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

export function SeckillSessionsSection({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ sessions: SeckillSessionTime[] }>();
  const [error, setError] = useState<string | null>(null);
  const sessions = useQuery({ queryKey: ['admin-seckill-sessions'], queryFn: () => api('/admin/seckill/sessions', { lang, schema: SeckillSessionTimesSchema }) });
  const watched = (Form.useWatch('sessions', form) ?? []) as Array<Partial<SeckillSessionTime> | undefined>;
  useEffect(() => {
    if (sessions.data) form.setFieldsValue({ sessions: sessions.data.sessions });
  }, [sessions.data, form]);
  const save = useMutation({
    mutationFn: (body: { sessions: SeckillSessionTime[] }) => api('/admin/seckill/sessions', { lang, method: 'PUT', body }),
    onSuccess: () => {
      setError(null);
      void message.success(t('seckillAdmin.sessions.saved'));
      void client.invalidateQueries({ queryKey: ['admin-seckill-sessions'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => setError(errorText(err, t)),
  });
  const endOf = (s: Partial<SeckillSessionTime> | undefined) => {
    if (!s?.startTime || !CLOCK.test(s.startTime) || !s.durationMinutes) return null;
    const end = sessionEnd(s.startTime, s.durationMinutes);
    return end.nextDay ? t('seckillAdmin.sessions.nextDay', { time: end.time }) : t('seckillAdmin.sessions.ends', { time: end.time });
  };
  return (
    <section aria-label={t('seckillAdmin.sections.sessions')} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('seckillAdmin.sessions.intro')}</Typography.Paragraph>
      {sessions.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(sessions.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} disabled={!sessions.data} onFinish={(values) => save.mutate({ sessions: values.sessions ?? [] })}>
        <Form.List name="sessions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" wrap role="group" aria-label={t('seckillAdmin.sessions.startOf', { n: i + 1 })}>
                  <Form.Item name={[field.name, 'startTime']} label={t('seckillAdmin.sessions.startOf', { n: i + 1 })} rules={[{ required: true, pattern: CLOCK, message: t('seckillAdmin.sessions.startRequired') }]}>
                    <Input placeholder="10:00" maxLength={5} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'durationMinutes']} label={t('seckillAdmin.sessions.durationOf', { n: i + 1 })} rules={[{ required: true, message: t('seckillAdmin.sessions.durationRequired') }]}>
                    <InputNumber<number> min={1} max={SECKILL_SESSION_MINUTES_MAX} precision={0} style={{ width: 140 }} />
                  </Form.Item>
                  <Typography.Text type="secondary" data-testid={`session-end-${i}`}>
                    {endOf(watched[i])}
                  </Typography.Text>
                  {fields.length > 1 ? (
                    <Button onClick={() => remove(field.name)} aria-label={t('seckillAdmin.sessions.removeOf', { n: i + 1 })}>
                      {t('seckillAdmin.sessions.remove')}
                    </Button>
                  ) : null}
                </Space>
              ))}
              {fields.length < SECKILL_SESSIONS_MAX ? (
                <div style={{ marginBottom: 16 }}>
                  <Button onClick={() => add({ startTime: '', durationMinutes: 120 })}>{t('seckillAdmin.sessions.add')}</Button>
                </div>
              ) : null}
            </>
          )}
        </Form.List>
        <FormError error={error} />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('seckillAdmin.sessions.save')}
        </Button>
      </Form>
    </section>
  );
}
