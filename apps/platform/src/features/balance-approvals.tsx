// 余额审批 / Balance approvals (decision 058): large staff balance adjustments wait here for a
// finance staff member other than the requester. Pending first; approve behind a confirmation,
// reject with a reason. The requester's own rows cannot be decided (the API refuses it anyway).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';
import { yuan } from '@bazaar/console-ui/format.ts';
import { BALANCE_REQUEST_STATUS, BalanceRequestPageSchema, BalanceRequestSchema, type BalanceRequest } from '@bazaar/shared/schemas/balance';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ReasonDialog } from '../lib/reason-dialog.tsx';

const PAGE_SIZE = 10;
const QUERY = 'balance-requests';
// The theme's tag colours that keep AA contrast (packages/shared/src/console/theme.ts).
const STATUS_COLORS = { 0: 'warning', 1: 'success', 2: 'error' } as Record<number, string>;
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });
const signed = (fen: number) => `${fen < 0 ? '-' : '+'}${yuan(Math.abs(fen))}`;

export function BalanceApprovalsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<number | 'all'>(BALANCE_REQUEST_STATUS.pending);
  const [current, setCurrent] = useState(1);
  const [rejecting, setRejecting] = useState<BalanceRequest | null>(null);
  const list = useQuery({
    queryKey: [QUERY, lang, status, current],
    queryFn: () =>
      api('/admin/balance/requests', { lang, query: { status: status === 'all' ? undefined : status, current, size: PAGE_SIZE }, schema: BalanceRequestPageSchema }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (input: { id: number; reject?: string }) =>
      api(`/admin/balance/requests/${input.id}/${input.reject === undefined ? 'approve' : 'reject'}`, {
        lang,
        method: 'POST',
        body: input.reject === undefined ? {} : { reason: input.reject },
        schema: BalanceRequestSchema,
      }),
    onSuccess: async (row) => {
      void message.success(t(row.status === BALANCE_REQUEST_STATUS.approved ? 'balanceApprovals.approved' : 'balanceApprovals.rejected'));
      setRejecting(null);
      await Promise.all([client.invalidateQueries({ queryKey: [QUERY] }), client.invalidateQueries({ queryKey: ['user-adjust'] }), client.invalidateQueries({ queryKey: ['audit'] })]);
    },
    onError: (err) => void message.error(errorText(err, t)),
  });
  const statusText = (s: number) => t(`balanceApprovals.status.${s}`);

  return (
    <section aria-labelledby="balance-approvals-title">
      <Typography.Title level={2} id="balance-approvals-title" style={{ fontSize: 20 }}>
        {t('balanceApprovals.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('balanceApprovals.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<number | 'all'>
          aria-label={t('balanceApprovals.status.label')}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setCurrent(1);
          }}
          style={{ width: 160 }}
          options={[
            { value: 'all', label: t('balanceApprovals.status.all') },
            ...Object.values(BALANCE_REQUEST_STATUS).map((s) => ({ value: s, label: statusText(s) })),
          ]}
        />
      </Space>
      <PagedTable<BalanceRequest>
        rowKey="id"
        list={list}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={setCurrent}
        empty={t('balanceApprovals.empty')}
        total={(count) => t('balanceApprovals.total', { count })}
        columns={[
          {
            title: t('balanceApprovals.columns.shopper'),
            render: (_v, r) => (
              <div>
                <div>{r.nickName}</div>
                <Typography.Text type="secondary">{r.mobile}</Typography.Text>
              </div>
            ),
          },
          {
            title: t('balanceApprovals.columns.change'),
            onHeaderCell: noWrap,
            onCell: noWrap,
            render: (_v, r) => <Typography.Text type={r.change < 0 ? 'danger' : 'success'}>{signed(r.change)}</Typography.Text>,
          },
          { title: t('balanceApprovals.columns.reason'), render: (_v, r) => <div style={{ maxWidth: 240, whiteSpace: 'pre-wrap' }}>{r.reason}</div> },
          {
            title: t('balanceApprovals.columns.requester'),
            onHeaderCell: noWrap,
            render: (_v, r) => (
              <Space size={4}>
                <span>{r.requestedBy.username}</span>
                {r.mine ? <Tag>{t('balanceApprovals.mine')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('balanceApprovals.columns.time'), dataIndex: 'createTime', onHeaderCell: noWrap, onCell: noWrap },
          {
            title: t('balanceApprovals.columns.status'),
            onHeaderCell: noWrap,
            render: (_v, r) => <Tag color={STATUS_COLORS[r.status]}>{statusText(r.status)}</Tag>,
          },
          {
            title: t('balanceApprovals.columns.decision'),
            render: (_v, r) =>
              r.decidedBy ? (
                <div style={{ maxWidth: 240 }}>
                  <div>{t('balanceApprovals.decidedBy', { name: r.decidedBy.username, time: r.decideTime ?? '' })}</div>
                  {r.rejectReason ? <Typography.Text type="secondary">{r.rejectReason}</Typography.Text> : null}
                </div>
              ) : null,
          },
          {
            title: t('balanceApprovals.columns.actions'),
            onHeaderCell: noWrap,
            render: (_v, r) => (r.status === BALANCE_REQUEST_STATUS.pending ? <Decide row={r} pending={decide.isPending} onApprove={() => decide.mutate({ id: r.id })} onReject={() => setRejecting(r)} /> : null),
          },
        ]}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t('balanceApprovals.rejectTitle')}
        okText={t('balanceApprovals.reject')}
        hint={t('balanceApprovals.rejectHint')}
        label={t('balanceApprovals.rejectReason')}
        placeholder={t('balanceApprovals.rejectPlaceholder')}
        requiredMessage={t('balanceApprovals.rejectRequired')}
        pending={decide.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && decide.mutate({ id: rejecting.id, reject: reason })}
      />
    </section>
  );
}

/** Approve (after a confirmation) and reject; both disabled, with the reason as a tooltip, on the reader's own request. */
function Decide({ row, pending, onApprove, onReject }: { row: BalanceRequest; pending: boolean; onApprove: () => void; onReject: () => void }) {
  const { t } = useI18n();
  const buttons = (
    <Space>
      <Popconfirm
        title={t('balanceApprovals.approveConfirm', { direction: t(row.change < 0 ? 'balanceApprovals.deduct' : 'balanceApprovals.add'), amount: yuan(Math.abs(row.change)).slice(1) })}
        okText={t('balanceApprovals.confirm')}
        cancelText={t('balanceApprovals.cancel')}
        onConfirm={onApprove}
        disabled={row.mine}
      >
        <Button size="small" type="primary" disabled={row.mine || pending}>
          {t('balanceApprovals.approve')}
        </Button>
      </Popconfirm>
      <Button size="small" danger disabled={row.mine || pending} onClick={onReject}>
        {t('balanceApprovals.reject')}
      </Button>
    </Space>
  );
  if (!row.mine) return buttons;
  // A disabled button gets no pointer events: the tooltip sits on a focusable wrapper.
  return (
    <Tooltip title={t('balanceApprovals.ownTooltip')}>
      <span tabIndex={0} aria-label={t('balanceApprovals.ownTooltip')} style={{ display: 'inline-block' }}>
        {buttons}
      </span>
    </Tooltip>
  );
}
