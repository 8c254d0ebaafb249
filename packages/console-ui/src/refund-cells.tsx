// The parts of an after-sales request both consoles show (the merchant's queue and request page,
// the platform's list and detail): its state as a tag, the time left to the current step's
// deadline, the vouchers and the negotiation history. Texts under `refunds.*` and `refundDetail.*`
// in each console's catalog (console-merchant-refunds.ts, console-platform-refunds.ts).
import { useEffect, useState, type CSSProperties } from 'react';
import { Alert, Image, Space, Tag, Timeline, Typography, type TableColumnsType } from 'antd';
import { parseApiTime } from '@bazaar/shared/constants/api-time';
import { APPLY_TYPE, REFUND_SETTLE_STATUS, REFUND_STATUS, REFUND_TYPE } from '@bazaar/shared/constants/refund';
import type { T } from '@bazaar/shared/console/translator';
import { REFUND_PLATFORM_STATUS, type RefundDeadlineAction, type RefundHistory, type RefundListItem } from '@bazaar/shared/schemas/refund';
import { yuan } from './format.ts';
import { EllipsisText } from './ellipsis-text.tsx';
import { useI18n } from './i18n-context.tsx';

// The theme's tag colours that keep AA contrast (packages/shared/src/console/theme.ts).
const STATE_COLORS: Record<number, string> = { 1: 'warning', 2: 'processing', 3: 'warning', 4: 'processing', 5: 'success', 7: 'error' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Time left as "2 天 3 小时", "5 小时 10 分", "12 分钟" (rounded down, at least a minute). */
export function timeLeftText(ms: number, t: T): string {
  if (ms >= DAY) return t('refunds.days', { d: Math.floor(ms / DAY), h: Math.floor((ms % DAY) / HOUR) });
  if (ms >= HOUR) return t('refunds.hours', { h: Math.floor(ms / HOUR), m: Math.floor((ms % HOUR) / MINUTE) });
  return t('refunds.minutes', { m: Math.max(1, Math.floor(ms / MINUTE)) });
}

/** Milliseconds to the deadline (API time), read again every half minute; null without one. */
export function useTimeLeft(deadline: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline ? parseApiTime(deadline) - now : null;
}

/** The deadline as the table shows it: the time, and what is left (or "passed"). */
export function DeadlineCell({ deadline }: { deadline: string | null }) {
  const { t } = useI18n();
  const left = useTimeLeft(deadline);
  if (!deadline || left === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{deadline}</div>
      <Typography.Text type={left > 0 ? 'warning' : 'secondary'}>{left > 0 ? t('refunds.deadlineLeft', { time: timeLeftText(left, t) }) : t('refunds.deadlinePassed')}</Typography.Text>
    </div>
  );
}

/** The request's state in words: an accepted request says what it waits for, a paid-out one whether the money is on its way. */
export function refundStateText(r: { returnMoneySts: number; applyType: number; settleStatus: number }, t: T): string {
  if (r.settleStatus === REFUND_SETTLE_STATUS.failing && r.returnMoneySts !== REFUND_STATUS.success) return t('refunds.refundFailing');
  if (r.returnMoneySts === REFUND_STATUS.accepted) return t(`refunds.accepted.${r.applyType === APPLY_TYPE.returnAndRefund ? 2 : 1}`);
  if (r.returnMoneySts === REFUND_STATUS.sellerReceived) return `${t('refunds.state.4')} · ${t('refunds.refunding')}`;
  return t(`refunds.state.${r.returnMoneySts}`);
}

export function RefundStateTag({ refund, style }: { refund: { returnMoneySts: number; applyType: number; settleStatus: number }; style?: CSSProperties }) {
  const { t } = useI18n();
  return (
    <Tag color={STATE_COLORS[refund.returnMoneySts]} style={style}>
      {refundStateText(refund, t)}
    </Tag>
  );
}

/** The shopper's voucher pictures as thumbnails that preview. */
export function Vouchers({ pics, label }: { pics: readonly string[]; label: string }) {
  const { t } = useI18n();
  if (pics.length === 0) return <Typography.Text type="secondary">{t('refundDetail.none')}</Typography.Text>;
  return (
    <ul aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}>
      <Image.PreviewGroup>
        {pics.map((src, i) => (
          <li key={src}>
            <Image src={src} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('refundDetail.voucher', { n: i + 1 })} />
          </li>
        ))}
      </Image.PreviewGroup>
    </ul>
  );
}

/**
 * The current step's deadline as the shopper sees it: when, what happens then, and the time left.
 * Texts: refundDetail.deadline.<agree|close|receive> with {time}, .agreeRefund / .agreeReturn, .left, .passed.
 */
export function RefundDeadline({ refund }: { refund: { deadline: string | null; deadlineAction: RefundDeadlineAction | null; applyType: number } }) {
  const { t } = useI18n();
  const left = useTimeLeft(refund.deadline);
  if (!refund.deadline || !refund.deadlineAction || left === null) return null;
  const then =
    refund.deadlineAction === 'agree'
      ? t('refundDetail.deadline.agree', { time: refund.deadline, then: t(refund.applyType === APPLY_TYPE.returnAndRefund ? 'refundDetail.deadline.agreeReturn' : 'refundDetail.deadline.agreeRefund') })
      : t(`refundDetail.deadline.${refund.deadlineAction}`, { time: refund.deadline });
  return (
    <Alert
      type={left > 0 ? 'warning' : 'info'}
      showIcon
      data-testid="refund-deadline"
      title={t('refundDetail.deadline.title')}
      description={`${then}${left > 0 ? t('refundDetail.deadline.left', { left: timeLeftText(left, t) }) : t('refundDetail.deadline.passed')}`}
    />
  );
}

