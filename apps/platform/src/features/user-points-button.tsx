import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { POINTS_ADJUST_MAX } from '@bazaar/shared/constants/points';
import { AdminUserPointsSchema, PointsAdjustSchema, type PointsAdjust } from '@bazaar/shared/schemas/points';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

/** The users page's "adjust points" action (issue 12): a signed change with a reason, audited. */
export function UserPointsButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('userPoints.button')}
      </Button>
      {open ? <UserPointsDialog userId={userId} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function UserPointsDialog({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<PointsAdjust>();
  const points = useQuery({ queryKey: ['user-points', userId, lang], queryFn: () => api(`/admin/users/${userId}/points`, { lang, schema: AdminUserPointsSchema }) });
  const adjust = useMutation({
    mutationFn: (body: PointsAdjust) => api(`/admin/users/${userId}/points`, { lang, method: 'POST', body, schema: AdminUserPointsSchema }),
    onSuccess: async (saved) => {
      void message.success(t('userPoints.done', { score: saved.score }));
      onClose();
      await Promise.all([client.invalidateQueries({ queryKey: ['user-points'] }), client.invalidateQueries({ queryKey: ['audit'] })]);
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });
  return (
    <Modal open title={t('userPoints.title', { name })} okText={t('userPoints.submit')} okButtonProps={{ loading: adjust.isPending }} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Typography.Paragraph>{points.data ? t('userPoints.current', { score: points.data.score }) : '\u00a0'}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const checked = PointsAdjustSchema.safeParse(values);
          if (checked.success) adjust.mutate(checked.data);
          else form.setFields([{ name: 'reason', errors: [t('userPoints.reasonRequired')] }]);
        }}
      >
        <Form.Item name="change" label={t('userPoints.change')} rules={[{ required: true, message: t('userPoints.changeRequired') }]}>
          <InputNumber min={-POINTS_ADJUST_MAX} max={POINTS_ADJUST_MAX} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('userPoints.reason')} rules={[{ required: true, whitespace: true, message: t('userPoints.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('userPoints.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
