import { useEffect, useRef } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/user-center.uc-balance';
import { BalanceLogPageSchema, BalanceOptionSchema } from '@bazaar/shared/schemas/balance';
import { BALANCE_IO, BALANCE_LOG_TYPES } from '@bazaar/shared/constants/balance';
import { PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { PaymentInfoSchema, SERIAL_NUMBER_PATTERN, type PaymentInfo } from '@bazaar/shared/schemas/payment';
import type { RootData } from '../root.tsx';
import { ApiError, api } from '../lib/api.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { BalanceSummary, type TopUpState } from '../features/balance/balance-summary.tsx';
import { BalanceRecords, type BalanceFilter } from '../features/balance/balance-records.tsx';
import { TopUpForm } from '../features/balance/top-up-form.tsx';
import { PayMark } from '../features/payment/pay-mark.tsx';
import { rememberPayNo } from '../features/payment/pay-no.ts';
import { usePaySwitch } from '../features/payment/pay-switch.ts';
import { usePaymentArrived } from '../features/payment/use-payment-arrived.ts';
import '../features/payment/payment.css';
import '../features/balance/balance.css';

const PAGE_SIZE = 10;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'balance.title' });
}

/**
 * ?type= and ?io=in|out filter the records, ?current= pages them; ?payNo= is the top-up the
 * shopper comes back from (the gateways' return address), shown until its money arrives.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typeParam = Number(url.searchParams.get('type'));
  const type = (BALANCE_LOG_TYPES as readonly number[]).includes(typeParam) ? typeParam : null;
  const ioParam = url.searchParams.get('io');
  const io = ioParam === 'in' || ioParam === 'out' ? ioParam : 'all';
  const requested = Number(url.searchParams.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const payNo = url.searchParams.get('payNo') ?? '';
  const filter: BalanceFilter = { type, io };
  const data = await fetchAsUser(request, async (ctx) => {
    const ioType = io === 'in' ? BALANCE_IO.in : io === 'out' ? BALANCE_IO.out : undefined;
    const topUp = SERIAL_NUMBER_PATTERN.test(payNo)
      ? api('/p/order/getPayInfoByPayNo', { ...ctx, query: { payNo }, schema: PaymentInfoSchema }).catch((err: unknown) => {
          // Not this shopper's, or not a payment: the page shows no news of it.
          if (err instanceof ApiError && err.status === 400) return null;
          throw err;
        })
      : Promise.resolve(null);
    const [balance, options, page, payment] = await Promise.all([
      api('/p/userBalance/getBalanceInfo', { ...ctx, schema: z.number() }),
      api('/p/userBalance/getList', { ...ctx, schema: z.array(BalanceOptionSchema) }),
      api('/p/userBalanceLog/log', { ...ctx, query: { current, size: PAGE_SIZE, type: type ?? undefined, ioType }, schema: BalanceLogPageSchema }),
      topUp,
    ]);
    return { balance, options, page, payment: payment && payment.payEntry === PAY_ENTRY.topUp ? payment : null };
  });
  return { filter, data };
}

export default function UserCenterBalance({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  const { filter, data } = loaderData;
  // Logged out (or the token was refused): the layout shows its login panel instead.
  if (!root?.user || !data) return null;
  return (
    <div className="balance-page">
      <BalanceWithNews balance={data.balance} payment={data.payment} />
      <TopUpPanel options={data.options} />
      <BalanceRecords records={data.page.records} filter={filter} current={data.page.current} pages={data.page.pages} />
    </div>
  );
}

/** The balance; after a top-up, waits for its money and then loads the page again with it. */
function BalanceWithNews({ balance, payment }: { balance: number; payment: PaymentInfo | null }) {
  if (!payment) return <BalanceSummary balance={balance} topUp={null} />;
  return <BalanceAfterTopUp key={payment.payNo} balance={balance} payment={payment} />;
}

function BalanceAfterTopUp({ balance, payment }: { balance: number; payment: PaymentInfo }) {
  const revalidator = useRevalidator();
  const paid = usePaymentArrived(payment);
  const reloaded = useRef(payment.status === 1);
  useEffect(() => {
    if (paid && !reloaded.current) {
      reloaded.current = true;
      void revalidator.revalidate();
    }
  }, [paid, revalidator]);
  // Arrived once the page has loaded again with the payment paid (and so the new balance).
  const topUp: TopUpState = payment.status === 1 ? { state: 'arrived', amount: payment.totalFee } : { state: 'pending' };
  return <BalanceSummary balance={balance} topUp={topUp} />;
}

function TopUpPanel({ options }: { options: z.infer<typeof BalanceOptionSchema>[] }) {
  const { t } = useTranslation();
  const switches = usePaySwitch();
  const methods = switches
    ? [
        ...(switches.aliPaySwitch ? [{ type: PAY_TYPE.alipay, label: t('payment.methods.alipay'), mark: <PayMark method="alipay" className="pay-method__logo pay-method__logo--alipay" /> }] : []),
        ...(switches.wxPaySwitch ? [{ type: PAY_TYPE.wechat, label: t('payment.methods.wechat'), mark: <PayMark method="wechat" className="pay-method__logo pay-method__logo--wechat" /> }] : []),
      ]
    : null;
  return <TopUpForm options={options} methods={methods} onStarted={rememberPayNo} />;
}