/** The negotiation history, oldest first: who did what, when, with the note given and the amount then. */
export function RefundHistoryList({ history }: { history: readonly RefundHistory[] }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="refund-history-title">
      <Typography.Title level={3} id="refund-history-title" style={{ fontSize: 16 }}>
        {t('refundDetail.history')}
      </Typography.Title>
      {history.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('refundDetail.historyEmpty')}</Typography.Paragraph>
      ) : (
        <Timeline
          items={history.map((h) => ({
            key: h.id,
            content: (
              <div data-testid="refund-history-entry">
                <div>
                  <Typography.Text strong>{`${t(`refundDetail.actor.${h.actor}`)} · ${t(`refundDetail.historyActions.${h.action}`)}`}</Typography.Text>
                  <Typography.Text type="secondary">{`  ${h.createTime}  ${yuan(h.refundAmount)}`}</Typography.Text>
                </div>
                {h.note ? <div style={{ whiteSpace: 'pre-wrap' }}>{h.note}</div> : null}
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}

const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });
const small = { fontSize: 12 };
/** A tag whose words wrap inside its column rather than widen it. */
const wrapping = { whiteSpace: 'normal' as const, marginInlineEnd: 0 };

/**
 * The width each shared column is given (px, padding included at the table's "middle" size): the
 * numbers and times never wrap and fit it, names are cut (EllipsisText), tags wrap. A console's own
 * columns give theirs, so its list can tell what it needs (refunds.tsx: 1280 px screens).
 */
export const REFUND_COLUMN_WIDTHS = { refundSn: 184, item: 204, amount: 96, state: 140, deadline: 150 } as const;

/**
 * The columns both consoles' request lists share, in their order: the refund number with its order
 * and request time, `lead` (the console's own: shop, buyer), the items, the amount with the service,
 * `middle`, the state with the platform's part and the deadline. The console adds its actions.
 * Narrow enough for a 1280 px screen (the table at size "middle"). Texts: refunds.columns.*,
 * .wholeOrder, .pieces, .applyType.<n>, .platformRequested, .platformDecided.
 */
export function refundColumns<Row extends RefundListItem>(t: T, lead: TableColumnsType<Row> = [], middle: TableColumnsType<Row> = []): TableColumnsType<Row> {
  const widths = REFUND_COLUMN_WIDTHS;
  return [
    {
      title: `${t('refunds.columns.refundSn')} / ${t('refunds.columns.applyTime')}`,
      width: widths.refundSn,
      onCell: noWrap,
      render: (_v, r) => (
        <div>
          <div>{r.refundSn}</div>
          <Typography.Text type="secondary" style={{ ...small, display: 'block' }}>{`${t('refunds.columns.order')} ${r.orderNumber}`}</Typography.Text>
          <Typography.Text type="secondary" style={{ ...small, display: 'block' }}>{r.applyTime}</Typography.Text>
        </div>
      ),
    },
    ...lead,
    {
      title: t('refunds.columns.item'),
      width: widths.item,
      render: (_v, r) => (
        <Space orientation="vertical" size={4}>
          {r.refundType === REFUND_TYPE.order ? <Tag>{t('refunds.wholeOrder')}</Tag> : null}
          {r.items.map((i) => (
            <Space key={i.orderItemId} align="start" size={8}>
              <img src={i.pic} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" />
              <div>
                <EllipsisText text={i.prodName} width={widths.item - 16 - 48} />
                <EllipsisText text={`${i.skuName} ${t('refunds.pieces', { count: r.refundType === REFUND_TYPE.order ? i.prodCount : r.goodsNum })}`} width={widths.item - 16 - 48} secondary />
              </div>
            </Space>
          ))}
        </Space>
      ),
    },
    {
      title: t('refunds.columns.amount'),
      width: widths.amount,
      onHeaderCell: noWrap,
      render: (_v, r) => (
        <div>
          <div style={{ whiteSpace: 'nowrap' }}>{yuan(r.refundAmount)}</div>
          <Typography.Text type="secondary">{t(`refunds.applyType.${r.applyType}`)}</Typography.Text>
        </div>
      ),
    },
    ...middle,
    {
      title: t('refunds.columns.state'),
      width: widths.state,
      onHeaderCell: noWrap,
      render: (_v, r) => (
        <Space orientation="vertical" size={4}>
          <RefundStateTag refund={r} style={wrapping} />
          {r.platformStatus === REFUND_PLATFORM_STATUS.requested ? (
            <Tag color="warning" style={wrapping}>
              {t('refunds.platformRequested')}
            </Tag>
          ) : null}
          {r.platformStatus === REFUND_PLATFORM_STATUS.decided ? <Tag style={wrapping}>{t('refunds.platformDecided')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('refunds.columns.deadline'), width: widths.deadline, onHeaderCell: noWrap, render: (_v, r) => <DeadlineCell deadline={r.deadline} /> },
  ];
}
