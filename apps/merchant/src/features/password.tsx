import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { SHOP_PASSWORD_PATTERN } from '@bazaar/shared/schemas/shop-application';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

interface Values {
  password: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change the store password (both encrypted); every session ends, so the merchant logs in again. */
export function PasswordPage({ onChanged }: { onChanged: () => void }) {
  const { t, lang } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    setError(null);
    try {
      await api('/merchant/password', { lang, method: 'POST', body: { password: encryptPassword(values.password), newPassword: encryptPassword(values.newPassword) } });
      setDone(true);
      setTimeout(onChanged, 1500);
    } catch (err) {
      setError(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card style={{ maxWidth: 420 }}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {t('password.title')}
      </Typography.Title>
      <Form layout="vertical" requiredMark={false} onFinish={(v: Values) => void submit(v)}>
        <Form.Item name="password" label={t('password.current')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.next')}
          extra={t('password.rule')}
          rules={[{ required: true, message: t('login.passwordRequired') }, { pattern: SHOP_PASSWORD_PATTERN, message: t('password.rule') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('login.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, value) => (!value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <FormError error={error} />
        {done ? (
          <Typography.Paragraph type="success" role="status">
            {t('password.changed')}
          </Typography.Paragraph>
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
