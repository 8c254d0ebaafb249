import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { z } from 'zod';
import { ADMIN_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import { AdminRoleSchema, ROLE_NAME_MAX_LENGTH, type AdminRole } from '@bazaar/shared/schemas/admin';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ROLES_KEY, STAFF_KEY, roleName } from './staff.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const RoleListSchema = z.array(AdminRoleSchema);

interface RoleForm {
  name: string;
  permissions: string[];
}

/** 角色管理 / Roles (decision 057): every role with its permissions; added roles are made and edited from the permission list. */
export function RolesPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const [form] = Form.useForm<RoleForm>();

  const roles = useQuery({ queryKey: [...ROLES_KEY, lang], queryFn: () => api('/admin/roles', { lang, schema: RoleListSchema }) });
  const fail = (err: unknown) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError'));

  const save = useMutation({
    mutationFn: (values: RoleForm) => {
      const body = { name: values.name.trim(), permissions: values.permissions ?? [] };
      return editing && editing !== 'new'
        ? api(`/admin/roles/${editing.roleId}`, { lang, method: 'PUT', body, schema: AdminRoleSchema })
        : api('/admin/roles', { lang, method: 'POST', body, schema: AdminRoleSchema });
    },
    onSuccess: async () => {
      void message.success(t('rolesAdmin.saved'));
      setEditing(null);
      await client.invalidateQueries({ queryKey: ROLES_KEY });
      await client.invalidateQueries({ queryKey: STAFF_KEY });
      await client.invalidateQueries({ queryKey: ['me'] });
      await client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: fail,
  });

  function open(role: AdminRole | 'new') {
    setEditing(role);
    form.setFieldsValue(role === 'new' ? { name: '', permissions: [] } : { name: role.name, permissions: role.permissions });
  }

  return (
    <section aria-labelledby="roles-title">
      <Typography.Title level={2} id="roles-title" style={{ fontSize: 20 }}>
        {t('rolesAdmin.title')}
      </Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => open('new')}>
          {t('rolesAdmin.create')}
        </Button>
      </Space>
      <Table<AdminRole>
        rowKey="roleId"
        loading={roles.isFetching}
        dataSource={roles.data ?? []}
        pagination={false}
        locale={{ emptyText: roles.error ? <LoadError error={roles.error} /> : t('rolesAdmin.empty') }}
        columns={[
          { title: t('rolesAdmin.columns.name'), render: (_v, r) => roleName(t, r) },
          { title: t('rolesAdmin.columns.kind'), render: (_v, r) => <Tag color={r.builtIn ? 'blue' : 'default'}>{t(r.builtIn ? 'rolesAdmin.builtIn' : 'rolesAdmin.custom')}</Tag> },
          {
            title: t('rolesAdmin.columns.permissions'),
            render: (_v, r) => (
              <Space size={[4, 4]} wrap>
                {r.permissions.map((p) => (
                  <Tag key={p}>{t(`permissionNames.${p}`)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('rolesAdmin.columns.actions'),
            render: (_v, r) =>
              r.builtIn ? (
                <Typography.Text type="secondary">{t('rolesAdmin.builtInHint')}</Typography.Text>
              ) : (
                <Button size="small" onClick={() => open(r)} aria-label={`${t('rolesAdmin.edit')} ${r.name}`}>
                  {t('rolesAdmin.edit')}
                </Button>
              ),
          },
        ]}
      />

      <Modal
        open={editing !== null}
        width={640}
        title={editing === 'new' ? t('rolesAdmin.createTitle') : editing ? t('rolesAdmin.editTitle', { name: editing.name }) : ''}
        okText={t('rolesAdmin.save')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form<RoleForm> form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="name" label={t('rolesAdmin.name')} rules={[{ required: true, whitespace: true, message: t('rolesAdmin.nameRequired') }]}>
            <Input maxLength={ROLE_NAME_MAX_LENGTH} />
          </Form.Item>
          <Form.Item name="permissions" label={t('rolesAdmin.permissions')}>
            <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }} options={ADMIN_PERMISSIONS.map((p) => ({ value: p, label: t(`permissionNames.${p}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
