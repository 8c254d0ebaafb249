import { useId, useState } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { UploadedFileSchema } from '@bazaar/shared/schemas/shop-application';
import { session } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

/** Sends one image to the shop's upload (multipart, one `file` part); answers its path or the API's text. */
async function uploadShopImage(file: File, lang: string): Promise<{ path: string } | { error: string }> {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { 'Accept-Language': lang };
  const token = session.token();
  if (token) headers.Authorization = token;
  const response = await fetch('/api/merchant/file/upload', { method: 'POST', headers, body });
  const text = await response.text();
  if (!response.ok) return { error: response.status < 500 ? text : '' };
  return { path: UploadedFileSchema.parse(JSON.parse(text)).path };
}

const ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * An image of the shop as a form field (value: its path, or null): the current picture, an upload
 * button and, when optional, a remove button. Format and size are checked here first and again by the API.
 */
export function ShopImageField({
  value,
  onChange,
  label,
  alt,
  width,
  height,
  optional = false,
}: {
  value?: string | null;
  onChange?: (path: string | null) => void;
  label: string;
  alt: string;
  width: number;
  height: number;
  optional?: boolean;
}) {
  const { t, lang } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const action = busy ? t('shopSettings.info.uploading') : value ? t('shopSettings.info.replace') : t('shopSettings.info.upload');

  async function send(file: File) {
    setError(null);
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || file.size > IMAGE_MAX_BYTES) {
      setError(t('shopSettings.info.uploadHint'));
      return;
    }
    setBusy(true);
    try {
      const result = await uploadShopImage(file, lang);
      if ('path' in result) onChange?.(result.path);
      else setError(result.error || t('app.serverError'));
    } catch {
      setError(t('app.serverError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space direction="vertical" size={8}>
      {value ? <img src={value} alt={alt} width={width} height={height} style={{ objectFit: 'cover', border: '1px solid #eee', borderRadius: 4 }} /> : null}
      <Space>
        <Upload accept={ACCEPT} showUploadList={false} beforeUpload={(file) => (void send(file), false)}>
          <Button loading={busy} aria-describedby={hintId} aria-label={t('shopSettings.info.actionFor', { action: action, field: label })}>
            {action}
          </Button>
        </Upload>
        {optional && value ? <Button onClick={() => onChange?.(null)}>{t('shopSettings.info.remove')}</Button> : null}
      </Space>
      <Typography.Text type="secondary" id={hintId}>
        {t('shopSettings.info.uploadHint')}
      </Typography.Text>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
