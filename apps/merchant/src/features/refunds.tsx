// 售后管理 / After-sales (issue 26): the shop's refund and return requests, newest first. Tabs by
// state with their counts, filters (service type, refund or order number), pages of ten; a row
// opens the request (refund-detail.tsx). An account that may only receive returns (the warehouse)
// sees only returns: those on their way back first, then those it received.
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space, Table, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { EllipsisText } from '@bazaar/console-ui/ellipsis-text.tsx';
import { refundColumns } from '@bazaar/console-ui/refund-cells.tsx';
import { APPLY_TYPE, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import { MERCHANT_REFUND_TABS, type MerchantRefundListItem, type MerchantRefundTab } from '@bazaar/shared/schemas/refund';
import { useCan } from '../lib/access.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { ALL_REFUNDS, REFUND_PAGE_SIZE, TAB_COUNTS, useRefundPage, type RefundFilters } from '../lib/merchant-refunds.ts';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

/** A receive-only account's tabs: the returns coming back, then those received. */
const RECEIVE_TABS: readonly MerchantRefundTab[] = ['toReceive', 'refunding', 'success'];
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });
/** The buyer with the reason under it, and the actions kept in sight at the right (QA: the table fits 1280 px screens). */
export const BUYER_WIDTH = 116;
export const ACTIONS_WIDTH = 88;

interface FilterForm {
  applyType?: number;
  keyword?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** `initialTab` opens the queue on a tab (the dashboard's links). */
export function RefundsPage({ api, initialTab, onOpen }: { api: ConsoleApi; initialTab?: string; onOpen: (refundSn: string) => void }) {
  const { t, lang } = useI18n();
  const handles = useCan()('refunds.handle');
  const tabs = handles ? MERCHANT_REFUND_TABS : RECEIVE_TABS;
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<RefundFilters>(() => ({
    ...ALL_REFUNDS,
    tab: tabs.find((tab) => tab === initialTab) ?? tabs[0]!,
    applyType: handles ? 0 : APPLY_TYPE.returnAndRefund,
  }));
  const [current, setCurrent] = useState(1);
  const list = useRefundPage(api, lang, filters, current);
  const counts = list.data?.counts;
  const filter = (next: Partial<RefundFilters>) => {
    setFilters((now) => ({ ...now, ...next }));
    setCurrent(1);
  };
  const apply = (values: FilterForm) =>
    filter({
      applyType: handles ? (values.applyType ?? 0) : APPLY_TYPE.returnAndRefund,
      keyword: values.keyword?.trim() ?? '',
      dateFrom: values.dates?.[0]?.format('YYYY-MM-DD'),
      dateTo: values.dates?.[1]?.format('YYYY-MM-DD'),
    });
  const tabLabel = (tab: MerchantRefundTab) => {
    const field = TAB_COUNTS[tab];
    return counts && field ? t('refunds.count', { state: t(`refunds.tabs.${tab}`), count: counts[field] }) : t(`refunds.tabs.${tab}`);
  };
  const error = list.error ? errorText(list.error, t, 'app.loadFailed') : null;

  return (
    <section aria-labelledby="refunds-title">
      <Typography.Title level={2} id="refunds-title" style={{ fontSize: 20 }}>
        {t('refunds.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(handles ? 'refunds.intro' : 'refunds.receiveIntro')}</Typography.Paragraph>
      <Tabs activeKey={filters.tab} onChange={(tab) => filter({ tab: tab as MerchantRefundTab })} items={tabs.map((key) => ({ key, label: tabLabel(key) }))} />
      <Form form={form} name="refund-filters" layout="inline" onFinish={apply} initialValues={{ applyType: 0 }} style={{ marginBottom: 16, rowGap: 8 }}>
        {handles ? (
          <Form.Item name="applyType" label={t('refunds.applyType.label')}>
            <Select
              style={{ width: 140 }}
              options={[
                { value: 0, label: t('refunds.applyType.all') },
                ...Object.values(APPLY_TYPE).map((value) => ({ value, label: t(`refunds.applyType.${value}`) })),
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="keyword" label={t('refunds.filters.keyword')} rules={[{ pattern: /^\s*\d{0,20}\s*$/, message: t('refunds.filters.keywordInvalid') }]}>
          <Input allowClear maxLength={20} inputMode="numeric" placeholder={t('refunds.filters.keywordHint')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="dates" label={t('refunds.filters.dates')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('refunds.filters.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              {t('refunds.filters.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <FormError error={error} />
      <Table<MerchantRefundListItem>
        rowKey="refundSn"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('refunds.empty') }}
        pagination={{ current, pageSize: REFUND_PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('refunds.total', { count: total }) }}
        columns={[
          ...refundColumns<MerchantRefundListItem>(
            t,
            [
              {
                title: `${t('refunds.columns.buyer')} / ${t('refunds.columns.reason')}`,
                width: BUYER_WIDTH,
                render: (_v, r) => (
                  <div>
                    <EllipsisText text={r.userNickName} width={BUYER_WIDTH - 16} />
                    <Typography.Text type="secondary">{t(`refunds.reasons.${r.buyerReason}`)}</Typography.Text>
                  </div>
                ),
              },
            ],
          ),
          {
            title: t('refunds.columns.actions'),
            width: ACTIONS_WIDTH,
            fixed: 'right',
            onHeaderCell: noWrap,
            render: (_v, r) => {
              const due = (handles && r.returnMoneySts === REFUND_STATUS.applied) || r.returnMoneySts === REFUND_STATUS.buyerShipped;
              const action = t(due ? 'refunds.handle' : 'refunds.view');
              return (
                <Button size="small" type={due ? 'primary' : 'default'} onClick={() => onOpen(r.refundSn)} aria-label={t('refunds.openOf', { action, refundSn: r.refundSn })}>
                  {action}
                </Button>
              );
            },
          },
        ]}
      />
    </section>
  );
}
