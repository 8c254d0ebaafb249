import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Image, Input, InputNumber, Popconfirm, Space, Switch, Table, Typography } from 'antd';
import { z } from 'zod';
import { AdminBannerSchema, BANNER_SEQ_MAX, BANNER_TITLE_EN_MAX, BANNER_TITLE_ZH_MAX, type AdminBanner, type BannerInput } from '@bazaar/shared/schemas/platform-banners';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ImageUpload } from '../lib/image-upload.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const ListSchema = z.array(AdminBannerSchema);
const KEY = ['banners'];

/** The home page's carousel: a picture per language, titles, the product a slide opens, order, shown or hidden. */
export function BannersPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [form] = Form.useForm<BannerInput>();

  const list = useQuery({ queryKey: [...KEY, lang], queryFn: () => api('/admin/banners', { lang, schema: ListSchema }) });
  const fail = (err: unknown) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: KEY });
    await client.invalidateQueries({ queryKey: ['audit'] });
  };

  const save = useMutation({
    mutationFn: (values: BannerInput) => {
      const body = { ...values, imgEn: values.imgEn || null, prodId: values.prodId ?? null, seq: values.seq ?? 0 };
      return editing && editing !== 'new'
        ? api(`/admin/banners/${editing.id}`, { lang, method: 'PUT', body, schema: AdminBannerSchema })
        : api('/admin/banners', { lang, method: 'POST', body, schema: AdminBannerSchema });
    },
    onSuccess: async () => {
      void message.success(t('common.saved'));
      setEditing(null);
      await refresh();
    },
    onError: fail,
  });
  const setStatus = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => api(`/admin/banners/${id}/status`, { lang, method: 'PUT', body: { enabled }, schema: AdminBannerSchema }),
    onSuccess: async (b) => {
      void message.success(t(b.enabled ? 'banners.shownMessage' : 'banners.hiddenMessage'));
      await refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`/admin/banners/${id}`, { lang, method: 'DELETE' }),
    onSuccess: async () => {
      void message.success(t('banners.deleted'));
      await refresh();
    },
    onError: fail,
  });

  function open(banner: AdminBanner | 'new') {
    setEditing(banner);
    const b = banner === 'new' ? null : banner;
    const nextSeq = Math.max(0, ...(list.data ?? []).map((x) => x.seq)) + 1;
    form.setFieldsValue({
      img: b?.img ?? '',
      imgEn: b?.imgEn ?? null,
      titleZh: b?.titleZh ?? '',
      titleEn: b?.titleEn ?? '',
      prodId: b?.prodId ?? null,
      seq: b?.seq ?? Math.min(nextSeq, BANNER_SEQ_MAX),
      enabled: b?.enabled ?? true,
    });
  }

  const title = (b: AdminBanner) => (lang === 'en' && b.titleEn ? b.titleEn : b.titleZh);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('common.required', { field: t(field) }) }];
  const thumb = (src: string, alt: string) => <Image src={src} alt={alt} width={120} height={60} style={{ objectFit: 'cover' }} />;

  return (
    <section aria-labelledby="banners-title">
      <Typography.Title level={2} id="banners-title" style={{ fontSize: 20 }}>
        {t('banners.menu')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('banners.intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => open('new')}>
          {t('banners.add')}
        </Button>
      </Space>
      <Table<AdminBanner>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: list.error ? <LoadError error={list.error} /> : t('banners.empty') }}
        columns={[
          {
            title: t('banners.columns.picture'),
            render: (_v, b) => (
              <Space>
                {thumb(b.img, b.titleZh)}
                {b.imgEn ? thumb(b.imgEn, b.titleEn ?? b.titleZh) : <Typography.Text type="secondary">{t('banners.sameAsZh')}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: t('banners.columns.title'),
            render: (_v, b) => (
              <Space direction="vertical" size={0}>
                <span lang="zh-CN">{b.titleZh}</span>
                {b.titleEn ? <span lang="en">{b.titleEn}</span> : null}
              </Space>
            ),
          },
          {
            title: t('banners.columns.product'),
            render: (_v, b) => (b.prodId === null ? t('banners.noProduct') : b.prodOnSale ? `#${b.prodId} ${b.prodName ?? ''}` : <Typography.Text type="warning">{t('banners.notOnSale', { id: b.prodId })}</Typography.Text>),
          },
          { title: t('banners.columns.seq'), dataIndex: 'seq' },
          {
            title: t('banners.columns.shown'),
            render: (_v, b) => (
              <Switch
                size="small"
                checked={b.enabled}
                loading={setStatus.isPending && setStatus.variables?.id === b.id}
                aria-label={t('banners.showSlide', { title: title(b) })}
                onChange={(enabled) => setStatus.mutate({ id: b.id, enabled })}
              />
            ),
          },
          {
            title: t('banners.columns.actions'),
            render: (_v, b) => (
              <Space wrap size="small">
                <Button size="small" onClick={() => open(b)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm title={t('banners.deleteConfirm', { title: title(b) })} onConfirm={() => remove.mutate(b.id)} okText={t('banners.delete')} cancelText={t('common.cancel')}>
                  <Button size="small" danger>
                    {t('banners.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />

      <Drawer
        open={editing !== null}
        width={720}
        title={t(editing === 'new' ? 'banners.createTitle' : 'banners.editTitle')}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="img" label={t('banners.fields.img')} extra={t('banners.imgHelp')} rules={[{ required: true, message: t('common.required', { field: t('banners.fields.img') }) }]}>
            <ImageUpload label={t('banners.fields.img')} empty="" />
          </Form.Item>
          <Form.Item name="imgEn" label={t('banners.fields.imgEn')} extra={t('banners.imgEnHelp')}>
            <ImageUpload label={t('banners.fields.imgEn')} />
          </Form.Item>
          <Form.Item name="titleZh" label={t('banners.fields.titleZh')} rules={required('banners.fields.titleZh')}>
            <Input maxLength={BANNER_TITLE_ZH_MAX} />
          </Form.Item>
          <Form.Item name="titleEn" label={t('banners.fields.titleEn')} rules={required('banners.fields.titleEn')}>
            <Input maxLength={BANNER_TITLE_EN_MAX} />
          </Form.Item>
          <Form.Item name="prodId" label={t('banners.fields.prodId')} extra={t('banners.prodHelp')}>
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="seq" label={t('banners.fields.seq')}>
            <InputNumber min={0} max={BANNER_SEQ_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('banners.fields.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Drawer>
    </section>
  );
}
