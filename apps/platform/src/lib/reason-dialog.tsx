import { Form, Input, Modal, Typography } from 'antd';
import { STAFF_REASON_MAX_LENGTH, StaffReasonSchema } from '@bazaar/shared/schemas/admin-shops';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  okText: string;
  hint: string;
  label: string;
  placeholder: string;
  requiredMessage: string;
  pending: boolean;
  onCancel: () => void;
  /** The reason, checked by the API's own schema (required, at most STAFF_REASON_MAX_LENGTH). */
  onSubmit: (reason: string) => void;
}

/** A staff decision that needs a reason (take a shop offline, disable a login); starts empty each time it opens. */
export function ReasonDialog(p: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal open={p.open} title={p.title} okText={p.okText} okButtonProps={{ danger: true, loading: p.pending }} onCancel={p.onCancel} onOk={() => form.submit()} destroyOnHidden>
      <Typography.Paragraph type="secondary">{p.hint}</Typography.Paragraph>
      <Form
        form={form}
        preserve={false}
        layout="vertical"
        onFinish={(values) => {
          const checked = StaffReasonSchema.safeParse(values);
          if (!checked.success) {
            form.setFields([{ name: 'reason', errors: [p.requiredMessage] }]);
            return;
          }
          p.onSubmit(checked.data.reason);
        }}
      >
        <Form.Item name="reason" label={p.label} rules={[{ required: true, whitespace: true, message: p.requiredMessage }]}>
          <Input.TextArea rows={4} maxLength={STAFF_REASON_MAX_LENGTH} showCount placeholder={p.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
