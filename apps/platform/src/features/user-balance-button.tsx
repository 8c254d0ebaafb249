import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { AdminUserBalanceSchema, type BalanceAdjust } from '@bazaar/shared/schemas/balance';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The users page's "adjust balance" action (issue 12): a signed yuan change with a reason, written
 * to the shopper's records and the audit log; the API refuses going below zero with the balance.
 */
export function UserBalanceButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('userBalance.button')}
      </Button>
      {open ? <UserBalanceDialog userId={userId} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function UserBalanceDialog({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ change: string; reason: string }>();
  const balance = useQuery({ queryKey: ['user-balance', userId, lang], queryFn: () => api(`/admin/users/${userId}/balance`, { lang, schema: AdminUserBalanceSchema }) });
  const adjust = useMutation({
    mutationFn: (body: BalanceAdjust) => api(`/admin/users/${userId}/balance`, { lang, method: 'POST', body, schema: AdminUserBalanceSchema }),
    onSuccess: async (saved) => {
      void message.success(t('userBalance.done', { balance: yuan(saved.balance) }));
      onClose();
      await Promise.all([client.invalidateQueries({ queryKey: ['user-balance'] }), client.invalidateQueries({ queryKey: ['audit'] })]);
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });
  return (
    <Modal open title={t('userBalance.title', { name })} okText={t('userBalance.submit')} okButtonProps={{ loading: adjust.isPending }} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Typography.Paragraph>{balance.data ? t('userBalance.current', { balance: yuan(balance.data.balance) }) : '\u00a0'}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        // The API checks the amount and answers its own words (the limit, two decimals, below zero with the balance).
        onFinish={(values) => adjust.mutate({ change: values.change.trim(), reason: values.reason })}
      >
        <Form.Item name="change" label={t('userBalance.change')} rules={[{ required: true, whitespace: true, message: t('userBalance.changeRequired') }]}>
          <Input inputMode="decimal" autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('userBalance.reason')} rules={[{ required: true, whitespace: true, message: t('userBalance.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('userBalance.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
