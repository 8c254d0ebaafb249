import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, List, Typography } from 'antd';
import { VoucherWriteOffResultSchema, type VoucherWriteOffResult } from '@bazaar/shared/schemas/merchant-orders';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

/** The shop's cashier desk for virtual goods: a code the buyer shows is written off (核销) once. */
export function WriteOffPage() {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<{ code: string }>();
  const [done, setDone] = useState<VoucherWriteOffResult[]>([]);
  const writeOff = useMutation({
    mutationFn: (code: string) => api('/merchant/voucher/write-off', { lang, method: 'POST', body: { code }, schema: VoucherWriteOffResultSchema }),
    onSuccess: (result) => {
      setDone((list) => [result, ...list]);
      form.resetFields();
    },
  });
  const last = writeOff.data;
  const error = writeOff.error ? (writeOff.error instanceof ApiError && writeOff.error.text ? writeOff.error.text : t('app.loadFailed')) : null;
  return (
    <section aria-labelledby="write-off-title">
      <Typography.Title level={2} id="write-off-title" style={{ fontSize: 20 }}>
        {t('writeOff.title')}
      </Typography.Title>
      <Card style={{ maxWidth: 640 }}>
        <Typography.Paragraph type="secondary">{t('writeOff.hint')}</Typography.Paragraph>
        <Form form={form} name="write-off" layout="inline" onFinish={(v) => writeOff.mutate(v.code)} requiredMark={false}>
          <Form.Item name="code" label={t('writeOff.code')} rules={[{ required: true, whitespace: true, message: t('writeOff.codeRequired') }]}>
            <Input autoComplete="off" maxLength={64} style={{ width: 240, textTransform: 'uppercase' }} onChange={() => writeOff.reset()} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={writeOff.isPending}>
              {t('writeOff.submit')}
            </Button>
          </Form.Item>
        </Form>
        <div aria-live="polite" style={{ marginTop: 16 }}>
          {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
          {last && !error ? (
            <Alert
              type="success"
              showIcon
              message={t('writeOff.done')}
              data-testid="write-off-result"
              description={
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('writeOff.code')}>{last.code}</Descriptions.Item>
                  <Descriptions.Item label={t('writeOff.order')}>{last.orderNumber}</Descriptions.Item>
                  <Descriptions.Item label={t('writeOff.product')}>{`${last.prodName}${last.skuName ? ` (${last.skuName})` : ''}`}</Descriptions.Item>
                  <Descriptions.Item label={t('writeOff.usedAt')}>{last.usedAt}</Descriptions.Item>
                  <Descriptions.Item label={t('writeOff.remaining')}>{last.remaining}</Descriptions.Item>
                </Descriptions>
              }
            />
          ) : null}
        </div>
      </Card>
      {done.length > 0 ? (
        <Card style={{ maxWidth: 640, marginTop: 16 }} title={<h3 style={{ fontSize: 16, margin: 0 }}>{t('writeOff.history')}</h3>}>
          <List size="small" dataSource={done} renderItem={(r) => <List.Item>{`${r.usedAt}  ${r.code}  ${r.orderNumber}  ${r.prodName}`}</List.Item>} />
        </Card>
      ) : null}
    </section>
  );
}
