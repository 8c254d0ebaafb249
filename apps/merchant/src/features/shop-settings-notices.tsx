import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { htmlToParagraphs, paragraphsToHtml } from '@bazaar/shared/console/paragraphs';
import {
  MerchantNoticeSchema,
  MerchantNoticeSummarySchema,
  SHOP_NOTICE_STATUS,
  SHOP_NOTICE_TITLE_EN_MAX_LENGTH,
  SHOP_NOTICE_TITLE_MAX_LENGTH,
  type MerchantNoticeSummary,
} from '@bazaar/shared/schemas/merchant-shop';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

const PageSchema = pageOf(MerchantNoticeSummarySchema);
const PAGE_SIZE = 10;
type Values = { titleZh: string; titleEn: string; contentZh: string; contentEn: string; isTop: boolean; publish: boolean };
type Editing = { id: number | null } | null;

/** The shop's notices: create and edit (both languages), publish or withdraw, pin; published ones show on the shop page. */
export function ShopNoticesPage() {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const list = useQuery({
    queryKey: ['shop-notices', current],
    queryFn: () => api('/merchant/shop/notice/page', { lang, query: { current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const textOf = (err: unknown) => (err instanceof ApiError && err.text ? err.text : t('app.serverError'));
  const refresh = () => client.invalidateQueries({ queryKey: ['shop-notices'] });

  async function open(id: number | null) {
    setError(null);
    setRowError(null);
    if (id === null) {
      form.setFieldsValue({ titleZh: '', titleEn: '', contentZh: '', contentEn: '', isTop: false, publish: true });
      setEditing({ id });
      return;
    }
    try {
      const notice = await api(`/merchant/shop/notice/info/${id}`, { lang, schema: MerchantNoticeSchema });
      form.setFieldsValue({
        titleZh: notice.titleZh,
        titleEn: notice.titleEn,
        contentZh: htmlToParagraphs(notice.contentZh),
        contentEn: htmlToParagraphs(notice.contentEn),
        isTop: notice.isTop,
        publish: notice.status === SHOP_NOTICE_STATUS.published,
      });
      setEditing({ id });
    } catch (err) {
      setRowError(textOf(err));
    }
  }

  async function save(values: Values) {
    setBusy(true);
    setError(null);
    const body = {
      titleZh: values.titleZh,
      titleEn: values.titleEn ?? '',
      contentZh: paragraphsToHtml(values.contentZh ?? ''),
      contentEn: paragraphsToHtml(values.contentEn ?? ''),
      isTop: Boolean(values.isTop),
      status: values.publish ? SHOP_NOTICE_STATUS.published : SHOP_NOTICE_STATUS.draft,
    };
    try {
      const id = editing?.id;
      await api(id ? `/merchant/shop/notice/${id}` : '/merchant/shop/notice', { lang, method: id ? 'PUT' : 'POST', body, schema: MerchantNoticeSchema });
      await refresh();
      setEditing(null);
    } catch (err) {
      setError(textOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function change(path: string, body: unknown) {
    setRowError(null);
    try {
      await api(path, { lang, method: 'PUT', body, schema: MerchantNoticeSchema });
    } catch (err) {
      setRowError(textOf(err));
    }
    await refresh();
  }

  const published = (n: MerchantNoticeSummary) => n.status === SHOP_NOTICE_STATUS.published;
  const title = (n: MerchantNoticeSummary) => (lang === 'en' && n.titleEn ? n.titleEn : n.titleZh);

  return (
    <section aria-labelledby="shop-notices-title">
      <Typography.Title level={2} id="shop-notices-title" style={{ fontSize: 20 }}>
        {t('shopSettings.notices.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('shopSettings.notices.intro')}</Typography.Paragraph>
      <Button type="primary" onClick={() => void open(null)} style={{ marginBottom: 16 }}>
        {t('shopSettings.notices.add')}
      </Button>
      {list.error || rowError ? (
        <Typography.Paragraph type="danger" role="alert">
          {rowError ?? textOf(list.error)}
        </Typography.Paragraph>
      ) : null}
      <Table<MerchantNoticeSummary>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('shopSettings.notices.empty') }}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setCurrent,
          showSizeChanger: false,
          showTotal: (total) => t('shopSettings.notices.total', { total }),
        }}
        columns={[
          {
            title: t('shopSettings.notices.titleZh'),
            render: (_v, n) => (
              <>
                {n.isTop ? <Tag>{t('shopSettings.notices.pinned')}</Tag> : null}
                {title(n)}
              </>
            ),
          },
          {
            title: t('shopSettings.notices.status'),
            render: (_v, n) => <Tag>{t(published(n) ? 'shopSettings.notices.published' : 'shopSettings.notices.draft')}</Tag>,
          },
          { title: t('shopSettings.notices.publishTime'), dataIndex: 'publishTime' },
          {
            title: t('shopSettings.actions'),
            render: (_v, n) => {
              const publishAction = t(published(n) ? 'shopSettings.notices.unpublish' : 'shopSettings.notices.publish');
              const pinAction = t(n.isTop ? 'shopSettings.notices.unpin' : 'shopSettings.notices.pin');
              return (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => void open(n.id)} aria-label={t('shopSettings.notices.actionOn', { action: t('shopSettings.edit'), title: title(n) })}>
                    {t('shopSettings.edit')}
                  </Button>
                  <Button
                    size="small"
                    type={published(n) ? 'default' : 'primary'}
                    onClick={() => void change(`/merchant/shop/notice/${n.id}/status`, { status: published(n) ? SHOP_NOTICE_STATUS.draft : SHOP_NOTICE_STATUS.published })}
                    aria-label={t('shopSettings.notices.actionOn', { action: publishAction, title: title(n) })}
                  >
                    {publishAction}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => void change(`/merchant/shop/notice/${n.id}/top`, { isTop: !n.isTop })}
                    aria-label={t('shopSettings.notices.actionOn', { action: pinAction, title: title(n) })}
                  >
                    {pinAction}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing?.id ? 'shopSettings.notices.editTitle' : 'shopSettings.notices.addTitle')}
        okText={t('shopSettings.save')}
        cancelText={t('shopSettings.cancel')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        width={720}
        forceRender
      >
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void save(values)}>
          <Form.Item
            name="titleZh"
            label={t('shopSettings.notices.titleZh')}
            rules={[{ required: true, whitespace: true, message: t('shopSettings.info.required', { field: t('shopSettings.notices.titleZh') }) }]}
          >
            <Input maxLength={SHOP_NOTICE_TITLE_MAX_LENGTH} showCount />
          </Form.Item>
          <Form.Item
            name="contentZh"
            label={t('shopSettings.notices.contentZh')}
            extra={t('shopSettings.notices.contentHint')}
            rules={[{ required: true, whitespace: true, message: t('shopSettings.info.required', { field: t('shopSettings.notices.contentZh') }) }]}
          >
            <Input.TextArea rows={5} />
          </Form.Item>
          <Form.Item name="titleEn" label={t('shopSettings.notices.titleEn')} extra={t('shopSettings.notices.englishHint')}>
            <Input maxLength={SHOP_NOTICE_TITLE_EN_MAX_LENGTH} showCount />
          </Form.Item>
          <Form.Item name="contentEn" label={t('shopSettings.notices.contentEn')} extra={t('shopSettings.notices.contentHint')}>
            <Input.TextArea rows={5} />
          </Form.Item>
          <Space size={24}>
            <Form.Item name="isTop" valuePropName="checked" noStyle>
              <Checkbox>{t('shopSettings.notices.isTop')}</Checkbox>
            </Form.Item>
            <Form.Item name="publish" valuePropName="checked" noStyle>
              <Checkbox>{t('shopSettings.notices.publishNow')}</Checkbox>
            </Form.Item>
          </Space>
          {error ? (
            <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 16 }}>
              {error}
            </Typography.Paragraph>
          ) : null}
        </Form>
      </Modal>
    </section>
  );
}
