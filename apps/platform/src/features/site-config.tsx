import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Space, Switch, Tabs, Typography } from 'antd';
import {
  AdminSiteConfigSchema,
  COMPANY_INFO_MAX,
  TERMS_CONTENT_MAX,
  TERMS_TITLE_MAX,
  WELCOME_MAX,
  type AdminSiteConfig,
  type TermsInput,
  type WebConfigInput,
} from '@bazaar/shared/schemas/platform-content';
import type { PaySwitch, ServiceSwitch } from '@bazaar/shared/schemas/site';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ImageUpload } from '../lib/image-upload.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const KEY = ['site-config'];

function useSave<B>(path: string) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api(path, { lang, method: 'PUT', body, schema: AdminSiteConfigSchema }),
    onSuccess: async (saved) => {
      client.setQueryData(KEY, saved);
      void message.success(t('common.saved'));
      await client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });
}

function WebConfigForm({ config }: { config: AdminSiteConfig }) {
  const { t } = useI18n();
  const [form] = Form.useForm<WebConfigInput>();
  const save = useSave<WebConfigInput>('/admin/site-config/web');
  // The fields follow this slice of the settings only: another tab's save leaves typed text alone.
  const slice = JSON.stringify(config.webConfig);
  useEffect(() => {
    const { merchantUrl: _merchantUrl, ...editable } = JSON.parse(slice) as AdminSiteConfig['webConfig'];
    form.setFieldsValue(editable);
  }, [slice, form]);
  const label = (field: string) => t(`siteConfig.fields.${field}`);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('common.required', { field: label(field) }) }];
  return (
    <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} style={{ maxWidth: 720 }}>
      <Form.Item name="pcWelcomeCn" label={label('pcWelcomeCn')} rules={required('pcWelcomeCn')}>
        <Input maxLength={WELCOME_MAX} />
      </Form.Item>
      <Form.Item name="pcWelcomeEn" label={label('pcWelcomeEn')} rules={required('pcWelcomeEn')}>
        <Input maxLength={WELCOME_MAX} />
      </Form.Item>
      <Form.Item name="pcLogoImgText" label={label('pcLogoImgText')} extra={t('siteConfig.logoHelp')}>
        <ImageUpload label={label('pcLogoImgText')} empty="" />
      </Form.Item>
      <Form.Item name="pcTitleImg" label={label('pcTitleImg')}>
        <ImageUpload label={label('pcTitleImg')} empty="" />
      </Form.Item>
      <Form.Item name="pcCompanyInfoCn" label={label('pcCompanyInfoCn')}>
        <Input.TextArea rows={4} maxLength={COMPANY_INFO_MAX} />
      </Form.Item>
      <Form.Item name="pcCompanyInfoEn" label={label('pcCompanyInfoEn')}>
        <Input.TextArea rows={4} maxLength={COMPANY_INFO_MAX} />
      </Form.Item>
      <Form.Item name="pcRecordNumber" label={label('pcRecordNumber')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="pcRecordUrl" label={label('pcRecordUrl')}>
        <Input maxLength={200} inputMode="url" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

/** A card of switches saved together; each switch is labelled by its form item. */
function SwitchesForm<V extends ServiceSwitch | PaySwitch>({ path, value, fields, help }: { path: string; value: V; fields: (keyof V & string)[]; help: string }) {
  const { t } = useI18n();
  const [form] = Form.useForm<V>();
  const save = useSave<V>(path);
  const slice = JSON.stringify(value);
  useEffect(() => form.setFieldsValue(JSON.parse(slice) as never), [slice, form]);
  return (
    <Form form={form} layout="horizontal" onFinish={(values) => save.mutate(values)}>
      <Alert type="info" showIcon message={help} style={{ marginBottom: 16 }} />
      <Space size="large" wrap>
        {fields.map((field) => (
          <Form.Item key={field} name={field as never} label={t(`siteConfig.fields.${field}`)} valuePropName="checked">
            <Switch />
          </Form.Item>
        ))}
      </Space>
      <div>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}

function TermsForm({ kind, value }: { kind: 'serviceTerms' | 'privacyPolicy'; value: TermsInput }) {
  const { t } = useI18n();
  const [form] = Form.useForm<TermsInput>();
  const save = useSave<TermsInput>(`/admin/site-config/terms/${kind}`);
  const slice = JSON.stringify(value);
  useEffect(() => form.setFieldsValue(JSON.parse(slice) as typeof value), [slice, form]);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('common.required', { field }) }];
  return (
    <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} style={{ maxWidth: 900 }}>
      {(['zh', 'en'] as const).map((l) => {
        const title = `${t('siteConfig.fields.title')} (${t(`common.${l}`)})`;
        const content = `${t('siteConfig.fields.content')} (${t(`common.${l}`)})`;
        return (
          <div key={l}>
            <Form.Item name={[l, 'title']} label={title} rules={required(title)}>
              <Input maxLength={TERMS_TITLE_MAX} />
            </Form.Item>
            <Form.Item name={[l, 'content']} label={content} rules={required(content)}>
              <Input.TextArea rows={10} maxLength={TERMS_CONTENT_MAX} />
            </Form.Item>
          </div>
        );
      })}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

/** Welcome texts, logo, company information, favicon, terms and their switches, the pay switches. */
export function SiteConfigPage() {
  const { t, lang } = useI18n();
  const config = useQuery({ queryKey: KEY, queryFn: () => api('/admin/site-config', { lang, schema: AdminSiteConfigSchema }) });
  return (
    <section aria-labelledby="site-config-title">
      <Typography.Title level={2} id="site-config-title" style={{ fontSize: 20 }}>
        {t('contentMenu.siteConfig')}
      </Typography.Title>
      {config.error ? <Alert type="error" message={<LoadError error={config.error} />} /> : null}
      {config.data ? (
        <Tabs
          items={[
            { key: 'web', label: t('siteConfig.web'), children: <WebConfigForm config={config.data} /> },
            {
              key: 'switches',
              label: t('siteConfig.switches'),
              children: (
                <Card>
                  <SwitchesForm path="/admin/site-config/service-switch" value={config.data.serviceSwitch} fields={['serviceTermsSwitch', 'privacyPolicySwitch']} help={t('siteConfig.switchesHelp')} />
                </Card>
              ),
            },
            {
              key: 'pay',
              label: t('siteConfig.pay'),
              children: (
                <Card>
                  <SwitchesForm path="/admin/site-config/pay-switch" value={config.data.paySwitch} fields={['aliPaySwitch', 'wxPaySwitch', 'balancePaySwitch']} help={t('siteConfig.payHelp')} />
                </Card>
              ),
            },
            { key: 'terms', label: t('siteConfig.terms'), children: <TermsForm kind="serviceTerms" value={config.data.serviceTerms} /> },
            { key: 'privacy', label: t('siteConfig.privacy'), children: <TermsForm kind="privacyPolicy" value={config.data.privacyPolicy} /> },
          ]}
        />
      ) : null}
    </section>
  );
}
