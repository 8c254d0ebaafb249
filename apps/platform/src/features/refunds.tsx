// 售后管理 / After-sales (issue 26): every shop's refund and return requests for staff, newest first.
// Filters (shop, state, service type, refund or order number, only those asking the platform), a
// table, and a drawer with the request, its history and, when the shopper asked the platform to step
// in after a refusal, the decision: refund or close, with a reason both sides see (audited).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Descriptions, Drawer, Form, Input, Popconfirm, Radio, Select, Space, Typography } from 'antd';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { refundColumns, RefundDeadline, RefundHistoryList, RefundStateTag } from '@bazaar/console-ui/refund-cells.tsx';
import { RefundFacts } from '@bazaar/console-ui/refund-facts.tsx';
import { APPLY_TYPE } from '@bazaar/shared/constants/refund';
import {
  ADMIN_REFUND_ACTIONS,
  AdminRefundDecideSchema,
  AdminRefundDetailSchema,
  AdminRefundPageSchema,
  MERCHANT_REFUND_TABS,
  REFUND_DECIDE_REASON_MAX,
  REFUND_PLATFORM_STATUS,
  type AdminRefundDecide,
  type AdminRefundDetail,
  type AdminRefundListItem,
  type MerchantRefundTab,
} from '@bazaar/shared/schemas/refund';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useCan } from '../lib/permissions.tsx';
import { dayRange, ShopListFilters, type DayRange } from './list-filters.tsx';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';

const PAGE_SIZE = 10;
const LIST_QUERY = 'platform-refunds';
const DETAIL_QUERY = 'platform-refund';
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

interface Filters {
  shopId?: number;
  tab: MerchantRefundTab;
  applyType: number;
  keyword?: string;
  platform: 0 | 1;
  dateFrom?: string;
  dateTo?: string;
}
interface FilterForm {
  shopId?: number | null;
  tab?: MerchantRefundTab;
  applyType?: number;
  keyword?: string;
  platform?: boolean;
  dates?: DayRange;
}
const ALL: Filters = { tab: 'all', applyType: 0, platform: 0 };

