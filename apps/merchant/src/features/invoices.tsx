// The shop's invoice queue (decision 061): tabs by state, pages of ten newest first; an applying
// request is issued by uploading its file (PDF, or a JPG/PNG image: the rules checked before it is
// sent, the API's message otherwise) or marked failed with a reason the shopper reads.
import { useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { yuan } from '@bazaar/console-ui/format.ts';
import { EllipsisText } from '@bazaar/console-ui/ellipsis-text.tsx';
import { INVOICE_STATE } from '@bazaar/shared/constants/refund';
import { INVOICE_FAIL_REASON_MAX, type MerchantInvoice } from '@bazaar/shared/schemas/invoice';
import { useI18n } from '../lib/i18n.tsx';
import { fileProblem, INVOICE_PAGE_SIZE, uploadInvoiceFile, useFailInvoice, useInvoicePage, useUploadInvoice, type InvoiceTab, type UploadInvoice } from '../lib/merchant-invoices.ts';

const TABS: Array<{ key: string; value: InvoiceTab }> = [
  { key: 'all', value: 0 },
  { key: 'applying', value: INVOICE_STATE.applying },
  { key: 'invoiced', value: INVOICE_STATE.invoiced },
  { key: 'failed', value: INVOICE_STATE.failed },
];
const STATE_COLOR: Record<number, string> = { 1: 'warning', 2: 'success', 3: 'error' };
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });
/**
 * The columns' widths (px, padding included at size "middle"): they add up to what a 1280 px screen
 * leaves beside the menu, long texts are cut (EllipsisText), the actions stay fixed at the right.
 */
export const INVOICE_COLUMN_WIDTHS = { orderNumber: 168, buyer: 112, header: 188, amount: 96, state: 140, time: 150, actions: 124 } as const;
const W = INVOICE_COLUMN_WIDTHS;

