import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminUserSchema, USER_STATUS, type AdminUser } from '@bazaar/shared/schemas/admin-users';
import { api, ApiError } from '../lib/api.ts';
import { useCan } from '../lib/permissions.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { ReasonDialog } from '../lib/reason-dialog.tsx';
import { UserPointsButton } from './user-points-button.tsx';
import { UserBalanceButton } from './user-balance-button.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const PageSchema = pageOf(AdminUserSchema);
const PAGE_SIZE = 10;

type Change = { userId: string; action: 'disable'; reason: string } | { userId: string; action: 'enable' };

/** Shoppers: search by nickname, mobile or user name; disable a login with a reason, or enable it. */
export function UsersPage() {
  const { t, lang } = useI18n();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [current, setCurrent] = useState(1);
  const [disabling, setDisabling] = useState<AdminUser | null>(null);

  const list = useQuery({
    queryKey: ['users', keyword, status, current, lang],
    queryFn: () => api('/admin/users', { lang, query: { keyword, status, current, size: PAGE_SIZE }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: (c: Change) =>
      api(`/admin/users/${c.userId}/${c.action}`, { lang, method: 'POST', body: c.action === 'disable' ? { reason: c.reason } : {}, schema: AdminUserSchema }),
    onSuccess: async (_saved, c) => {
      void message.success(t(c.action === 'disable' ? 'users.disabled' : 'users.enabled'));
      setDisabling(null);
      await Promise.all([client.invalidateQueries({ queryKey: ['users'] }), client.invalidateQueries({ queryKey: ['audit'] })]);
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });

  return (
    <section aria-labelledby="users-title">
      <Typography.Title level={2} id="users-title" style={{ fontSize: 20 }}>
        {t('users.title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          allowClear
          enterButton={t('users.searchButton')}
          style={{ width: 320 }}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            setKeyword(value.trim());
            setCurrent(1);
          }}
        />
        <Select<number | ''>
          aria-label={t('users.columns.status')}
          style={{ width: 160 }}
          value={status ?? ''}
          onChange={(v) => {
            setStatus(v === '' ? undefined : v);
            setCurrent(1);
          }}
          options={[
            { value: '', label: t('users.allStatuses') },
            { value: USER_STATUS.enabled, label: t('users.status.1') },
            { value: USER_STATUS.disabled, label: t('users.status.0') },
          ]}
        />
      </Space>
      <Table<AdminUser>
        rowKey="userId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: list.error ? <LoadError error={list.error} /> : t('users.empty') }}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          {
            title: t('users.columns.user'),
            render: (_v, u) => (
              <Space>
                <Avatar src={u.pic ?? undefined} alt="">
                  {u.nickName.slice(0, 1)}
                </Avatar>
                {u.nickName}
              </Space>
            ),
          },
          { title: t('users.columns.userName'), render: (_v, u) => u.userName ?? '—' },
          { title: t('users.columns.mobile'), dataIndex: 'mobile' },
          {
            title: t('users.columns.status'),
            render: (_v, u) => (
              <Space direction="vertical" size={2}>
                <Tag color={u.status === USER_STATUS.enabled ? 'success' : 'error'}>{t(`users.status.${u.status}`)}</Tag>
                {u.disabledReason ? <Typography.Text type="secondary">{t('users.disabledReason', { reason: u.disabledReason })}</Typography.Text> : null}
              </Space>
            ),
          },
          { title: t('users.columns.createdAt'), dataIndex: 'createdAt' },
          {
            title: t('users.columns.actions'),
            render: (_v, u) => (
              <Space wrap>
                {!can('users.disable') ? null : u.status === USER_STATUS.enabled ? (
                  <Button size="small" danger onClick={() => setDisabling(u)}>
                    {t('users.disable')}
                  </Button>
                ) : (
                  <Popconfirm title={t('users.enableConfirm', { name: u.nickName })} onConfirm={() => change.mutate({ userId: u.userId, action: 'enable' })}>
                    <Button size="small" type="primary">
                      {t('users.enable')}
                    </Button>
                  </Popconfirm>
                )}
                {can('users.points.adjust') ? <UserPointsButton userId={u.userId} name={u.nickName} /> : null}
                {can('users.balance.adjust') ? <UserBalanceButton userId={u.userId} name={u.nickName} /> : null}
              </Space>
            ),
          },
        ]}
      />

      <ReasonDialog
        open={disabling !== null}
        title={disabling ? t('users.disableTitle', { name: disabling.nickName }) : ''}
        okText={t('users.disable')}
        hint={t('users.disableHint')}
        label={t('users.reason')}
        placeholder={t('users.reasonPlaceholder')}
        requiredMessage={t('users.reasonRequired')}
        pending={change.isPending}
        onCancel={() => setDisabling(null)}
        onSubmit={(reason) => {
          if (disabling) change.mutate({ userId: disabling.userId, action: 'disable', reason });
        }}
      />
    </section>
  );
}