export function RefundsPage() {
  const { t, lang } = useI18n();
  const [filters, setFilters] = useState<Filters>(ALL);
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const decides = useCan()('refunds.decide');
  const list = useQuery({
    queryKey: [LIST_QUERY, lang, filters, current],
    queryFn: () => api('/admin/refunds', { lang, query: { ...filters, current, size: PAGE_SIZE }, schema: AdminRefundPageSchema }),
    placeholderData: keepPreviousData,
  });
  function apply(values: Partial<FilterForm>) {
    setFilters({
      shopId: values.shopId ?? undefined,
      tab: values.tab ?? 'all',
      applyType: values.applyType ?? 0,
      keyword: values.keyword?.trim() || undefined,
      platform: values.platform ? 1 : 0,
      ...dayRange(values.dates),
    });
    setCurrent(1);
  }

  return (
    <section aria-labelledby="platform-refunds-title">
      <Typography.Title level={2} id="platform-refunds-title" style={{ fontSize: 20 }}>
        {t('refunds.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('refunds.intro')}</Typography.Paragraph>
      <ShopListFilters<FilterForm>
        name="platform-refund-filters"
        initialValues={{ tab: 'all', applyType: 0, platform: false }}
        labels={{ shopId: t('refunds.filters.shopId'), dates: t('refunds.filters.dates'), search: t('refunds.filters.search'), reset: t('refunds.filters.reset') }}
        onApply={apply}
        after={
          <Form.Item name="platform" valuePropName="checked">
            <Checkbox>{t('refunds.filters.platform')}</Checkbox>
          </Form.Item>
        }
      >
        <Form.Item name="tab" label={t('refunds.filters.state')}>
          <Select style={{ width: 150 }} options={MERCHANT_REFUND_TABS.map((tab) => ({ value: tab, label: t(`refunds.tabs.${tab}`) }))} />
        </Form.Item>
        <Form.Item name="applyType" label={t('refunds.applyType.label')}>
          <Select
            style={{ width: 140 }}
            options={[{ value: 0, label: t('refunds.applyType.all') }, ...Object.values(APPLY_TYPE).map((value) => ({ value, label: t(`refunds.applyType.${value}`) }))]}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('refunds.filters.keyword')} rules={[{ pattern: /^\s*\d{0,20}\s*$/, message: t('refunds.filters.keywordInvalid') }]}>
          <Input allowClear maxLength={20} inputMode="numeric" placeholder={t('refunds.filters.keywordHint')} style={{ width: 220 }} />
        </Form.Item>
      </ShopListFilters>
      <PagedTable<AdminRefundListItem>
        list={list}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={setCurrent}
        empty={t('refunds.empty')}
        total={(total) => t('refunds.total', { count: total })}
        rowKey="refundSn"
        columns={[
          ...refundColumns<AdminRefundListItem>(t, [
            { title: t('refunds.columns.shop'), onHeaderCell: noWrap, render: (_v, r) => `${r.shopName} (${r.shopId})` },
            { title: t('refunds.columns.buyer'), dataIndex: 'userNickName', onHeaderCell: noWrap },
          ]),
          {
            title: t('refunds.columns.actions'),
            onHeaderCell: noWrap,
            render: (_v, r) => {
              const due = decides && r.platformStatus === REFUND_PLATFORM_STATUS.requested;
              const action = t(due ? 'refunds.decide' : 'refunds.view');
              return (
                <Button size="small" type={due ? 'primary' : 'default'} onClick={() => setOpen(r.refundSn)} aria-label={t('refunds.openOf', { action, refundSn: r.refundSn })}>
                  {action}
                </Button>
              );
            },
          },
        ]}
      />
      {open ? <RefundDrawer refundSn={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function RefundDrawer({ refundSn, onClose }: { refundSn: string; onClose: () => void }) {
  const { t, lang } = useI18n();
  const detail = useQuery({
    queryKey: [DETAIL_QUERY, lang, refundSn],
    queryFn: () => api(`/admin/refunds/${refundSn}`, { lang, schema: AdminRefundDetailSchema }),
  });
  const r = detail.data;
  return (
    <Drawer
      open
      size={760}
      title={
        <Space>
          <span>{t('refundDetail.title', { refundSn })}</span>
          {r ? <RefundStateTag refund={r} /> : null}
        </Space>
      }
      onClose={onClose}
      closable={{ 'aria-label': t('refundDetail.close') }}
    >
      {detail.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(detail.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      {r ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <RefundDeadline refund={r} />
          <Decision refund={r} />
          <RefundFacts
            refund={r}
            extra={
              <>
                <Descriptions.Item label={t('refundDetail.shop')}>{`${r.shopName} (${r.shopId})`}</Descriptions.Item>
                <Descriptions.Item label={t('refundDetail.userId')}>
                  <Typography.Text copyable>{r.userId}</Typography.Text>
                </Descriptions.Item>
                {r.platformApplyReason ? (
                  <Descriptions.Item label={t('refundDetail.platformApplyReason')} span={2}>
                    <span style={{ whiteSpace: 'pre-wrap' }}>{r.platformApplyReason}</span>
                  </Descriptions.Item>
                ) : null}
              </>
            }
          />
          <RefundHistoryList history={r.history} />
        </Space>
      ) : null}
    </Drawer>
  );
}

/** The schema's message key's last part as the console's text (refundErrors.decideReasonRequired -> refundDetail.decide.decideReasonRequired). */
const decideIssue = (message: string | undefined) => `refundDetail.decide.${message?.split('.').at(-1) ?? 'invalid'}`;

/** Refund or close with a reason, after a confirmation; only when the shopper asked and the role may decide. */
function Decision({ refund: r }: { refund: AdminRefundDetail }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const decides = useCan()('refunds.decide');
  const [form] = Form.useForm<{ action?: AdminRefundDecide['action']; reason?: string }>();
  const [confirming, setConfirming] = useState<AdminRefundDecide | null>(null);
  const decide = useMutation({
    mutationFn: (body: AdminRefundDecide) => api(`/admin/refunds/${r.refundSn}/decide`, { lang, method: 'PUT', body }),
    onSuccess: () => {
      void message.success(t('refundDetail.decide.done'));
      form.resetFields();
    },
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: async () => {
      setConfirming(null);
      await Promise.all([DETAIL_QUERY, LIST_QUERY, 'audit'].map((key) => client.invalidateQueries({ queryKey: [key] })));
    },
  });
  if (!r.canDecide) return null;
  if (!decides) return <Typography.Paragraph type="secondary">{t('refundDetail.decide.readOnly')}</Typography.Paragraph>;
  return (
    <Card size="small" title={<h3 style={{ fontSize: 16, margin: 0 }}>{t('refundDetail.decide.title')}</h3>}>
      <Typography.Paragraph type="secondary" id="refund-decide-hint">
        {t('refundDetail.decide.hint')}
      </Typography.Paragraph>
      <Form
        form={form}
        name="refund-decide"
        aria-label={t('refundDetail.decide.title')}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          const checked = AdminRefundDecideSchema.safeParse(values);
          if (checked.success) setConfirming(checked.data);
        }}
      >
        <Form.Item name="action" label={t('refundDetail.decide.action')} rules={[{ required: true, message: t('refundDetail.decide.actionRequired') }]}>
          <Radio.Group options={ADMIN_REFUND_ACTIONS.map((value) => ({ value, label: t(`refundDetail.decide.${value}`) }))} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('refundDetail.decide.reason')}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const checked = AdminRefundDecideSchema.shape.reason.safeParse(value ?? '');
                return checked.success ? Promise.resolve() : Promise.reject(new Error(t(decideIssue(checked.error.issues[0]?.message), { max: REFUND_DECIDE_REASON_MAX })));
              },
            },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={REFUND_DECIDE_REASON_MAX} placeholder={t('refundDetail.decide.placeholder')} aria-describedby="refund-decide-hint" />
        </Form.Item>
        <Popconfirm
          open={confirming !== null}
          title={t('refundDetail.decide.confirm')}
          okText={t('refundDetail.decide.ok')}
          cancelText={t('refundDetail.decide.cancel')}
          okButtonProps={{ loading: decide.isPending }}
          onConfirm={() => confirming && decide.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <Button type="primary" htmlType="submit" loading={decide.isPending}>
            {t('refundDetail.decide.submit')}
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}
