import { useState } from 'react';
import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/submit-order';
import { AddressSchema, type Address, type Area } from '@bazaar/shared/schemas/address';
import { ConfirmResultSchema, SubmitResultSchema, type ConfirmResult, type OrderItemParam } from '@bazaar/shared/schemas/order';
import type { ComboItemParam } from '@bazaar/shared/schemas/combo';
import { GroupConfirmResultSchema } from '@bazaar/shared/schemas/group';
import type { RootData } from '../root.tsx';
import { api, ApiError } from '../lib/api.ts';
import { notifyCartChanged } from '../lib/cart-events.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Button } from '../components/ui/button.tsx';
import { Price } from '../components/ui/price.tsx';
import { showToast } from '../components/ui/toast.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { loadProvinces } from '../lib/provinces.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { CheckoutAddress } from '../features/address/checkout-address.tsx';
import { CheckoutShopOrder } from '../features/order/checkout-shop-order.tsx';
import { CheckoutPoints, type PointsChoice } from '../features/order/checkout-points.tsx';
import { remarksTooLong } from '../components/checkout/remarks-field.tsx';
import { SummaryShipTo, withAddedAddress } from '../components/checkout/ship-to.tsx';
import { CouponPicker, couponSelection } from '../features/coupon/checkout-coupons.tsx';
import { CheckoutInvoice, checkCheckoutInvoice, NO_INVOICE } from '../features/invoice/checkout-invoice.tsx';
import type { HeaderDraft } from '../features/invoice/invoice-check.ts';
import { GroupCheckout, GroupCheckoutEnded, GroupCheckoutProblem } from '../features/group/group-checkout.tsx';
import { readGroupChoice, type GroupChoice } from '../features/group/group-links.ts';
import { LoadFailedPage } from '../components/load-failed.tsx';
import { useOrderCreatedLog } from '../features/analytics/use-traffic-log.ts';
import '../features/address/address.css';
import '../features/order/order.css';
import '../features/coupon/coupon.css';
import '../features/group/group.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'checkout.title' });
}

const positiveInt = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** ?comboId=&prodCount= buys a discount package now (all its lines, decision 046). */
function buyNowCombo(params: URLSearchParams): ComboItemParam | null {
  const comboId = positiveInt(params.get('comboId'));
  const prodCount = positiveInt(params.get('prodCount')) ?? (params.get('prodCount') === null ? 1 : 0);
  return comboId ? { comboId, prodCount } : null;
}

/** ?prodId=&skuId=&prodCount= is buy now from a detail page; otherwise the ticked cart lines. */
function buyNowItem(params: URLSearchParams): OrderItemParam | null {
  const prodId = positiveInt(params.get('prodId'));
  const skuId = positiveInt(params.get('skuId'));
  const prodCount = positiveInt(params.get('prodCount')) ?? (params.get('prodCount') === null ? 1 : 0);
  return prodId && skuId ? { prodId, skuId, prodCount } : null;
}

/**
 * A fresh one-time uuid per visit (reference 5.2), then the addresses, the region list and the
 * priced checkout in parallel. Without an address the checkout is priced all the same (no
 * `userAddr`); a refused confirm (nothing ticked, stock) is shown with the server's message.
 * With the group parameters (?groupSkuId=&groupTeamId=&prodCount=, from a group activity's page) it
 * is the group order's checkout (reference §2.4 /p/group/order/confirm): the activity price only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const uuid = crypto.randomUUID();
  const group = readGroupChoice(params);
  if (group) return { uuid, orderItem: null, comboItem: null, data: null, group: { choice: group, data: await loadGroupCheckout(request, group, uuid) } };
  const orderItem = buyNowItem(params);
  const comboItem = orderItem ? null : buyNowCombo(params);
  const data = await fetchAsUser(request, async (ctx) => {
    const [addresses, provinces, confirm] = await Promise.all([
      api('/p/address/list', { ...ctx, schema: AddressSchema.array() }),
      loadProvinces(ctx),
      api('/p/order/confirm', { ...ctx, method: 'POST', body: { addrId: 0, orderItem, comboItem, uuid }, schema: ConfirmResultSchema }).then(
        (result) => ({ result, error: null }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 400) return { result: null, error: error.text };
          throw error;
        },
      ),
    ]);
    return { addresses, provinces, confirm };
  });
  return { uuid, orderItem, comboItem, data, group: null };
}

/** The group checkout's data: a refused confirm keeps the server's message, a 204 (the activity ended) says so. */
function loadGroupCheckout(request: Request, choice: GroupChoice, uuid: string) {
  return fetchAsUser(request, async (ctx) => {
    const [addresses, provinces, confirm] = await Promise.all([
      api('/p/address/list', { ...ctx, schema: AddressSchema.array() }),
      loadProvinces(ctx),
      api('/p/group/order/confirm', { ...ctx, method: 'POST', body: { addrId: 0, ...choice, uuid }, schema: GroupConfirmResultSchema }).then(
        (result) => ({ result, error: null, ended: false }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 204) return { result: null, error: null, ended: true };
          if (error instanceof ApiError && error.status === 400) return { result: null, error: error.text, ended: false };
          throw error;
        },
      ),
    ]);
    return { addresses, provinces, confirm };
  });
}

