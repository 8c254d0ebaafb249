import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Segmented, Space, Switch, Table, Tag, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  AdminNoticeSchema,
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_EN_MAX,
  NOTICE_TITLE_ZH_MAX,
  type AdminNotice,
  type NoticeInput,
  type NoticeQuery,
} from '@bazaar/shared/schemas/platform-content';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const PageSchema = pageOf(AdminNoticeSchema);
const PAGE_SIZE = 20;
const FILTERS = ['all', 'published', 'draft'] as const;

/** The platform's notices: write, edit, publish or unpublish, pin; they feed the storefront's ticker and /notice-list. */
export function NoticesPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<NoticeQuery['status']>('all');
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const [form] = Form.useForm<NoticeInput>();

  const list = useQuery({
    queryKey: ['notices', status, current],
    queryFn: () => api('/admin/notices', { lang, query: { status, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const fail = (err: unknown) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['notices'] });
    await client.invalidateQueries({ queryKey: ['audit'] });
  };

  const save = useMutation({
    mutationFn: (values: NoticeInput) =>
      editing && editing !== 'new'
        ? api(`/admin/notices/${editing.id}`, { lang, method: 'PUT', body: values, schema: AdminNoticeSchema })
        : api('/admin/notices', { lang, method: 'POST', body: values, schema: AdminNoticeSchema }),
    onSuccess: async () => {
      void message.success(t('common.saved'));
      setEditing(null);
      await refresh();
    },
    onError: fail,
  });
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) => api(`/admin/notices/${id}/publish`, { lang, method: 'PUT', body: { published }, schema: AdminNoticeSchema }),
    onSuccess: async (n) => {
      void message.success(t(n.published ? 'notices.publishedMessage' : 'notices.unpublishedMessage'));
      await refresh();
    },
    onError: fail,
  });
  const pin = useMutation({
    mutationFn: ({ id, isTop }: { id: number; isTop: boolean }) => api(`/admin/notices/${id}/pin`, { lang, method: 'PUT', body: { isTop }, schema: AdminNoticeSchema }),
    onSuccess: refresh,
    onError: fail,
  });

  function open(notice: AdminNotice | 'new') {
    setEditing(notice);
    const n = notice === 'new' ? null : notice;
    form.setFieldsValue({
      titleZh: n?.titleZh ?? '',
      titleEn: n?.titleEn ?? '',
      contentZh: n?.contentZh ?? '',
      contentEn: n?.contentEn ?? '',
      isTop: n?.isTop ?? false,
      published: n?.published ?? true,
    });
  }

  const title = (n: AdminNotice) => (lang === 'en' && n.titleEn ? n.titleEn : n.titleZh);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('common.required', { field: t(field) }) }];

  return (
    <section aria-labelledby="notices-title">
      <Typography.Title level={2} id="notices-title" style={{ fontSize: 20 }}>
        {t('contentMenu.notices')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('notices.intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(v as NoticeQuery['status']);
            setCurrent(1);
          }}
          options={FILTERS.map((f) => ({ value: f, label: t(`notices.filter.${f}`) }))}
        />
        <Button type="primary" onClick={() => open('new')}>
          {t('notices.add')}
        </Button>
      </Space>
      <Table<AdminNotice>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: list.error ? <LoadError error={list.error} /> : t('notices.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          {
            title: t('notices.columns.title'),
            render: (_v, n) => (
              <Space>
                {n.isTop ? <Tag>{t('notices.pinnedTag')}</Tag> : null}
                <span>{title(n)}</span>
              </Space>
            ),
          },
          { title: t('notices.columns.status'), render: (_v, n) => <Tag color={n.published ? 'success' : 'default'}>{t(`notices.status.${n.published ? 'published' : 'draft'}`)}</Tag> },
          { title: t('notices.columns.publishTime'), render: (_v, n) => (n.published ? n.publishTime : '—') },
          { title: t('notices.columns.updatedAt'), dataIndex: 'updatedAt' },
          {
            title: t('common.actions'),
            render: (_v, n) => (
              <Space wrap size="small">
                <Button size="small" onClick={() => open(n)}>
                  {t('common.edit')}
                </Button>
                <Button size="small" type={n.published ? 'default' : 'primary'} onClick={() => publish.mutate({ id: n.id, published: !n.published })}>
                  {t(n.published ? 'notices.unpublish' : 'notices.publish')}
                </Button>
                <Button size="small" onClick={() => pin.mutate({ id: n.id, isTop: !n.isTop })}>
                  {t(n.isTop ? 'notices.unpin' : 'notices.pin')}
                </Button>
              </Space>
            ),
          },
        ]}
      />

      <Drawer
        open={editing !== null}
        width={720}
        title={t(editing === 'new' ? 'notices.createTitle' : 'notices.editTitle')}
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
          <Form.Item name="titleZh" label={t('notices.fields.titleZh')} rules={required('notices.fields.titleZh')}>
            <Input maxLength={NOTICE_TITLE_ZH_MAX} />
          </Form.Item>
          <Form.Item name="titleEn" label={t('notices.fields.titleEn')} rules={required('notices.fields.titleEn')}>
            <Input maxLength={NOTICE_TITLE_EN_MAX} />
          </Form.Item>
          <Form.Item name="contentZh" label={t('notices.fields.contentZh')} rules={required('notices.fields.contentZh')} extra={t('notices.contentHelp')}>
            <Input.TextArea rows={6} maxLength={NOTICE_CONTENT_MAX} />
          </Form.Item>
          <Form.Item name="contentEn" label={t('notices.fields.contentEn')} rules={required('notices.fields.contentEn')}>
            <Input.TextArea rows={6} maxLength={NOTICE_CONTENT_MAX} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="isTop" label={t('notices.fields.isTop')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="published" label={t('notices.fields.published')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Drawer>
    </section>
  );
}
