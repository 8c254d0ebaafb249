import { useId } from 'react';
import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/submit-integral-order';
import { AddressSchema, type Address, type Area } from '@bazaar/shared/schemas/address';
import { PointsConfirmResultSchema, PointsSubmitResultSchema, type PointsConfirmResult, type PointsOrderItem } from '@bazaar/shared/schemas/points-mall';
import { OrderDetailSchema } from '@bazaar/shared/schemas/order';
import { ScoreInfoSchema } from '@bazaar/shared/schemas/points';
import { ORDER_MOLD, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import { MERCHANT_MESSAGE_MAX_LENGTH } from '@bazaar/shared/constants/limits';
import type { RootData } from '../root.tsx';
import { api, ApiError } from '../lib/api.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { loadProvinces } from '../lib/provinces.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { CheckoutAddress } from '../features/address/checkout-address.tsx';
import { RemarksField } from '../components/checkout/remarks-field.tsx';
import { feeOrFree, OneItemCheckoutView } from '../components/checkout/one-item-view.tsx';
import { useOneItemCheckout } from '../components/checkout/use-one-item-checkout.ts';
import { QuantityInput } from '../features/product/quantity-input.tsx';
import { ExchangeResult } from '../features/pointsmall/exchange-result.tsx';
import { PointsPrice } from '../features/pointsmall/points-price.tsx';
import { INTEGRAL_MALL_PATH, exchangedPath, integralDetPath } from '../features/pointsmall/paths.ts';
import { LoadFailedPage } from '../components/load-failed.tsx';
import { positiveId } from '../lib/positive-id.ts';
import { useOrderCreatedLog } from '../features/analytics/use-traffic-log.ts';
import '../features/address/address.css';
import '../features/order/order.css';
import '../features/product/product.css';
import '../features/pointsmall/pointsmall.css';

/** How long quantity steps settle before the totals are asked again (the specification's default debounce). */
const QUANTITY_DEBOUNCE_MS = 200;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'integralMall.confirm.title' });
}


/** What the item's page handed over: ?prodId=&skuId=&prodCount=. */
function readItem(params: URLSearchParams): PointsOrderItem | null {
  const prodId = positiveId(params.get('prodId'));
  const skuId = positiveId(params.get('skuId'));
  const prodCount = positiveId(params.get('prodCount')) ?? 1;
  return prodId && skuId ? { prodId, skuId, prodCount: Math.min(prodCount, 999) } : null;
}