export default function SubmitOrder({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  if (loaderData.group) return <GroupOrder key={loaderData.uuid} uuid={loaderData.uuid} isLoggedIn={!!root?.isLoggedIn} {...loaderData.group} />;
  if (!root?.isLoggedIn || !loaderData.data) return <UserCenterSignIn />;
  // A new visit (new uuid) starts a new checkout state.
  return <Checkout key={loaderData.uuid} uuid={loaderData.uuid} orderItem={loaderData.orderItem} comboItem={loaderData.comboItem} {...loaderData.data} />;
}

/** The group order's checkout: the group feature's page, with the order and address features' address section. */
function GroupOrder({ uuid, isLoggedIn, choice, data }: { uuid: string; isLoggedIn: boolean; choice: GroupChoice; data: Awaited<ReturnType<typeof loadGroupCheckout>> }) {
  const { t } = useTranslation();
  const logOrderCreated = useOrderCreatedLog();
  if (!isLoggedIn || !data) return <UserCenterSignIn />;
  if (data.confirm.ended) return <GroupCheckoutEnded />;
  if (!data.confirm.result) return <GroupCheckoutProblem message={data.confirm.error ?? t('checkout.loadFailed')} />;
  const { provinces } = data;
  return (
    <GroupCheckout
      uuid={uuid}
      choice={choice}
      loadedAddresses={data.addresses}
      loadedResult={data.confirm.result}
      renderAddress={(props) => <CheckoutAddress provinces={provinces} {...props} />}
      onCreated={logOrderCreated}
    />
  );
}

function Checkout({
  uuid,
  orderItem,
  comboItem,
  addresses: loadedAddresses,
  provinces,
  confirm,
}: {
  uuid: string;
  orderItem: OrderItemParam | null;
  comboItem: ComboItemParam | null;
  addresses: Address[];
  provinces: Area[];
  confirm: { result: ConfirmResult | null; error: string | null };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOrderCreated = useOrderCreatedLog();
  const [addresses, setAddresses] = useState(loadedAddresses);
  const [result, setResult] = useState(confirm.result);
  const [error, setError] = useState(confirm.error);
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [points, setPoints] = useState<PointsChoice>({ on: false, amount: 0 });
  /** The shopper's coupons once they changed one (userChangeCoupon 1); null: the server picks the best. */
  const [couponUserIds, setCouponUserIds] = useState<number[] | null>(null);
  const [invoiceDraft, setInvoiceDraft] = useState<HeaderDraft>(NO_INVOICE);
  const [showInvoiceErrors, setShowInvoiceErrors] = useState(false);

  /** Prices the checkout again for another address (freight may differ), points or another coupon choice; same uuid. */
  async function reconfirm(addrId: number, usePoints: PointsChoice = points, coupons: number[] | null = couponUserIds) {
    setBusy(true);
    try {
      const pointsBody = usePoints.on ? { isScorePay: 1, userUseScore: usePoints.amount } : {};
      const couponBody = coupons === null ? { userChangeCoupon: 0 } : { userChangeCoupon: 1, couponUserIds: coupons };
      const next = await api('/p/order/confirm', { method: 'POST', body: { addrId, orderItem, comboItem, uuid, ...pointsBody, ...couponBody }, schema: ConfirmResultSchema, silent: true });
      setPoints(usePoints);
      setCouponUserIds(coupons);
      setResult(next);
      setError(null);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 400) {
        setError(err.text);
        showToast(err.text, { kind: 'warning' });
      }
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    if (submitting) return;
    if (!result) {
      showToast(error ?? t('checkout.errors.selectAddress'), { kind: 'warning' });
      return;
    }
    if (!result.userAddr) {
      showToast(t('checkout.errors.addAddress'), { kind: 'warning' });
      return;
    }
    // A message over the limit stays as typed (never cut): the rule's message, and no submit.
    if (Object.values(remarks).some(remarksTooLong)) {
      showToast(t('checkout.errors.remarksTooLong'), { kind: 'warning' });
      return;
    }
    const invoice = await checkCheckoutInvoice(invoiceDraft, t('invoice.form.personal'));
    if (invoice.error) {
      setShowInvoiceErrors(true);
      showToast(t(invoice.error), { kind: 'warning' });
      return;
    }
    setSubmitting(true);
    try {
      const orderShopParams = [...new Set(result.shopCartOrders.map((o) => o.shopId))].map((shopId) => ({ shopId, remarks: (remarks[shopId] ?? '').trim() }));
      const orderInvoiceList = invoice.body ? orderShopParams.map((p) => ({ shopId: p.shopId, ...invoice.body })) : undefined;
      const { orderNumbers } = await api('/p/order/submit', { method: 'POST', body: { orderShopParams, uuid, orderInvoiceList }, schema: SubmitResultSchema });
      logOrderCreated(orderNumbers, result.totalCount);
      // The bought lines left the cart: the header's count follows without a reload.
      notifyCartChanged();
      await navigate(`/payment?orderNumbers=${orderNumbers}`);
    } catch (err) {
      // The API client showed the message ('Please do not submit orders at the same time', stock...).
      if (!(err instanceof ApiError)) throw err;
      setSubmitting(false);
    }
  }

  const address = result?.userAddr ?? null;
  /** Switches or drops one shop's coupon (0: the platform's), keeping the others. */
  const chooseCoupon = (shopId: number, couponUserId: number | null) => {
    if (result) void reconfirm(address?.addrId ?? 0, points, couponSelection(result, shopId, couponUserId));
  };
  const itemsMissing = !result && error !== null && addresses.length > 0;
  // Priced, but nowhere to send it yet: the address form stands above, submit waits for it.
  const needsAddress = result !== null && address === null;
  return (
    <div className="container page-section checkout">
      <h1 className="checkout__title">{t('checkout.title')}</h1>
      <CheckoutAddress
        addresses={addresses}
        provinces={provinces}
        selectedId={address?.addrId ?? null}
        disabled={busy || submitting}
        onSelect={(a) => void reconfirm(a.addrId)}
        onAdded={(a) => {
          setAddresses((list) => withAddedAddress(list, a));
          void reconfirm(a.addrId);
        }}
      />

      <section className="card checkout-section" aria-labelledby="checkout-items-title">
        <div className="checkout-section__head">
          <h2 id="checkout-items-title" className="checkout-section__title">
            {t('checkout.shop.title')}
          </h2>
          {orderItem || comboItem ? null : (
            <Link className="text-link" to="/cart">
              {t('checkout.backToCart')}
            </Link>
          )}
        </div>
        {result ? (
          result.shopCartOrders.map((order) => (
            <div key={`${order.shopId}-${order.orderMold}`}>
              <CheckoutShopOrder order={order} remarks={remarks[order.shopId] ?? ''} onRemarks={(value) => setRemarks((r) => ({ ...r, [order.shopId]: value }))} />
              {order.coupons.length > 0 ? (
                <CouponPicker
                  legend={`${order.shopName} · ${t('coupon.checkout.shopCoupon')}`}
                  coupons={order.coupons}
                  disabled={busy || submitting}
                  onChoose={(id) => chooseCoupon(order.shopId, id)}
                />
              ) : null}
            </div>
          ))
        ) : (
          <p className="checkout__message" role="alert">
            {error ?? t('checkout.loadFailed')}
          </p>
        )}
      </section>

      {result && result.coupons.length > 0 ? (
        <section className="card checkout-section" aria-label={t('coupon.checkout.platformCoupon')}>
          <CouponPicker legend={t('coupon.checkout.platformCoupon')} coupons={result.coupons} disabled={busy || submitting} onChoose={(id) => chooseCoupon(0, id)} />
        </section>
      ) : null}

      {result ? (
        <CheckoutPoints result={result} disabled={busy || submitting} onChange={(choice) => void reconfirm(result.userAddr?.addrId ?? 0, choice)} />
      ) : null}

      {result ? (
        <CheckoutInvoice draft={invoiceDraft} onChange={setInvoiceDraft} disabled={busy || submitting} showErrors={showInvoiceErrors} />
      ) : null}

      <section className="card checkout-summary" aria-label={t('checkout.summary.payable')}>
        <dl className="checkout-summary__fees">
          <div>
            <dt>{t('checkout.summary.count', { count: result?.totalCount ?? 0 })}</dt>
            <dd />
          </div>
          <div>
            <dt>{t('checkout.summary.goods')}</dt>
            <dd>
              <Price fen={result?.total ?? 0} />
            </dd>
          </div>
          <div>
            <dt>{t('checkout.summary.freight')}</dt>
            <dd>
              <Price fen={result?.totalTransFee ?? 0} />
            </dd>
          </div>
          <div>
            <dt>{t('checkout.summary.reduce')}</dt>
            <dd>
              {/* A discount is taken off; none reads ¥0.00, not -¥0.00. */}
              {(result?.orderReduce ?? 0) > 0 ? '-' : null}
              <Price fen={result?.orderReduce ?? 0} />
            </dd>
          </div>
          {result && result.platformCouponReduce > 0 ? (
            // The platform coupon, once for the whole checkout: the shops' subtotals above leave it out.
            <div className="checkout-summary__member" data-testid="checkout-platform-coupon">
              <dt>{t('coupon.checkout.platformCoupon')}</dt>
              <dd>
                -<Price fen={result.platformCouponReduce} />
              </dd>
            </div>
          ) : null}
          {result && result.totalLevelReduce > 0 ? (
            <div className="checkout-summary__member" data-testid="checkout-member-discount">
              <dt>{t('member.checkout.discount', { level: result.memberLevelName ?? '' })}</dt>
              <dd>
                -<Price fen={result.totalLevelReduce} />
              </dd>
            </div>
          ) : null}
          {result && result.totalFreeTransfee > 0 ? (
            <div className="checkout-summary__member" data-testid="checkout-member-freight">
              <dt>{t('member.checkout.freeShipping')}</dt>
              {/* Already out of the freight above: what the membership waived, not a second reduction. */}
              <dd>
                {t('member.checkout.waived')} <Price fen={result.totalFreeTransfee} />
              </dd>
            </div>
          ) : null}
          {result && result.scoreAmount > 0 ? (
            <div className="checkout-summary__points">
              <dt>{t('points.checkout.summary')}</dt>
              <dd>
                -<Price fen={result.scoreAmount} />
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="checkout-summary__bar">
          <div className="checkout-summary__payable">
            <span>{t('checkout.summary.payable')}</span>
            <Price fen={result?.actualTotal ?? 0} className="checkout-summary__amount" />
          </div>
          <SummaryShipTo address={address} needsAddress={needsAddress} needsId="checkout-needs-address" />
          <Button
            size="lg"
            className="checkout-summary__submit"
            disabled={submitting || busy || itemsMissing || needsAddress}
            aria-describedby={needsAddress ? 'checkout-needs-address' : undefined}
            onClick={() => void submit()}
          >
            {submitting ? t('checkout.submitting') : t('checkout.submit')}
          </Button>
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="checkout.loadFailed" back={{ to: '/cart', label: 'checkout.backToCart' }} />;
}
