import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { SHOP_DESCRIPTION_MAX_LENGTH, SHOP_DESCRIPTION_MIN_LENGTH } from '@bazaar/shared/constants/limits';
import { MerchantShopSettingsSchema, SHOP_INTRO_EN_MAX_LENGTH, type MerchantShopSettings } from '@bazaar/shared/schemas/merchant-shop';
import { SHOP_TEL_PATTERN } from '@bazaar/shared/schemas/shop-application';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ShopImageField } from './shop-settings-image.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

type Values = Pick<MerchantShopSettings, 'logo' | 'banner' | 'introZh' | 'introEn' | 'tel'>;

/** The shop's face on the storefront: logo, banner, the introduction in both languages, the contact number. */
export function ShopInfoPage() {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const info = useQuery({ queryKey: ['shop-info', lang], queryFn: () => api('/merchant/shop/info', { lang, schema: MerchantShopSettingsSchema }) });

  async function submit(values: Values) {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const next = await api('/merchant/shop/info', { lang, method: 'PUT', body: { ...values, banner: values.banner ?? null }, schema: MerchantShopSettingsSchema });
      client.setQueryData(['shop-info', lang], next);
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
    } finally {
      setBusy(false);
    }
  }

  const loadError = info.error ? (info.error instanceof ApiError && info.error.text ? info.error.text : t('app.loadFailed')) : null;
  const required = (field: string) => ({ required: true, whitespace: true, message: t('shopSettings.info.required', { field }) });

  return (
    <section aria-labelledby="shop-info-title">
      <Typography.Title level={2} id="shop-info-title" style={{ fontSize: 20 }}>
        {t('shopSettings.info.title')}
      </Typography.Title>
      <FormError error={loadError} />
      {info.data ? (
        <Card style={{ maxWidth: 720 }}>
          <Form<Values>
            layout="vertical"
            requiredMark={false}
            initialValues={{ logo: info.data.logo, banner: info.data.banner, introZh: info.data.introZh, introEn: info.data.introEn, tel: info.data.tel }}
            onFinish={(values) => void submit(values)}
            onValuesChange={() => setSaved(false)}
          >
            <Form.Item name="logo" label={t('shopSettings.info.logo')} rules={[{ required: true, message: t('shopSettings.info.required', { field: t('shopSettings.info.logo') }) }]}>
              <ShopImageField label={t('shopSettings.info.logo')} alt={t('shopSettings.info.logoAlt')} width={88} height={88} />
            </Form.Item>
            <Form.Item name="banner" label={t('shopSettings.info.banner')} extra={t('shopSettings.info.bannerHint')}>
              <ShopImageField label={t('shopSettings.info.banner')} alt={t('shopSettings.info.bannerAlt')} width={480} height={120} optional />
            </Form.Item>
            <Form.Item
              name="introZh"
              label={t('shopSettings.info.introZh')}
              extra={t('shopSettings.info.introZhRule')}
              rules={[required(t('shopSettings.info.introZh')), { min: SHOP_DESCRIPTION_MIN_LENGTH, max: SHOP_DESCRIPTION_MAX_LENGTH, message: t('shopSettings.info.introZhRule') }]}
            >
              <Input.TextArea rows={3} showCount maxLength={SHOP_DESCRIPTION_MAX_LENGTH} />
            </Form.Item>
            <Form.Item
              name="introEn"
              label={t('shopSettings.info.introEn')}
              extra={t('shopSettings.info.introEnRule')}
              rules={[
                {
                  validator: (_r, value: string | undefined) => {
                    const text = (value ?? '').trim();
                    return text === '' || (text.length >= SHOP_DESCRIPTION_MIN_LENGTH && text.length <= SHOP_INTRO_EN_MAX_LENGTH)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('shopSettings.info.introEnRule')));
                  },
                },
              ]}
            >
              <Input.TextArea rows={4} showCount maxLength={SHOP_INTRO_EN_MAX_LENGTH} />
            </Form.Item>
            <Form.Item
              name="tel"
              label={t('shopSettings.info.tel')}
              extra={t('shopSettings.info.telRule')}
              rules={[required(t('shopSettings.info.tel')), { pattern: SHOP_TEL_PATTERN, message: t('shopSettings.info.telRule') }]}
            >
              <Input autoComplete="tel" style={{ maxWidth: 280 }} />
            </Form.Item>
            <FormError error={error} />
            {saved ? (
              <Typography.Paragraph type="success" role="status">
                {t('shopSettings.saved')}
              </Typography.Paragraph>
            ) : null}
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('shopSettings.save')}
            </Button>
          </Form>
        </Card>
      ) : null}
    </section>
  );
}
