import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Image, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { z } from 'zod';
import {
  AdminCategorySchema,
  CATEGORY_NAME_EN_MAX,
  CATEGORY_NAME_ZH_MAX,
  CATEGORY_SEQ_MAX,
  type AdminCategory,
  type CategoryUpdateInput,
} from '@bazaar/shared/schemas/platform-content';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ImageUpload } from '../lib/image-upload.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const ListSchema = z.array(AdminCategorySchema);
const MAX_GRADE = 3;

type Node = AdminCategory & { children?: Node[] };

/** The flat rows (parents first, in order) as a tree for the table. */
function toTree(rows: AdminCategory[]): Node[] {
  const byId = new Map<number, Node>();
  const roots: Node[] = [];
  for (const row of rows) {
    const node: Node = { ...row };
    byId.set(row.categoryId, node);
    const parent = byId.get(row.parentId);
    if (row.parentId === 0) roots.push(node);
    else if (parent) (parent.children ??= []).push(node);
  }
  return roots;
}

type Editing = { mode: 'create'; parent: AdminCategory | null } | { mode: 'edit'; category: AdminCategory };

/** The platform category tree: three levels, bilingual names, icons, order and visibility. */
export function CategoriesPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<CategoryUpdateInput>();

  const list = useQuery({ queryKey: ['categories'], queryFn: () => api('/admin/categories', { lang, schema: ListSchema }) });
  const tree = useMemo(() => toTree(list.data ?? []), [list.data]);
  const siblingsOf = (c: AdminCategory) => (list.data ?? []).filter((x) => x.parentId === c.parentId);

  const fail = (err: unknown) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['categories'] });
    await client.invalidateQueries({ queryKey: ['audit'] });
  };

  const save = useMutation({
    mutationFn: async (values: CategoryUpdateInput) => {
      const body = { ...values, icon: values.icon || null, status: values.status ? 1 : 0 };
      if (editing?.mode === 'edit') return api(`/admin/categories/${editing.category.categoryId}`, { lang, method: 'PUT', body, schema: AdminCategorySchema });
      return api('/admin/categories', { lang, method: 'POST', body: { ...body, parentId: editing?.mode === 'create' ? (editing.parent?.categoryId ?? 0) : 0 }, schema: AdminCategorySchema });
    },
    onSuccess: async () => {
      void message.success(t('common.saved'));
      setEditing(null);
      await refresh();
    },
    onError: fail,
  });
  const setStatus = useMutation({
    mutationFn: ({ id, shown }: { id: number; shown: boolean }) => api(`/admin/categories/${id}/status`, { lang, method: 'PUT', body: { status: shown ? 1 : 0 }, schema: AdminCategorySchema }),
    onSuccess: refresh,
    onError: fail,
  });
  const move = useMutation({
    mutationFn: ({ category, by }: { category: AdminCategory; by: -1 | 1 }) => {
      const ids = siblingsOf(category).map((c) => c.categoryId);
      const at = ids.indexOf(category.categoryId);
      const to = at + by;
      [ids[at], ids[to]] = [ids[to]!, ids[at]!];
      return api('/admin/categories/order', { lang, method: 'PUT', body: { parentId: category.parentId, ids } });
    },
    onSuccess: refresh,
    onError: async (err) => {
      fail(err);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`/admin/categories/${id}`, { lang, method: 'DELETE' }),
    onSuccess: async () => {
      void message.success(t('categories.deleted'));
      await refresh();
    },
    onError: fail,
  });

  function open(next: Editing) {
    setEditing(next);
    const c = next.mode === 'edit' ? next.category : null;
    form.setFieldsValue({ nameZh: c?.nameZh ?? '', nameEn: c?.nameEn ?? '', icon: c?.icon ?? null, seq: c?.seq ?? 0, status: (c ? c.status === 1 : true) as never });
  }

  const name = (c: AdminCategory) => (lang === 'en' && c.nameEn ? c.nameEn : c.nameZh);
  const actions = (c: AdminCategory) => {
    const siblings = siblingsOf(c);
    const at = siblings.findIndex((s) => s.categoryId === c.categoryId);
    return (
      <Space wrap size="small">
        <Button size="small" onClick={() => open({ mode: 'edit', category: c })}>
          {t('common.edit')}
        </Button>
        {c.grade < MAX_GRADE ? (
          <Button size="small" onClick={() => open({ mode: 'create', parent: c })}>
            {t('categories.addChild')}
          </Button>
        ) : null}
        <Button size="small" disabled={at <= 0 || move.isPending} aria-label={t('categories.moveUp', { name: name(c) })} onClick={() => move.mutate({ category: c, by: -1 })}>
          {t('categories.up')}
        </Button>
        <Button
          size="small"
          disabled={at < 0 || at >= siblings.length - 1 || move.isPending}
          aria-label={t('categories.moveDown', { name: name(c) })}
          onClick={() => move.mutate({ category: c, by: 1 })}
        >
          {t('categories.down')}
        </Button>
        <Popconfirm title={t('categories.deleteConfirm', { name: name(c) })} onConfirm={() => remove.mutate(c.categoryId)}>
          <Button size="small" danger>
            {t('categories.delete')}
          </Button>
        </Popconfirm>
      </Space>
    );
  };

  const title =
    editing?.mode === 'edit'
      ? t('categories.editTitle', { name: name(editing.category) })
      : editing?.parent
        ? t('categories.createChildTitle', { name: name(editing.parent) })
        : t('categories.createTitle');

  return (
    <section aria-labelledby="categories-title">
      <Typography.Title level={2} id="categories-title" style={{ fontSize: 20 }}>
        {t('contentMenu.categories')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('categories.intro')}</Typography.Paragraph>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => open({ mode: 'create', parent: null })}>
        {t('categories.addTop')}
      </Button>
      <Table<Node>
        rowKey="categoryId"
        loading={list.isFetching}
        dataSource={tree}
        pagination={false}
        size="small"
        locale={{ emptyText: list.error ? <LoadError error={list.error} /> : t('categories.empty') }}
        columns={[
          { title: t('categories.columns.name'), render: (_v, c) => c.nameZh },
          { title: t('categories.columns.nameEn'), render: (_v, c) => c.nameEn ?? '' },
          { title: t('categories.columns.grade'), render: (_v, c) => <Tag>{t('categories.grade', { grade: c.grade })}</Tag> },
          { title: t('categories.columns.icon'), render: (_v, c) => (c.icon ? <Image src={c.icon} alt={name(c)} width={32} height={32} preview={false} /> : null) },
          { title: t('categories.columns.seq'), dataIndex: 'seq' },
          {
            title: t('categories.columns.shown'),
            render: (_v, c) => (
              <Switch
                size="small"
                checked={c.status === 1}
                loading={setStatus.isPending && setStatus.variables?.id === c.categoryId}
                aria-label={t('categories.showName', { name: name(c) })}
                onChange={(shown) => setStatus.mutate({ id: c.categoryId, shown })}
              />
            ),
          },
          { title: t('categories.columns.products'), dataIndex: 'productCount' },
          { title: t('common.actions'), render: (_v, c) => actions(c) },
        ]}
      />

      <Modal open={editing !== null} title={title} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={save.isPending} okText={t('common.save')} cancelText={t('common.cancel')} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="nameZh" label={t('categories.fields.nameZh')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('categories.fields.nameZh') }) }]}>
            <Input maxLength={CATEGORY_NAME_ZH_MAX} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('categories.fields.nameEn')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('categories.fields.nameEn') }) }]}>
            <Input maxLength={CATEGORY_NAME_EN_MAX} />
          </Form.Item>
          <Form.Item name="icon" label={t('categories.fields.icon')}>
            <ImageUpload label={t('categories.fields.icon')} />
          </Form.Item>
          <Form.Item name="seq" label={t('categories.fields.seq')}>
            <InputNumber min={0} max={CATEGORY_SEQ_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="status" label={t('categories.fields.shown')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