/**
 * ?exchanged=<orderNumber>: the result of an exchange the points paid at once (the order and my
 * points now). Otherwise the checkout of one exchange: a fresh one-time uuid (reference 5.2), then
 * the addresses, the region list and the totals from POST /p/score/confirm, in parallel. A refused
 * confirm (sold out, the limit, an item gone) is shown with the server's message.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const exchanged = params.get('exchanged');
  if (exchanged !== null) {
    if (!/^\d{1,20}$/.test(exchanged)) return { state: 'invalid' as const };
    const done = await fetchAsUser(request, (ctx) =>
      Promise.all([api('/p/myOrder/orderDetail', { ...ctx, query: { orderNumber: exchanged }, schema: OrderDetailSchema }), api('/p/score/scoreInfo', { ...ctx, schema: ScoreInfoSchema })]).catch((error: unknown) => {
        // Not this shopper's order, or none: nothing to show of it.
        if (error instanceof ApiError && error.status === 400) return 'missing' as const;
        throw error;
      }),
    );
    if (done === null) return { state: 'login' as const };
    if (done === 'missing' || done[0].orderType !== ORDER_TYPE.points) return { state: 'invalid' as const };
    return { state: 'exchanged' as const, order: done[0], score: done[1].score };
  }
  const orderItem = readItem(params);
  if (!orderItem) return { state: 'invalid' as const };
  const uuid = crypto.randomUUID();
  const loaded = await fetchAsUser(request, async (ctx) => {
    const [addresses, provinces, confirm] = await Promise.all([
      api('/p/address/list', { ...ctx, schema: AddressSchema.array() }),
      loadProvinces(ctx),
      api('/p/score/confirm', { ...ctx, method: 'POST', body: { addrId: 0, orderItem, uuid }, schema: PointsConfirmResultSchema }).then(
        (result) => ({ result, error: null }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 400) return { result: null, error: error.text };
          throw error;
        },
      ),
    ]);
    return { addresses, provinces, confirm };
  });
  if (!loaded) return { state: 'login' as const };
  return { state: 'ready' as const, uuid, orderItem, addresses: loaded.addresses, provinces: loaded.provinces, result: loaded.confirm.result, error: loaded.confirm.error };
}

export default function SubmitIntegralOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (loaderData.state === 'invalid') return <Problem prodId={null} message={t('integralMall.confirm.invalid')} />;
  if (loaderData.state === 'login' || !root?.isLoggedIn) return <UserCenterSignIn />;
  if (loaderData.state === 'exchanged') return <ExchangeResult order={loaderData.order} score={loaderData.score} />;
  const { uuid, orderItem, addresses, provinces, result, error } = loaderData;
  if (!result) return <Problem prodId={orderItem.prodId} message={error ?? t('integralMall.mall.loadFailed')} />;
  // A new visit (new uuid) starts a new checkout state.
  return <Checkout key={uuid} uuid={uuid} orderItem={orderItem} loadedAddresses={addresses} provinces={provinces} loadedResult={result} />;
}

function Problem({ prodId, message }: { prodId: number | null; message: string }) {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="points-problem-title">
        <h1 id="points-problem-title" className="message-panel__title">
          {t('integralMall.confirm.problemTitle')}
        </h1>
        <p className="message-panel__text" role="alert">
          {message}
        </p>
        <div className="message-panel__actions">
          <Link to={prodId ? integralDetPath(prodId) : INTEGRAL_MALL_PATH} className={buttonClass()}>
            {prodId ? t('integralMall.confirm.back') : t('integralMall.detail.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}

function Checkout({
  uuid,
  orderItem,
  loadedAddresses,
  provinces,
  loadedResult,
}: {
  uuid: string;
  orderItem: PointsOrderItem;
  loadedAddresses: Address[];
  provinces: Area[];
  loadedResult: PointsConfirmResult;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOrderCreated = useOrderCreatedLog();
  const remarksId = useId();
  // Totals asked again for another address or count, with the same uuid.
  const { addresses, result, count, remarks, setRemarks, busy, submitting, setSubmitting, reconfirm, changeCount, addAddress, readyToSubmit } = useOneItemCheckout({
    loadedAddresses,
    loadedResult,
    countOf: (r) => r.productItemDto.prodCount,
    confirm: (addrId, prodCount) => api('/p/score/confirm', { method: 'POST', body: { addrId, orderItem: { ...orderItem, prodCount }, uuid }, schema: PointsConfirmResultSchema }),
    debounceMs: QUANTITY_DEBOUNCE_MS,
  });
  const line = result.productItemDto;

  const physical = line.mold === ORDER_MOLD.physical;
  const address = result.userAddr;
  const needsAddress = physical && address === null;
  const max = Math.max(0, result.canBuyNum);
  const locked = busy || submitting;

  async function submit() {
    if (locked || !readyToSubmit(t, needsAddress)) return;
    setSubmitting(true);
    try {
      const { orderNumbers, paid } = await api('/p/score/submit', { method: 'POST', body: { remarks: remarks.trim(), uuid }, schema: PointsSubmitResultSchema });
      logOrderCreated(orderNumbers, count);
      // Paid by the points alone: the result; a cash part waits on the payment page like any order.
      await navigate(paid ? exchangedPath(orderNumbers) : `/payment?orderNumbers=${orderNumbers}`, { replace: true });
    } catch (err) {
      // The API client showed the message (points, stock, the limit, 'Please do not submit orders at the same time').
      if (!(err instanceof ApiError)) throw err;
      setSubmitting(false);
    }
  }

  return (
    <OneItemCheckoutView
      block="points-confirm"
      title={t('integralMall.confirm.title')}
      address={
        physical ? (
          <CheckoutAddress
            addresses={addresses}
            provinces={provinces}
            selectedId={address?.addrId ?? null}
            disabled={locked}
            onSelect={(a) => void reconfirm(a.addrId, count)}
            onAdded={addAddress}
          />
        ) : null
      }
      virtualNote={t('integralMall.confirm.virtual')}
      items={{ id: 'points-items-title', title: t('integralMall.confirm.items'), shop: <span className="points-confirm__shop">{line.shopName}</span> }}
      line={{
        pic: line.pic,
        name: <Link to={integralDetPath(line.prodId)}>{line.prodName}</Link>,
        skuName: line.skuName,
        unitLabel: t('integralMall.confirm.unitPoints'),
        unit: <PointsPrice score={line.scorePrice} cash={line.cashPrice} />,
        count: (
          <>
            <label className="purchase__label" htmlFor="quantity-input">
              {t('integralMall.confirm.quantity')}
            </label>
            <QuantityInput value={count} max={max} onChange={changeCount} />
          </>
        ),
      }}
      afterLine={<RemarksField id={remarksId} className="points-confirm__remarks" label={t('integralMall.confirm.remarks')} placeholder={t('integralMall.confirm.remarksPlaceholder', { max: MERCHANT_MESSAGE_MAX_LENGTH })} value={remarks} disabled={submitting} onChange={setRemarks} />}
      summary={{
        label: t('integralMall.confirm.pointsTotal'),
        busy,
        fees: [
          { label: t('integralMall.confirm.pointsTotal'), value: t('integralMall.points', { count: result.totalScore }), testId: 'points-total' },
          { label: t('integralMall.confirm.freight'), value: feeOrFree(result.transfee, t('integralMall.confirm.free')) },
        ],
        lead: (
          <p className={`points-confirm__mine${result.enoughScore ? '' : ' points-confirm__mine--short'}`} data-testid="points-confirm-mine">
            {t('integralMall.confirm.myPoints', { count: result.myScore })}
          </p>
        ),
        payable: { label: t('integralMall.confirm.payCash'), fen: result.actualTotal },
        shipTo: { address, needsAddress, needsId: 'points-needs-address' },
        notes: (
          <>
            {result.enoughScore ? null : (
              <p id="points-short" className="checkout-summary__needs" role="alert">
                {t('integralMall.detail.reason.points', { count: result.totalScore - result.myScore })}
              </p>
            )}
            <p className="points-exchange__note">{result.actualTotal > 0 ? t('integralMall.confirm.cashNote') : t('integralMall.confirm.pointsNote')}</p>
          </>
        ),
        submit: {
          label: submitting ? t('integralMall.confirm.submitting') : t('integralMall.confirm.submit'),
          disabled: locked || needsAddress || !result.enoughScore || max === 0 || count !== line.prodCount,
          describedBy: needsAddress ? 'points-needs-address' : !result.enoughScore ? 'points-short' : undefined,
          onClick: () => void submit(),
        },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="integralMall.mall.loadFailed" back={{ to: INTEGRAL_MALL_PATH, label: 'integralMall.detail.back' }} />;
}
