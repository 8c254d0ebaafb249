// One picture field for the content pages (category icons, the logo, the favicon): antd's Upload
// posts the file to POST /admin/file/upload with the staff token and shows its progress; the
// field's value is the stored path ('' or null when there is none).
import { useState } from 'react';
import { App, Button, Image, Progress, Space, Typography, Upload } from 'antd';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { UploadedFileSchema } from '@bazaar/shared/schemas/shop-application';
import { session } from './api.ts';
import { useI18n } from './i18n.tsx';

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The accessible name of the choose button (the form label). */
  label: string;
  /** What the field holds when the picture is removed. */
  empty?: '' | null;
}

export function ImageUpload({ value, onChange, label, empty = null }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const token = session.token();
  return (
    <Space direction="vertical">
      {value ? <Image src={value} alt={label} width={64} height={64} style={{ objectFit: 'contain', background: '#f5f5f5' }} /> : null}
      <Space>
        <Upload
          name="file"
          action="/api/admin/file/upload"
          headers={{ 'Accept-Language': lang, ...(token ? { Authorization: token } : {}) }}
          accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
            if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
              void message.error(t('upload.format'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > IMAGE_MAX_BYTES) {
              void message.error(t('upload.size'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          onChange={({ file }) => {
            if (file.status === 'uploading') setPercent(Math.round(file.percent ?? 0));
            if (file.status === 'done') {
              setPercent(null);
              const parsed = UploadedFileSchema.safeParse(file.response);
              if (parsed.success) onChange?.(parsed.data.path);
            }
            if (file.status === 'error') {
              setPercent(null);
              const text = typeof file.response === 'string' && file.response ? file.response : t('upload.failed');
              void message.error(text);
            }
          }}
        >
          <Button aria-label={`${t('upload.choose')}: ${label}`}>{t('upload.choose')}</Button>
        </Upload>
        {value ? (
          <Button onClick={() => onChange?.(empty)} aria-label={`${t('upload.remove')}: ${label}`}>
            {t('upload.remove')}
          </Button>
        ) : null}
      </Space>
      {percent !== null ? <Progress percent={percent} size="small" style={{ width: 160 }} /> : null}
      <Typography.Text type="secondary">{t('upload.rule')}</Typography.Text>
    </Space>
  );
}
