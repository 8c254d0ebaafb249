// 退款打款 / Refund payments (decision 060): refunds Alipay or WeChat Pay has not confirmed yet.
// They are retried automatically with backoff under the same refund number; the failing ones come
// first, with their tries and last error, and finance staff may retry one now (after a confirmation).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { REFUND_PAYMENT_STATUS, RefundPaymentPageSchema, RefundRetryResultSchema, type RefundPayment } from '@bazaar/shared/schemas/refund-payment';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';

const PAGE_SIZE = 10;
const QUERY = 'refund-payments';
// The theme's tag colours that keep AA contrast (packages/shared/src/console/theme.ts).
const STATUS_COLORS = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' } as Record<number, string>;
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

export function RefundPaymentsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<number | 'open'>('open');
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: [QUERY, lang, status, current],
    queryFn: () => api('/admin/refund-payments', { lang, query: { status: status === 'open' ? undefined : status, current, size: PAGE_SIZE }, schema: RefundPaymentPageSchema }),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (refundNo: string) => api(`/admin/refund-payments/${refundNo}/retry`, { lang, method: 'POST', body: {}, schema: RefundRetryResultSchema }),
    onSuccess: async (result) => {
      void message.success(t(result.outcome === 'refunded' ? 'refundPaymentsUi.refunded' : 'refundPaymentsUi.refunding'));
      await client.invalidateQueries({ queryKey: [QUERY] });
    },
    onError: (err) => void message.error(errorText(err, t)),
  });
  const statusText = (s: number) => t(`refundPaymentsUi.status.${s}`);

  return (
    <section aria-labelledby="refund-payments-title">
      <Typography.Title level={2} id="refund-payments-title" style={{ fontSize: 20 }}>
        {t('refundPaymentsUi.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('refundPaymentsUi.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<number | 'open'>
          aria-label={t('refundPaymentsUi.status.label')}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setCurrent(1);
          }}
          style={{ width: 180 }}
          options={[{ value: 'open', label: t('refundPaymentsUi.status.all') }, ...Object.values(REFUND_PAYMENT_STATUS).map((s) => ({ value: s, label: statusText(s) }))]}
        />
      </Space>
      <PagedTable<RefundPayment>
        list={list}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={setCurrent}
        empty={t('refundPaymentsUi.empty')}
        total={(total) => t('refundPaymentsUi.total', { count: total })}
        rowKey="refundNo"
        columns={[
          { title: t('refundPaymentsUi.columns.refundNo'), dataIndex: 'refundNo', onCell: noWrap },
          { title: t('refundPaymentsUi.columns.order'), dataIndex: 'orderNumber', onCell: noWrap },
          { title: t('refundPaymentsUi.columns.payType'), onHeaderCell: noWrap, onCell: noWrap, render: (_v, r) => t(`refundPaymentsUi.payType.${r.payType}`) },
          { title: t('refundPaymentsUi.columns.amount'), onHeaderCell: noWrap, onCell: noWrap, render: (_v, r) => yuan(r.amount) },
          { title: t('refundPaymentsUi.columns.status'), onHeaderCell: noWrap, render: (_v, r) => <Tag color={STATUS_COLORS[r.status]}>{statusText(r.status)}</Tag> },
          { title: t('refundPaymentsUi.columns.attempts'), dataIndex: 'attempts', onHeaderCell: noWrap },
          { title: t('refundPaymentsUi.columns.lastError'), render: (_v, r) => <div style={{ maxWidth: 280, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{r.lastError ?? ''}</div> },
          { title: t('refundPaymentsUi.columns.nextTryAt'), dataIndex: 'nextTryAt', onHeaderCell: noWrap, onCell: noWrap },
          { title: t('refundPaymentsUi.columns.createdAt'), dataIndex: 'createdAt', onHeaderCell: noWrap, onCell: noWrap },
          {
            title: t('refundPaymentsUi.columns.actions'),
            onHeaderCell: noWrap,
            render: (_v, r) =>
              r.status === REFUND_PAYMENT_STATUS.refunded ? null : (
                <Popconfirm title={t('refundPaymentsUi.retryConfirm')} okText={t('refundPaymentsUi.confirm')} cancelText={t('refundPaymentsUi.cancel')} onConfirm={() => retry.mutate(r.refundNo)}>
                  <Button size="small" type="primary" disabled={retry.isPending}>
                    {t('refundPaymentsUi.retry')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </section>
  );
}
