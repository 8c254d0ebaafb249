// 员工管理 / Staff (decision 057): the shop owner's accounts page. The owner's own row first (not
// editable), then each staff account with its role (a select), status, last login and actions:
// disable or enable behind a confirmation, reset the password in a dialog. Adding staff is a
// dialog with the role's duties spelled out; the shop's log of changes is under the table.
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { SHOP_PASSWORD_PATTERN } from '@bazaar/shared/schemas/shop-application';
import { STAFF_ROLE_KEYS, STAFF_USERNAME_PATTERN, type StaffMember, type StaffRoleKey } from '@bazaar/shared/schemas/merchant-staff';
import { useI18n } from '../lib/i18n.tsx';
import { STAFF_LOG_SIZE, useAddStaff, useStaff, useStaffAction, useStaffLog, type NewStaff } from '../lib/merchant-staff.ts';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

const nameOf = (m: StaffMember) => m.displayName || m.username;

function PasswordFields({ label }: { label: string }) {
  const { t } = useI18n();
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        extra={t('staff.form.passwordHint')}
        rules={[{ required: true, message: t('staff.form.passwordRequired') }, { pattern: SHOP_PASSWORD_PATTERN, message: t('staff.form.passwordHint') }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('staff.form.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('staff.form.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, value) => (!value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('staff.form.mismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

function AddStaffModal({ api, onClose }: { api: ConsoleApi; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<NewStaff & { confirmPassword: string }>();
  const add = useAddStaff(api, lang);
  const [error, setError] = useState<string | null>(null);
  const submit = (values: NewStaff) =>
    add.mutate(values, {
      onSuccess: (member) => {
        void message.success(t('staff.added', { name: member.username }));
        onClose();
      },
      onError: (err) => setError(errorText(err, t)),
    });
  return (
    <Modal open title={t('staff.form.title')} onCancel={onClose} okText={t('staff.form.submit')} cancelText={t('staff.cancel')} onOk={() => form.submit()} confirmLoading={add.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ role: 'service' }}>
        <Form.Item
          name="username"
          label={t('staff.form.username')}
          extra={t('staff.form.usernameHint')}
          rules={[{ required: true, message: t('staff.form.usernameRequired') }, { pattern: STAFF_USERNAME_PATTERN, message: t('staff.form.usernameHint') }]}
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item name="displayName" label={t('staff.form.displayName')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="role" label={t('staff.form.role')} rules={[{ required: true, message: t('staff.form.roleRequired') }]}>
          <Select
            aria-label={t('staff.form.role')}
            options={STAFF_ROLE_KEYS.map((role) => ({ value: role, label: `${t(`staff.roles.${role}`)}：${t(`staff.roleHints.${role}`)}` }))}
          />
        </Form.Item>
        <PasswordFields label={t('staff.form.password')} />
        <FormError error={error} />
      </Form>
    </Modal>
  );
}

function ResetPasswordModal({ api, member, onClose }: { api: ConsoleApi; member: StaffMember; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const action = useStaffAction(api, lang);
  const [error, setError] = useState<string | null>(null);
  const submit = ({ password }: { password: string }) =>
    action.mutate(
      { id: member.id, action: { kind: 'password', password } },
      {
        onSuccess: () => {
          void message.success(t('staff.passwordReset', { name: nameOf(member) }));
          onClose();
        },
        onError: (err) => setError(errorText(err, t)),
      },
    );
  return (
    <Modal
      open
      title={t('staff.form.resetTitle', { name: nameOf(member) })}
      onCancel={onClose}
      okText={t('staff.form.save')}
      cancelText={t('staff.cancel')}
      onOk={() => form.submit()}
      confirmLoading={action.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('staff.form.resetText')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <PasswordFields label={t('staff.form.newPassword')} />
        <FormError error={error} />
      </Form>
    </Modal>
  );
}

function StaffLog({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const [current, setCurrent] = useState(1);
  const log = useStaffLog(api, lang, current);
  return (
    <section aria-labelledby="staff-log-title">
      <Typography.Title level={3} id="staff-log-title" style={{ fontSize: 16 }}>
        {t('staff.log.title')}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        loading={log.isFetching}
        dataSource={log.data?.records ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{log.error ? errorText(log.error, t, 'app.loadFailed') : t('staff.log.empty')}</Typography.Text> }}
        pagination={{ current, pageSize: STAFF_LOG_SIZE, total: log.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: t('staff.log.time'), dataIndex: 'createdAt' },
          { title: t('staff.log.account'), dataIndex: 'accountName' },
          { title: t('staff.log.action'), render: (_v, r) => t(`staff.log.actions.${r.action.replace('.', '_')}`) },
          { title: t('staff.log.target'), render: (_v, r) => (r.targetType === 'route' ? r.targetId : `#${r.targetId}`) },
        ]}
      />
    </section>
  );
}

export function StaffPage({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const { message, modal } = App.useApp();
  const staff = useStaff(api, lang);
  const action = useStaffAction(api, lang);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<StaffMember | null>(null);

  const changeRole = (member: StaffMember, role: StaffRoleKey) =>
    action.mutate(
      { id: member.id, action: { kind: 'role', role } },
      {
        onSuccess: () => void message.success(t('staff.roleChanged', { name: nameOf(member), role: t(`staff.roles.${role}`) })),
        onError: (err) => void message.error(errorText(err, t)),
      },
    );
  const toggle = (member: StaffMember) => {
    const disabling = member.status === 1;
    modal.confirm({
      title: t(disabling ? 'staff.confirmDisable' : 'staff.confirmEnable', { name: nameOf(member) }),
      content: t(disabling ? 'staff.confirmDisableText' : 'staff.confirmEnableText'),
      okText: t(disabling ? 'staff.disable' : 'staff.enable'),
      okButtonProps: disabling ? { danger: true } : undefined,
      cancelText: t('staff.cancel'),
      onOk: () =>
        action
          .mutateAsync({ id: member.id, action: { kind: 'status', status: disabling ? 0 : 1 } })
          .then(() => void message.success(t(disabling ? 'staff.disabled' : 'staff.enabled', { name: nameOf(member) })))
          .catch((err: unknown) => void message.error(errorText(err, t))),
    });
  };

  return (
    <section aria-labelledby="staff-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="baseline">
        <Typography.Title level={2} id="staff-title" style={{ fontSize: 20 }}>
          {t('staff.title')}
        </Typography.Title>
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('staff.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('staff.intro')}</Typography.Paragraph>
      <Table
        rowKey="id"
        loading={staff.isFetching}
        dataSource={staff.data ?? []}
        locale={staff.error ? { emptyText: <Typography.Text type="danger">{errorText(staff.error, t, 'app.loadFailed')}</Typography.Text> } : undefined}
        pagination={false}
        style={{ marginBottom: 24 }}
        columns={[
          { title: t('staff.columns.username'), dataIndex: 'username' },
          { title: t('staff.columns.displayName'), render: (_v, m) => m.displayName ?? '-' },
          {
            title: t('staff.columns.role'),
            render: (_v, m) =>
              m.role === 'owner' ? (
                <Tag>{t('staff.roles.owner')}</Tag>
              ) : (
                <Select
                  size="small"
                  style={{ minWidth: 150 }}
                  aria-label={t('staff.roleOf', { name: m.username })}
                  value={m.role}
                  disabled={action.isPending}
                  onChange={(role: StaffRoleKey) => changeRole(m, role)}
                  options={STAFF_ROLE_KEYS.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
                />
              ),
          },
          {
            title: t('staff.columns.status'),
            render: (_v, m) => <Tag color={m.status === 1 ? 'success' : 'default'}>{t(m.status === 1 ? 'staff.status.enabled' : 'staff.status.disabled')}</Tag>,
          },
          { title: t('staff.columns.lastLogin'), render: (_v, m) => m.lastLoginTime ?? t('staff.never') },
          {
            title: t('staff.columns.actions'),
            render: (_v, m) =>
              m.role === 'owner' ? null : (
                <Space>
                  <Button size="small" danger={m.status === 1} onClick={() => toggle(m)} aria-label={t(m.status === 1 ? 'staff.disableOf' : 'staff.enableOf', { name: m.username })}>
                    {t(m.status === 1 ? 'staff.disable' : 'staff.enable')}
                  </Button>
                  <Button size="small" onClick={() => setResetting(m)} aria-label={t('staff.resetPasswordOf', { name: m.username })}>
                    {t('staff.resetPassword')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <StaffLog api={api} />
      {adding ? <AddStaffModal api={api} onClose={() => setAdding(false)} /> : null}
      {resetting ? <ResetPasswordModal api={api} member={resetting} onClose={() => setResetting(null)} /> : null}
    </section>
  );
}
