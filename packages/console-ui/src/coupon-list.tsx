import { Tag, Typography } from 'antd';
import { COUPON_ADMIN_STATES, CouponAdminDetailSchema, CouponAdminRowSchema, type CouponAdminRow, type CouponAdminState } from '@bazaar/shared/schemas/coupon-admin';
import type { CouponIssuer } from './coupon-issuer.ts';
import { yuan } from './format.ts';
import { useI18n } from './i18n-context.tsx';
import { StateListPage } from './state-list-page.tsx';

const TABS = ['all', ...COUPON_ADMIN_STATES] as const;
const STATE_COLOR: Record<CouponAdminState, string> = { on: 'success', off: 'default', ended: 'default' };

/** An issuer's coupons by state, with what they did: create, edit or view, end (decision 044). */
export function CouponList({ issuer, onOpen, onCreate }: { issuer: CouponIssuer; onOpen: (id: number) => void; onCreate: () => void }) {
  const { t } = useI18n();
  const p = issuer.prefix;
  return (
    <StateListPage<CouponAdminRow>
      api={issuer.api}
      path={issuer.path}
      queryKey={issuer.listKey}
      alsoInvalidate={issuer.alsoInvalidate}
      prefix={p}
      titleId={`${issuer.idPrefix}coupons-title`}
      tabs={TABS}
      rowSchema={CouponAdminRowSchema}
      endSchema={CouponAdminDetailSchema}
      rowKey="couponId"
      idOf={(c) => c.couponId}
      isOpen={(c) => c.state !== 'ended'}
      onOpen={onOpen}
      onCreate={onCreate}
      columns={(nameOf) => [
        {
          title: t(`${p}.columns.name`),
          render: (_v, c) => (
            <>
              <Typography.Text strong>{nameOf(c)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t(`${p}.type.${c.couponType}`)}</Typography.Text>
              {c.getWay === 1 ? <Tag style={{ marginInlineStart: 8 }}>{t(`${p}.issuedOnly`)}</Tag> : null}
            </>
          ),
        },
        { title: t(`${p}.columns.face`), render: (_v, c) => <Tag color="error">{c.label}</Tag> },
        { title: t(`${p}.columns.scope`), render: (_v, c) => t(`${p}.scope.${c.suitableProdType}`, { count: c.productCount }) },
        {
          title: t(`${p}.columns.validity`),
          render: (_v, c) =>
            c.validTimeType === 1 ? (
              <span style={{ whiteSpace: 'nowrap' }}>
                {c.startTime}
                <br />
                {c.endTime}
              </span>
            ) : (
              t(`${p}.afterReceipt`, { after: t(`${p}.days`, { count: c.afterReceiveDays }), count: c.validDays ?? 0 })
            ),
        },
        { title: t(`${p}.columns.stock`), render: (_v, c) => `${c.stocks} / ${c.totalStock}` },
        {
          title: t(`${p}.columns.usage`),
          render: (_v, c) => <span data-testid={`coupon-usage-${c.couponId}`}>{t(`${p}.usage`, { received: c.usage.received, used: c.usage.used, amount: yuan(c.usage.reducedAmount) })}</span>,
        },
        { title: t(`${p}.columns.state`), render: (_v, c) => <Tag color={STATE_COLOR[c.state]}>{t(`${p}.state.${c.state}`)}</Tag> },
      ]}
    />
  );
}
