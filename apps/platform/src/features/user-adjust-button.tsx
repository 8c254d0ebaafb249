import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import type { z } from 'zod';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

/**
 * What a staff adjustment of one of a shopper's holdings (balance, points) needs: where its texts
 * and its API are, how an answer reads, and the change's input.
 */
export interface UserAdjustKind<Answer, Body> {
  /** The catalog group with button, title, current, change, changeRequired, reason, reasonPlaceholder, reasonRequired, submit and done. */
  texts: string;
  /** The API under /admin/users/:userId/ that reads (GET) and adjusts (POST) it. */
  path: string;
  schema: z.ZodType<Answer>;
  /** The text parameters of `current` and `done` for an answer. */
  amount: (answer: Answer) => Record<string, string | number>;
  /** The change's input element, and whether it holds text (blank text counts as missing). */
  changeInput: ReactNode;
  textChange: boolean;
  /** The request body from the form, or null when the reason is missing. */
  toBody: (values: { change: unknown; reason: string }) => Body | null;
  /** The text (key in `texts` and parameters) an answer is confirmed with, when not `done` with `amount` (a change waiting for approval). */
  doneText?: (answer: Answer) => { key: string; vars: Record<string, string | number> } | null;
  /** A note (key in `texts` and parameters) shown under the current amount before anything is sent (the approval threshold). */
  note?: (answer: Answer) => { key: string; vars: Record<string, string | number> } | null;
}

/** A users-page action: a signed change with a reason, written to the shopper's records and the audit log. */
export function UserAdjustButton<Answer, Body>({ kind, userId, name }: { kind: UserAdjustKind<Answer, Body>; userId: string; name: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t(`${kind.texts}.button`)}
      </Button>
      {open ? <UserAdjustDialog kind={kind} userId={userId} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function UserAdjustDialog<Answer, Body>({ kind, userId, name, onClose }: { kind: UserAdjustKind<Answer, Body>; userId: string; name: string; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ change: unknown; reason: string }>();
  const url = `/admin/users/${userId}/${kind.path}`;
  const queryKey = ['user-adjust', kind.path];
  const current = useQuery({ queryKey: [...queryKey, userId, lang], queryFn: () => api(url, { lang, schema: kind.schema }) });
  const adjust = useMutation({
    mutationFn: (body: Body) => api(url, { lang, method: 'POST', body, schema: kind.schema }),
    onSuccess: async (saved) => {
      const other = kind.doneText?.(saved);
      if (other) void message.info(t(`${kind.texts}.${other.key}`, other.vars), 8);
      else void message.success(t(`${kind.texts}.done`, kind.amount(saved)));
      onClose();
      await Promise.all([client.invalidateQueries({ queryKey }), client.invalidateQueries({ queryKey: ['audit'] })]);
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });
  const texts = (key: string, vars?: Record<string, string | number>) => t(`${kind.texts}.${key}`, vars);
  const note = current.data ? kind.note?.(current.data) : null;
  return (
    <Modal open title={texts('title', { name })} okText={texts('submit')} okButtonProps={{ loading: adjust.isPending }} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Typography.Paragraph>{current.data ? texts('current', kind.amount(current.data)) : '\u00a0'}</Typography.Paragraph>
      {note ? (
        <Alert type="info" showIcon title={texts(note.key, note.vars)} style={{ marginBlockEnd: 16 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const body = kind.toBody(values);
          if (body) adjust.mutate(body);
          else form.setFields([{ name: 'reason', errors: [texts('reasonRequired')] }]);
        }}
      >
        <Form.Item name="change" label={texts('change')} rules={[{ required: true, message: texts('changeRequired'), ...(kind.textChange ? { whitespace: true } : {}) }]}>
          {kind.changeInput}
        </Form.Item>
        <Form.Item name="reason" label={texts('reason')} rules={[{ required: true, whitespace: true, message: texts('reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={texts('reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
