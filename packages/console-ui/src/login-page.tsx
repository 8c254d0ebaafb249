import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { errorText } from './console-api.ts';
import { useI18n } from './i18n-context.tsx';
import { FormError } from './form-error.tsx';

/** What a console does with the typed name and password: log in and keep the session, or throw the API's refusal. */
export type LogIn = (userName: string, password: string) => Promise<void>;

/**
 * A console's login page (the merchant center's and the platform's): name and password, the API's
 * refusal as it said it, and the language switch. The console's `logIn` sends them with the
 * encrypted password transport (decision 015) and keeps the session.
 */
export function ConsoleLoginPage({ logIn, onLoggedIn, hint = false }: { logIn: LogIn; onLoggedIn: () => void; hint?: boolean }) {
  const { t, lang, setLang } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: { userName: string; password: string }) {
    setBusy(true);
    setError(null);
    try {
      await logIn(values.userName.trim(), values.password);
      onLoggedIn();
    } catch (err) {
      setError(errorText(err, t));
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
        {hint ? <Typography.Paragraph type="secondary">{t('login.hint')}</Typography.Paragraph> : null}
        <Form layout="vertical" onFinish={(v: { userName: string; password: string }) => void submit(v)} requiredMark={false}>
          <Form.Item name="userName" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <FormError error={error} />
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
