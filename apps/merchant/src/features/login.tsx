import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { api, ApiError, session } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

/** A store account logs in with the same encrypted password transport as shoppers (decision 015). */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t, lang, setLang } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: { userName: string; password: string }) {
    setBusy(true);
    setError(null);
    try {
      const token = await api('/merchant/login', {
        lang,
        method: 'POST',
        body: { username: values.userName.trim(), password: encryptPassword(values.password) },
        schema: MerchantTokenSchema,
      });
      session.set(token.accessToken);
      onLoggedIn();
    } catch (err) {
      setError(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.hint')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={(v: { userName: string; password: string }) => void submit(v)} requiredMark={false}>
          <Form.Item name="userName" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {error ? (
            <Typography.Paragraph type="danger" role="alert">
              {error}
            </Typography.Paragraph>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
        <Button type="link" onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')} style={{ marginTop: 8, padding: 0 }}>
          {t('app.language')}
        </Button>
      </Card>
    </main>
  );
}
