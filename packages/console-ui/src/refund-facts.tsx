// The facts of one after-sales request both consoles show (the merchant's request page, the
// platform's detail): the request (order, buyer, service, reason, amount, vouchers), the refusal and
// the platform's part, the items and the return parcel. `extra` adds the console's own rows (the
// platform's shop and the shopper's plea). Texts under `refundDetail.*`, `refunds.*` and
// `orders.status.*` in each console's catalog.
import type { ReactNode } from 'react';
import { Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { REFUND_TYPE } from '@bazaar/shared/constants/refund';
import { REFUND_PLATFORM_STATUS, type MerchantRefundDetail } from '@bazaar/shared/schemas/refund';
import { yuan } from './format.ts';
import { useI18n } from './i18n-context.tsx';
import { Vouchers } from './refund-cells.tsx';

/** What both consoles' details carry (the merchant's without its actions, the platform's). */
export type RefundFactsOf = Omit<MerchantRefundDetail, 'canAccept' | 'canRefuse' | 'canReceive'>;

/** The request, its items, the parcel and the platform's part. */
export function RefundFacts({ refund: r, onOrder, extra }: { refund: RefundFactsOf; onOrder?: (orderNumber: string) => void; extra?: ReactNode }) {
  const { t } = useI18n();
  const d = (key: string, vars?: Record<string, string | number>) => t(`refundDetail.${key}`, vars);
  const parcel = r.delivery;
  return (
    <>
      <Descriptions title={d('basics')} bordered size="small" column={2}>
        <Descriptions.Item label={d('refundSn')}>{r.refundSn}</Descriptions.Item>
        <Descriptions.Item label={d('orderNumber')}>
          <Space>
            <span>{r.orderNumber}</span>
            {onOrder ? (
              <Button size="small" type="link" style={{ padding: 0 }} onClick={() => onOrder(r.orderNumber)} aria-label={`${d('openOrder')} ${r.orderNumber}`}>
                {d('openOrder')}
              </Button>
            ) : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={d('buyer')}>{r.userNickName}</Descriptions.Item>
        <Descriptions.Item label={d('orderStatus')}>{t(`orders.status.${r.orderStatus}`)}</Descriptions.Item>
        <Descriptions.Item label={d('applyType')}>
          {t(`refunds.applyType.${r.applyType}`)}
          {r.refundType === REFUND_TYPE.order ? ` · ${t('refunds.wholeOrder')}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={d('isReceiver')}>{t(`refunds.isReceiver.${r.isReceiver}`)}</Descriptions.Item>
        <Descriptions.Item label={d('reason')}>{t(`refunds.reasons.${r.buyerReason}`)}</Descriptions.Item>
        <Descriptions.Item label={d('goodsNum')}>{r.goodsNum}</Descriptions.Item>
        <Descriptions.Item label={d('amount')}>
          <Typography.Text strong data-testid="refund-amount">
            {yuan(r.refundAmount)}
          </Typography.Text>
          <Typography.Text type="secondary">{` （${d('maxAmount')} ${yuan(r.maxRefundAmount)}${r.freightAmount > 0 ? `，${d('includesFreight', { amount: yuan(r.freightAmount) })}` : ''}）`}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={d('mobile')}>{r.buyerMobile ?? d('none')}</Descriptions.Item>
        <Descriptions.Item label={d('applyTime')} span="filled">
          {r.applyTime}
        </Descriptions.Item>
        <Descriptions.Item label={d('desc')} span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{r.buyerDesc || d('none')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={d('vouchers')} span={2}>
          <Vouchers pics={r.photoFiles} label={d('vouchers')} />
        </Descriptions.Item>
        {r.sellerMsg ? (
          <Descriptions.Item label={d('refuseReason')} span={2}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{r.sellerMsg}</span>
          </Descriptions.Item>
        ) : null}
        {extra}
        {r.platformStatus !== REFUND_PLATFORM_STATUS.none ? (
          <Descriptions.Item label={d('platform')} span={2}>
            {r.platformStatus === REFUND_PLATFORM_STATUS.requested ? <Tag color="warning">{d('platformApplying')}</Tag> : d('platformDecided', { reason: r.platformReason ?? '' })}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Table
        size="small"
        rowKey="orderItemId"
        pagination={false}
        title={() => <Typography.Text strong>{d('item')}</Typography.Text>}
        dataSource={r.items}
        columns={[
          {
            title: d('itemColumns.name'),
            render: (_v, i) => (
              <Space align="start">
                <img src={i.pic} alt="" width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" />
                <div>
                  <div>{i.prodName}</div>
                  <Typography.Text type="secondary">{i.skuName}</Typography.Text>
                </div>
              </Space>
            ),
          },
          { title: d('itemColumns.price'), render: (_v, i) => yuan(i.price) },
          { title: d('itemColumns.count'), dataIndex: 'prodCount' },
          { title: d('itemColumns.actualTotal'), render: (_v, i) => yuan(i.actualTotal) },
        ]}
      />
      {parcel ? (
        <Descriptions title={d('waybill')} bordered size="small" column={1}>
          <Descriptions.Item label={d('returnAddress')}>
            {parcel.receiverAddr ? `${parcel.receiverName ?? ''} ${parcel.receiverMobile ?? ''} ${parcel.receiverAddr}` : d('none')}
          </Descriptions.Item>
          <Descriptions.Item label={d('waybillNo')}>{parcel.dvyFlowId ? d('waybillText', { company: parcel.dvyName ?? '', waybill: parcel.dvyFlowId }) : d('noWaybill')}</Descriptions.Item>
          {parcel.senderMobile ? <Descriptions.Item label={d('senderMobile')}>{parcel.senderMobile}</Descriptions.Item> : null}
          {parcel.senderRemarks ? <Descriptions.Item label={d('senderRemarks')}>{parcel.senderRemarks}</Descriptions.Item> : null}
          {parcel.imgs.length ? (
            <Descriptions.Item label={d('waybillPics')}>
              <Vouchers pics={parcel.imgs} label={d('waybillPics')} />
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
    </>
  );
}