function FailModal({ api, invoice, onClose }: { api: ConsoleApi; invoice: MerchantInvoice; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ failReason: string }>();
  const fail = useFailInvoice(api, lang);
  const submit = ({ failReason }: { failReason: string }) =>
    fail.mutate(
      { id: invoice.orderInvoiceId, failReason: failReason.trim() },
      {
        onSuccess: () => {
          void message.success(t('invoices.modal.done'));
          onClose();
        },
        onError: (err) => void message.error(errorText(err, t)),
      },
    );
  return (
    <Modal
      open
      title={t('invoices.modal.title')}
      okText={t('invoices.modal.submit')}
      cancelText={t('invoices.modal.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: fail.isPending }}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('invoices.modal.invoice', { header: invoice.headerName, orderNumber: invoice.orderNumber })}</Typography.Paragraph>
      <Form form={form} name="invoice-fail" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="failReason" label={t('invoices.modal.reason')} rules={[{ validator: (_r, v: string | undefined) => ((v ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(t('invoices.modal.reasonRequired')))) }]}>
          <Input.TextArea rows={3} showCount maxLength={INVOICE_FAIL_REASON_MAX} placeholder={t('invoices.modal.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The row's upload: a hidden file input behind a button; the rules checked first, then the upload. */
function UploadButton({ invoice, upload }: { invoice: MerchantInvoice; upload: UploadInvoice }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const send = useUploadInvoice(upload, lang);
  function chosen(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      void message.error(t(problem));
      return;
    }
    send.mutate({ id: invoice.orderInvoiceId, file }, { onSuccess: () => void message.success(t('invoices.uploaded')), onError: (err) => void message.error(errorText(err, t)) });
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        hidden
        data-testid={`invoice-file-${invoice.orderInvoiceId}`}
        aria-label={`${t('invoices.upload')} ${invoice.orderNumber}`}
        onChange={(e) => chosen(e.target.files?.[0])}
      />
      <Button type="primary" size="small" loading={send.isPending} onClick={() => input.current?.click()} aria-label={`${t('invoices.upload')} ${invoice.orderNumber}`}>
        {send.isPending ? t('invoices.uploading') : t('invoices.upload')}
      </Button>
    </>
  );
}

export function InvoicesPage({ api, upload = uploadInvoiceFile }: { api: ConsoleApi; upload?: UploadInvoice }) {
  const { t, lang } = useI18n();
  const [state, setState] = useState<InvoiceTab>(0);
  const [current, setCurrent] = useState(1);
  const [failing, setFailing] = useState<MerchantInvoice | null>(null);
  const list = useInvoicePage(api, lang, state, current);
  const error = list.error ? errorText(list.error, t, 'app.loadFailed') : null;
  return (
    <section aria-labelledby="invoices-title">
      <Typography.Title level={2} id="invoices-title" style={{ fontSize: 20 }}>
        {t('invoices.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('invoices.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('invoices.uploadHint')}</Typography.Paragraph>
      <Tabs
        activeKey={String(state)}
        onChange={(key) => {
          setState(Number(key) as InvoiceTab);
          setCurrent(1);
        }}
        items={TABS.map((x) => ({ key: String(x.value), label: t(`invoices.tabs.${x.key}`) }))}
      />
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
      <Table<MerchantInvoice>
        rowKey="orderInvoiceId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('invoices.empty') }}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={{
          current,
          pageSize: INVOICE_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('invoices.total', { count }),
          onChange: setCurrent,
        }}
        columns={[
          { title: t('invoices.columns.orderNumber'), dataIndex: 'orderNumber', key: 'orderNumber', width: W.orderNumber, onCell: noWrap },
          { title: t('invoices.columns.buyer'), key: 'buyer', width: W.buyer, render: (_v, r) => <EllipsisText text={r.nickName} width={W.buyer - 16} /> },
          {
            // The header with its kind and the tax id under it (one column less: the table fits 1280 px).
            title: `${t('invoices.columns.header')} / ${t('invoices.columns.taxNumber')}`,
            key: 'header',
            width: W.header,
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <EllipsisText text={r.headerName} width={W.header - 16} />
                <Typography.Text type="secondary">{t(`invoices.headerType.${r.headerType}`)}</Typography.Text>
                {r.invoiceTaxNumber ? <Typography.Text type="secondary">{r.invoiceTaxNumber}</Typography.Text> : null}
              </Space>
            ),
          },
          { title: t('invoices.columns.amount'), key: 'amount', width: W.amount, onCell: noWrap, render: (_v, r) => yuan(r.amount) },
          {
            title: t('invoices.columns.state'),
            key: 'state',
            width: W.state,
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATE_COLOR[r.invoiceState]} data-testid={`invoice-state-${r.orderInvoiceId}`}>
                  {t(`invoices.state.${r.invoiceState}`)}
                </Tag>
                {r.invoiceState === INVOICE_STATE.failed && r.failReason ? <EllipsisText text={t('invoices.failReason', { reason: r.failReason })} width={W.state - 16} secondary /> : null}
              </Space>
            ),
          },
          { title: t('invoices.columns.time'), dataIndex: 'applicationTime', key: 'time', width: W.time, onCell: noWrap },
          {
            title: t('invoices.columns.actions'),
            key: 'actions',
            width: W.actions,
            fixed: 'right',
            onHeaderCell: noWrap,
            render: (_v, r) =>
              r.invoiceState === INVOICE_STATE.applying ? (
                <Space orientation="vertical" size={4}>
                  <UploadButton invoice={r} upload={upload} />
                  <Button size="small" danger onClick={() => setFailing(r)} aria-label={`${t('invoices.fail')} ${r.orderNumber}`}>
                    {t('invoices.fail')}
                  </Button>
                </Space>
              ) : r.fileUrl ? (
                <a href={r.fileUrl} target="_blank" rel="noopener noreferrer">
                  {t('invoices.view')}
                </a>
              ) : null,
          },
        ]}
      />
      {failing ? <FailModal api={api} invoice={failing} onClose={() => setFailing(null)} /> : null}
    </section>
  );
}
