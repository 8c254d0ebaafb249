import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Switch, Table, Tag, Typography } from 'antd';
import { z } from 'zod';
import {
  MerchantShopCategorySchema,
  SHOP_CATEGORY_NAME_EN_MAX_LENGTH,
  SHOP_CATEGORY_NAME_MAX_LENGTH,
  SHOP_CATEGORY_SEQ_MAX,
  SHOP_CATEGORY_STATUS,
  type MerchantShopCategory,
} from '@bazaar/shared/schemas/merchant-shop';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

const ListSchema = z.array(MerchantShopCategorySchema);
type Values = { nameZh: string; nameEn: string; seq: number; status: boolean };
type Editing = { category: MerchantShopCategory | null } | null;

/** The shop's own categories: create, rename (both languages), order and hide; the storefront's side menu follows. */
export function ShopCategoriesPage() {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [rowError, setRowError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const list = useQuery({ queryKey: ['shop-categories'], queryFn: () => api('/merchant/shop/category/list', { lang, schema: ListSchema }) });
  const textOf = (err: unknown) => (err instanceof ApiError && err.text ? err.text : t('app.serverError'));

  function open(category: MerchantShopCategory | null) {
    setError(null);
    setEditing({ category });
    const next = list.data ?? [];
    form.setFieldsValue(
      category
        ? { nameZh: category.nameZh, nameEn: category.nameEn, seq: category.seq, status: category.status === SHOP_CATEGORY_STATUS.shown }
        : { nameZh: '', nameEn: '', seq: Math.min(SHOP_CATEGORY_SEQ_MAX, next.reduce((max, c) => Math.max(max, c.seq), 0) + 1), status: true },
    );
  }

  async function save(values: Values) {
    setBusy(true);
    setError(null);
    const body = { nameZh: values.nameZh, nameEn: values.nameEn ?? '', seq: values.seq ?? 0, status: values.status ? SHOP_CATEGORY_STATUS.shown : SHOP_CATEGORY_STATUS.hidden };
    try {
      const id = editing?.category?.id;
      await api(id ? `/merchant/shop/category/${id}` : '/merchant/shop/category', { lang, method: id ? 'PUT' : 'POST', body, schema: MerchantShopCategorySchema });
      await client.invalidateQueries({ queryKey: ['shop-categories'] });
      setEditing(null);
    } catch (err) {
      setError(textOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function toggle(category: MerchantShopCategory, shown: boolean) {
    setRowError(null);
    try {
      const body = { nameZh: category.nameZh, nameEn: category.nameEn, seq: category.seq, status: shown ? SHOP_CATEGORY_STATUS.shown : SHOP_CATEGORY_STATUS.hidden };
      await api(`/merchant/shop/category/${category.id}`, { lang, method: 'PUT', body, schema: MerchantShopCategorySchema });
    } catch (err) {
      setRowError(textOf(err));
    }
    await client.invalidateQueries({ queryKey: ['shop-categories'] });
  }

  return (
    <section aria-labelledby="shop-categories-title">
      <Typography.Title level={2} id="shop-categories-title" style={{ fontSize: 20 }}>
        {t('shopSettings.categories.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('shopSettings.categories.intro')}</Typography.Paragraph>
      <Button type="primary" onClick={() => open(null)} style={{ marginBottom: 16 }}>
        {t('shopSettings.categories.add')}
      </Button>
      {list.error || rowError ? (
        <Typography.Paragraph type="danger" role="alert">
          {rowError ?? textOf(list.error)}
        </Typography.Paragraph>
      ) : null}
      <Table<MerchantShopCategory>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('shopSettings.categories.empty') }}
        columns={[
          { title: t('shopSettings.categories.seq'), dataIndex: 'seq', width: 90 },
          { title: t('shopSettings.categories.nameZh'), dataIndex: 'nameZh' },
          { title: t('shopSettings.categories.nameEn'), dataIndex: 'nameEn' },
          {
            title: t('shopSettings.categories.status'),
            render: (_v, c) => (
              <>
                <Switch
                  size="small"
                  checked={c.status === SHOP_CATEGORY_STATUS.shown}
                  aria-label={t('shopSettings.categories.showName', { name: c.nameZh })}
                  onChange={(checked) => void toggle(c, checked)}
                />{' '}
                <Tag>
                  {t(c.status === SHOP_CATEGORY_STATUS.shown ? 'shopSettings.categories.shown' : 'shopSettings.categories.hidden')}
                </Tag>
              </>
            ),
          },
          {
            title: t('shopSettings.actions'),
            render: (_v, c) => (
              <Button size="small" onClick={() => open(c)} aria-label={t('shopSettings.categories.editName', { name: c.nameZh })}>
                {t('shopSettings.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing?.category ? 'shopSettings.categories.editTitle' : 'shopSettings.categories.addTitle')}
        okText={t('shopSettings.save')}
        cancelText={t('shopSettings.cancel')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void save(values)}>
          <Form.Item
            name="nameZh"
            label={t('shopSettings.categories.nameZh')}
            rules={[{ required: true, whitespace: true, max: SHOP_CATEGORY_NAME_MAX_LENGTH, message: t('shopSettings.info.required', { field: t('shopSettings.categories.nameZh') }) }]}
          >
            <Input maxLength={SHOP_CATEGORY_NAME_MAX_LENGTH} showCount />
          </Form.Item>
          <Form.Item name="nameEn" label={t('shopSettings.categories.nameEn')} extra={t('shopSettings.categories.nameEnHint')}>
            <Input maxLength={SHOP_CATEGORY_NAME_EN_MAX_LENGTH} showCount />
          </Form.Item>
          <Form.Item name="seq" label={t('shopSettings.categories.seq')}>
            <InputNumber min={0} max={SHOP_CATEGORY_SEQ_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="status" label={t('shopSettings.categories.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <FormError error={error} />
        </Form>
      </Modal>
    </section>
  );
}
