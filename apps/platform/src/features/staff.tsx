import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { z } from 'zod';
import { AdminProfileSchema, AdminRoleSchema, StaffMemberSchema, type AdminRole, type StaffMember } from '@bazaar/shared/schemas/admin';
import { api, ApiError } from '../lib/api.ts';
import { useI18n, type T } from '../lib/i18n.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const StaffListSchema = z.array(StaffMemberSchema);
const RoleListSchema = z.array(AdminRoleSchema);
export const STAFF_KEY = ['staff'];
export const ROLES_KEY = ['roles'];

/** A role's name as the console shows it: a built-in role's translated, an added role's own. */
export const roleName = (t: T, role: { key: string | null; name: string }) => (role.key ? t(`roleNames.${role.key}`) : role.name);

interface CreateForm {
  username: string;
  password: string;
  roleId: number;
}

/** 员工管理 / Staff (decision 057): accounts with their role and status; create, assign a role, disable or enable, reset a password. */
export function StaffPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [createForm] = Form.useForm<CreateForm>();
  const [resetForm] = Form.useForm<{ password: string }>();

  const me = useQuery({ queryKey: ['me', lang], queryFn: () => api('/admin/me', { lang, schema: AdminProfileSchema }) });
  const staff = useQuery({ queryKey: [...STAFF_KEY, lang], queryFn: () => api('/admin/staff', { lang, schema: StaffListSchema }) });
  const roles = useQuery({ queryKey: [...ROLES_KEY, lang], queryFn: () => api('/admin/roles', { lang, schema: RoleListSchema }) });
  const fail = (err: unknown) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: STAFF_KEY });
    await client.invalidateQueries({ queryKey: ['audit'] });
  };
  const done = (key: string) => async () => {
    void message.success(t(key));
    await refresh();
  };

  const create = useMutation({
    mutationFn: (values: CreateForm) => api('/admin/staff', { lang, method: 'POST', body: values, schema: StaffMemberSchema }),
    onSuccess: async () => {
      setCreating(false);
      createForm.resetFields();
      await done('staffAdmin.created')();
    },
    onError: fail,
  });
  const setRole = useMutation({
    mutationFn: ({ adminId, roleId }: { adminId: number; roleId: number }) => api(`/admin/staff/${adminId}/role`, { lang, method: 'PUT', body: { roleId }, schema: StaffMemberSchema }),
    onSuccess: done('staffAdmin.roleSaved'),
    onError: fail,
  });
  const setStatus = useMutation({
    mutationFn: ({ adminId, status }: { adminId: number; status: 0 | 1 }) => api(`/admin/staff/${adminId}/status`, { lang, method: 'PUT', body: { status }, schema: StaffMemberSchema }),
    onSuccess: (member) => done(member.status === 1 ? 'staffAdmin.enabled' : 'staffAdmin.disabled')(),
    onError: fail,
  });
  const reset = useMutation({
    mutationFn: ({ adminId, password }: { adminId: number; password: string }) => api(`/admin/staff/${adminId}/password`, { lang, method: 'PUT', body: { password }, schema: StaffMemberSchema }),
    onSuccess: async () => {
      setResetting(null);
      resetForm.resetFields();
      await done('staffAdmin.passwordReset')();
    },
    onError: fail,
  });

  const roleOptions = (roles.data ?? []).map((r: AdminRole) => ({ value: r.roleId, label: roleName(t, r) }));
  const required = [{ required: true, whitespace: true, message: t('staffAdmin.required') }];

  return (
    <section aria-labelledby="staff-title">
      <Typography.Title level={2} id="staff-title" style={{ fontSize: 20 }}>
        {t('staffAdmin.title')}
      </Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('staffAdmin.create')}
        </Button>
      </Space>
      <Table<StaffMember>
        rowKey="adminId"
        loading={staff.isFetching}
        dataSource={staff.data ?? []}
        pagination={false}
        locale={{ emptyText: staff.error ? <LoadError error={staff.error} /> : t('staffAdmin.empty') }}
        columns={[
          { title: t('staffAdmin.columns.username'), render: (_v, s) => `${s.username}${s.adminId === me.data?.adminId ? t('staffAdmin.self') : ''}` },
          {
            title: t('staffAdmin.columns.role'),
            render: (_v, s) => {
              const self = s.adminId === me.data?.adminId;
              return (
                <Select
                  style={{ minWidth: 160 }}
                  value={s.role.roleId}
                  options={roleOptions.length ? roleOptions : [{ value: s.role.roleId, label: roleName(t, s.role) }]}
                  disabled={self || setRole.isPending}
                  title={self ? t('staffAdmin.ownRoleHint') : undefined}
                  aria-label={t('staffAdmin.roleLabel', { name: s.username })}
                  onChange={(roleId: number) => setRole.mutate({ adminId: s.adminId, roleId })}
                />
              );
            },
          },
          { title: t('staffAdmin.columns.status'), render: (_v, s) => <Tag color={s.status === 1 ? 'success' : 'error'}>{t(`staffAdmin.status.${s.status}`)}</Tag> },
          { title: t('staffAdmin.columns.lastLoginAt'), render: (_v, s) => s.lastLoginAt ?? '-' },
          {
            title: t('staffAdmin.columns.actions'),
            render: (_v, s) => {
              const self = s.adminId === me.data?.adminId;
              return (
                <Space wrap>
                  {s.status === 1 ? (
                    self ? null : (
                      <Popconfirm title={t('staffAdmin.disableConfirm', { name: s.username })} onConfirm={() => setStatus.mutate({ adminId: s.adminId, status: 0 })}>
                        <Button size="small" danger aria-label={`${t('staffAdmin.disable')} ${s.username}`}>
                          {t('staffAdmin.disable')}
                        </Button>
                      </Popconfirm>
                    )
                  ) : (
                    <Popconfirm title={t('staffAdmin.enableConfirm', { name: s.username })} onConfirm={() => setStatus.mutate({ adminId: s.adminId, status: 1 })}>
                      <Button size="small" type="primary" aria-label={`${t('staffAdmin.enable')} ${s.username}`}>
                        {t('staffAdmin.enable')}
                      </Button>
                    </Popconfirm>
                  )}
                  <Button size="small" onClick={() => setResetting(s)} aria-label={`${t('staffAdmin.resetPassword')} ${s.username}`}>
                    {t('staffAdmin.resetPassword')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />

      <Modal
        open={creating}
        title={t('staffAdmin.createTitle')}
        okText={t('staffAdmin.create')}
        confirmLoading={create.isPending}
        onOk={() => createForm.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<CreateForm> form={createForm} layout="vertical" onFinish={(values) => create.mutate({ ...values, username: values.username.trim() })}>
          <Form.Item name="username" label={t('staffAdmin.username')} extra={t('staffAdmin.usernameHint')} rules={required}>
            <Input autoComplete="off" maxLength={32} />
          </Form.Item>
          <Form.Item name="password" label={t('staffAdmin.password')} extra={t('staffAdmin.passwordHint')} rules={required}>
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <Form.Item name="roleId" label={t('staffAdmin.role')} rules={[{ required: true, message: t('staffAdmin.required') }]}>
            <Select options={roleOptions} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={resetting !== null}
        title={resetting ? t('staffAdmin.resetTitle', { name: resetting.username }) : ''}
        okText={t('staffAdmin.resetPassword')}
        confirmLoading={reset.isPending}
        onOk={() => resetForm.submit()}
        onCancel={() => setResetting(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('staffAdmin.resetHint')}</Typography.Paragraph>
        <Form<{ password: string }> form={resetForm} layout="vertical" onFinish={(values) => resetting && reset.mutate({ adminId: resetting.adminId, password: values.password })}>
          <Form.Item name="password" label={t('staffAdmin.newPassword')} extra={t('staffAdmin.passwordHint')} rules={required}>
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
