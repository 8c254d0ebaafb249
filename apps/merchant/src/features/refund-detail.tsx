// One after-sales request (issue 26): the current step's deadline as the shopper sees it, the
// request (order, item, reason, amount, vouchers), the return parcel, the platform's part and the
// negotiation history; then what the shop may do now: accept (a return with the address it sends,
// prefilled from the shop's), refuse with a reason, or confirm the returned goods arrived (which
// refunds). Each action is offered only when the API says it may be done and the role holds it.
import { useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { RefundDeadline, RefundHistoryList, RefundStateTag } from '@bazaar/console-ui/refund-cells.tsx';
import { RefundFacts } from '@bazaar/console-ui/refund-facts.tsx';
import { APPLY_TYPE } from '@bazaar/shared/constants/refund';
import {
  MerchantRefundRefuseSchema,
  REFUND_DESC_MAX,
  ReturnAddressInputSchema,
  type MerchantRefundDetail,
  type ReturnAddress,
  type ReturnAddressInput,
} from '@bazaar/shared/schemas/refund';
import { useCan } from '../lib/access.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { useDecideRefund, useRefund, useReturnAddress, type RefundDecision } from '../lib/merchant-refunds.ts';

/** The schema's message key's last part as the console's text under `prefix` (refundErrors.refuseReasonRequired -> prefix.refuseReasonRequired). */
const issueText = (message: string | undefined, prefix: string) => `${prefix}.${message?.split('.').at(-1) ?? 'invalid'}`;

export function RefundDetailPage({ api, refundSn, onBack, onOrder }: { api: ConsoleApi; refundSn: string; onBack: () => void; onOrder?: (orderNumber: string) => void }) {
  const { t, lang } = useI18n();
  const refund = useRefund(api, lang, refundSn);
  const r = refund.data;
  return (
    <section aria-labelledby="refund-title">
      <Button type="link" onClick={onBack} style={{ padding: 0 }}>
        {t('refundDetail.back')}
      </Button>
      <Typography.Title level={2} id="refund-title" style={{ fontSize: 20 }}>
        {t('refundDetail.title', { refundSn })}
        {r ? (
          <span style={{ marginLeft: 12, verticalAlign: 'middle' }}>
            <RefundStateTag refund={r} />
          </span>
        ) : null}
      </Typography.Title>
      {refund.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(refund.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {r ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <RefundDeadline refund={r} />
          <Actions api={api} refund={r} />
          <RefundFacts refund={r} onOrder={onOrder} />
          <RefundHistoryList history={r.history} />
        </Space>
      ) : null}
    </section>
  );
}

/** What the shop may do now, as the API allows and the role holds. */
function Actions({ api, refund: r }: { api: ConsoleApi; refund: MerchantRefundDetail }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const can = useCan();
  const decide = useDecideRefund(api, lang, r.refundSn);
  const [refusing, setRefusing] = useState(false);
  const handles = can('refunds.handle');
  const accept = handles && r.canAccept;
  const refuse = handles && r.canRefuse;
  const receive = can('refunds.receive') && r.canReceive;
  const isReturn = r.applyType === APPLY_TYPE.returnAndRefund;
  const address = useReturnAddress(api, lang, accept && isReturn);
  const run = (decision: RefundDecision, done: string) =>
    decide.mutateAsync(decision).then(
      () => {
        void message.success(t(done));
        setRefusing(false);
      },
      (err: unknown) => void message.error(errorText(err, t)),
    );
  if (!accept && !refuse && !receive) return null;
  return (
    <Card title={<h3 style={{ fontSize: 16, margin: 0 }}>{t('refundDetail.actions.title')}</h3>} size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {accept && isReturn ? (
          address.data || address.error ? (
            <ReturnAddressForm
              initial={address.data}
              pending={decide.isPending}
              onAccept={(returnAddress, saveAsDefault) => void run({ kind: 'accept', returnAddress, saveAsDefault }, 'refundDetail.actions.accepted')}
            />
          ) : null
        ) : null}
        <Space wrap>
          {accept && !isReturn ? (
            <Popconfirm
              title={t('refundDetail.actions.acceptConfirm', { amount: yuan(r.refundAmount) })}
              okText={t('refundDetail.actions.confirm')}
              cancelText={t('refundDetail.actions.cancel')}
              onConfirm={() => run({ kind: 'accept' }, 'refundDetail.actions.accepted')}
            >
              <Button type="primary" loading={decide.isPending}>
                {t('refundDetail.actions.acceptRefund')}
              </Button>
            </Popconfirm>
          ) : null}
          {refuse ? (
            <Button danger disabled={decide.isPending} onClick={() => setRefusing(true)}>
              {t('refundDetail.actions.refuse')}
            </Button>
          ) : null}
          {receive ? (
            <Popconfirm
              title={t('refundDetail.actions.receiveConfirm', { amount: yuan(r.refundAmount) })}
              okText={t('refundDetail.actions.confirm')}
              cancelText={t('refundDetail.actions.cancel')}
              onConfirm={() => run({ kind: 'receive' }, 'refundDetail.actions.received')}
            >
              <Button type="primary" loading={decide.isPending}>
                {t('refundDetail.actions.receive')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Space>
      <RefuseDialog open={refusing} pending={decide.isPending} onCancel={() => setRefusing(false)} onSubmit={(reason) => run({ kind: 'refuse', reason }, 'refundDetail.actions.refused')} />
    </Card>
  );
}

/** Accepting a return: the address the shopper sends the goods to, prefilled with the shop's; checked with the API's schema. */
function ReturnAddressForm({ initial, pending, onAccept }: { initial: ReturnAddress | undefined; pending: boolean; onAccept: (address: ReturnAddressInput, saveAsDefault: boolean) => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<ReturnAddressInput & { saveAsDefault?: boolean }>();
  const field = (name: keyof ReturnAddressInput) => ({
    validator: (_rule: unknown, value: string | undefined) => {
      const checked = ReturnAddressInputSchema.shape[name].safeParse(value ?? '');
      return checked.success ? Promise.resolve() : Promise.reject(new Error(t(issueText(checked.error.issues[0]?.message, 'refundDetail.address'))));
    },
  });
  return (
    <Form
      form={form}
      name="return-address"
      layout="vertical"
      requiredMark={false}
      initialValues={initial ?? { receiverName: '', receiverMobile: '', receiverAddr: '' }}
      onFinish={({ saveAsDefault, ...address }) => onAccept(ReturnAddressInputSchema.parse(address), saveAsDefault === true)}
      aria-label={t('refundDetail.returnAddress')}
    >
      <Typography.Paragraph type="secondary">{t('refundDetail.address.hint')}</Typography.Paragraph>
      <Space wrap align="start">
        <Form.Item name="receiverName" label={t('refundDetail.address.receiver')} rules={[field('receiverName')]}>
          <Input maxLength={50} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="receiverMobile" label={t('refundDetail.address.mobile')} rules={[field('receiverMobile')]}>
          <Input maxLength={20} style={{ width: 180 }} />
        </Form.Item>
      </Space>
      <Form.Item name="receiverAddr" label={t('refundDetail.address.address')} rules={[field('receiverAddr')]}>
        <Input.TextArea rows={2} maxLength={255} style={{ maxWidth: 520 }} />
      </Form.Item>
      <Form.Item name="saveAsDefault" valuePropName="checked">
        <Checkbox>{t('refundDetail.address.saveAsDefault')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('refundDetail.actions.acceptReturn')}
      </Button>
    </Form>
  );
}

/** Refusing: a reason the shopper will read, required, at most REFUND_DESC_MAX characters (the API's own schema). */
function RefuseDialog({ open, pending, onCancel, onSubmit }: { open: boolean; pending: boolean; onCancel: () => void; onSubmit: (reason: string) => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={t('refundDetail.refuse.title')}
      okText={t('refundDetail.refuse.submit')}
      cancelText={t('refundDetail.actions.cancel')}
      okButtonProps={{ danger: true, loading: pending }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" id="refuse-hint">
        {t('refundDetail.refuse.hint')}
      </Typography.Paragraph>
      <Form form={form} name="refund-refuse" preserve={false} layout="vertical" requiredMark={false} onFinish={({ reason }) => onSubmit(MerchantRefundRefuseSchema.parse({ reason }).reason)}>
        <Form.Item
          name="reason"
          label={t('refundDetail.refuse.reason')}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const checked = MerchantRefundRefuseSchema.safeParse({ reason: value ?? '' });
                return checked.success ? Promise.resolve() : Promise.reject(new Error(t(issueText(checked.error.issues[0]?.message, 'refundDetail.refuse'), { max: REFUND_DESC_MAX })));
              },
            },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={REFUND_DESC_MAX} placeholder={t('refundDetail.refuse.placeholder')} aria-describedby="refuse-hint" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
