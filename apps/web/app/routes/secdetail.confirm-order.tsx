import { useId } from 'react';
import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/secdetail.confirm-order';
import { AddressSchema, type Address, type Area } from '@bazaar/shared/schemas/address';
import { SeckillConfirmResultSchema, type SeckillConfirmResult, type SeckillSubmitResult } from '@bazaar/shared/schemas/seckill';
import { MERCHANT_MESSAGE_MAX_LENGTH } from '@bazaar/shared/constants/limits';
import type { RootData } from '../root.tsx';
import { api, apiData, ApiError } from '../lib/api.ts';
import { loadProvinces } from '../lib/provinces.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { Price } from '../components/ui/price.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { CheckoutAddress } from '../features/address/checkout-address.tsx';
import { RemarksField } from '../components/checkout/remarks-field.tsx';
import { feeOrFree, OneItemCheckoutView } from '../components/checkout/one-item-view.tsx';
import { useOneItemCheckout } from '../components/checkout/use-one-item-checkout.ts';
import { QuantityInput } from '../features/product/quantity-input.tsx';
import { SeckillEnded } from '../features/seckill/seckill-messages.tsx';
import { SeckillQueue, useOrderQueue } from '../features/seckill/seckill-queue.tsx';
import { LoadFailedPage } from '../components/load-failed.tsx';
import { positiveId } from '../lib/positive-id.ts';
import '../features/address/address.css';
import { BIZ_TYPES } from '@bazaar/shared/constants/page-ids';
import { useOrderCreatedLog } from '../features/analytics/use-traffic-log.ts';
import '../features/order/order.css';
import '../features/product/product.css';
import '../features/seckill/seckill.css';

/** How long quantity steps settle before the price is asked again (the specification's default debounce). */
const QUANTITY_DEBOUNCE_MS = 200;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'seckill.confirm.title' });
}


/** What /secdetail handed over: the activity, product, shop and SKU, the count and the one-time order path. */
function readChoice(params: URLSearchParams) {
  const seckillId = positiveId(params.get('seckillId'));
  const prodId = positiveId(params.get('prodId'));
  const shopId = positiveId(params.get('shopId'));
  const seckillSkuId = positiveId(params.get('seckillSkuId'));
  const prodCount = positiveId(params.get('prodCount')) ?? 1;
  const orderPath = params.get('orderPath') ?? '';
  if (!seckillId || !prodId || !shopId || !seckillSkuId || !/^[A-Za-z0-9_-]{16,64}$/.test(orderPath)) return null;
  return { seckillId, prodId, shopId, seckillSkuId, prodCount, orderPath };
}
type Choice = NonNullable<ReturnType<typeof readChoice>>;

/**
 * The flash order's checkout: the addresses, the region list and the confirm under the order path,
 * in parallel. The price is the server's (activity price only); a refused confirm (a stale path,
 * the limit, stock) is shown with the server's message, and a 204 (the activity ended) goes home.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const choice = readChoice(new URL(request.url).searchParams);
  if (!choice) return { state: 'invalid' as const };
  const loaded = await fetchAsUser(request, async (ctx) => {
    const [addresses, provinces, confirm] = await Promise.all([
      api('/p/address/list', { ...ctx, schema: AddressSchema.array() }),
      loadProvinces(ctx),
      api(`/p/seckill/${choice.orderPath}/confirm`, {
        ...ctx,
        method: 'POST',
        body: { addrId: 0, prodId: choice.prodId, shopId: choice.shopId, seckillSkuId: choice.seckillSkuId, prodCount: choice.prodCount },
        schema: SeckillConfirmResultSchema,
      }).then(
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
  if (!loaded) return { state: 'login' as const };
  if (loaded.confirm.ended) return { state: 'ended' as const };
  return { state: 'ready' as const, choice, addresses: loaded.addresses, provinces: loaded.provinces, result: loaded.confirm.result, error: loaded.confirm.error };
}

export default function SeckillConfirmOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (loaderData.state === 'invalid') return <Problem seckillId={null} message={t('seckill.errors.pathExpired')} />;
  if (loaderData.state === 'login' || !root?.isLoggedIn) return <UserCenterSignIn />;
  if (loaderData.state === 'ended') return <SeckillEnded />;
  const { choice, addresses, provinces, result, error } = loaderData;
  // A confirm refused outright (a stale path, the limit reached, sold out): its message, and the way back.
  if (!result) return <Problem seckillId={choice.seckillId} message={error ?? t('seckill.page.loadFailed')} />;
  return <Checkout key={choice.orderPath} choice={choice} loadedAddresses={addresses} provinces={provinces} loadedResult={result} />;
}

function Problem({ seckillId, message }: { seckillId: number | null; message: string }) {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="seckill-problem-title">
        <h1 id="seckill-problem-title" className="message-panel__title">
          {t('seckill.confirm.problemTitle')}
        </h1>
        <p className="message-panel__text" role="alert">
          {message}
        </p>
        <div className="message-panel__actions">
          <Link to={seckillId ? `/secdetail/${seckillId}` : '/flash-sale'} className={buttonClass()}>
            {seckillId ? t('seckill.confirm.back') : t('seckill.detail.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}

function Checkout({ choice, loadedAddresses, provinces, loadedResult }: { choice: Choice; loadedAddresses: Address[]; provinces: Area[]; loadedResult: SeckillConfirmResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOrderCreated = useOrderCreatedLog();
  const remarksId = useId();
  const queue = useOrderQueue();
  // Priced again for another address (freight) or count (the limit and stock), on the same path.
  const { addresses, result, count, remarks, setRemarks, busy, submitting, setSubmitting, reconfirm, changeCount, addAddress, readyToSubmit } = useOneItemCheckout({
    loadedAddresses,
    loadedResult,
    countOf: (r) => r.prodCount,
    confirm: (addrId, prodCount) =>
      api(`/p/seckill/${choice.orderPath}/confirm`, {
        method: 'POST',
        body: { addrId, prodId: choice.prodId, shopId: choice.shopId, seckillSkuId: choice.seckillSkuId, prodCount },
        schema: SeckillConfirmResultSchema,
      }),
    debounceMs: QUANTITY_DEBOUNCE_MS,
  });

  const physical = result.mold === 0;
  const address = result.userAddr;
  const needsAddress = physical && address === null;
  const max = Math.max(0, result.canBuyNum);

  async function submit() {
    if (submitting || busy || queue.phase !== 'idle' || !readyToSubmit(t, needsAddress)) return;
    setSubmitting(true);
    try {
      const { orderNumbers } = await apiData<SeckillSubmitResult>(`/p/seckill/${choice.orderPath}/submit`, {
        method: 'POST',
        body: { orderShopParam: { shopId: result.shopId, remarks: remarks.trim() } },
      });
      const outcome = await queue.wait(orderNumbers);
      if (outcome === 'created') {
        logOrderCreated(orderNumbers, count, BIZ_TYPES.seckill);
        await navigate(`/payment?orderNumbers=${orderNumbers}`, { replace: true });
      }
    } catch (err) {
      // The API client showed the message (stale path, limit, stock, 'hot'); a 204 took the shopper home.
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setSubmitting(false);
    }
  }

  if (queue.phase !== 'idle') return <SeckillQueue queue={queue} seckillId={choice.seckillId} />;

  const locked = busy || submitting;
  return (
    <OneItemCheckoutView
      block="seckill-confirm"
      title={t('seckill.confirm.title')}
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
      virtualNote={t('seckill.confirm.virtual')}
      items={{ id: 'seckill-items-title', title: t('seckill.confirm.items'), shop: <span className="seckill-confirm__shop">{result.shopName}</span> }}
      line={{
        pic: result.pic,
        name: <Link to={`/secdetail/${choice.seckillId}`}>{result.prodName}</Link>,
        skuName: result.skuName,
        tags: <span className="seckill-confirm__tag">{t('seckill.orderBadge')}</span>,
        unitLabel: t('seckill.confirm.unitPrice'),
        unit: <Price fen={result.seckillPrice} oriFen={result.price} />,
        count: (
          <>
            <label className="purchase__label" htmlFor="quantity-input">
              {t('seckill.confirm.quantity')}
            </label>
            <QuantityInput value={count} max={max} onChange={changeCount} />
            <span className="purchase__hint" data-testid="seckill-can-buy">
              {result.maxNum > 0 ? t('seckill.confirm.canBuy', { max: result.maxNum, count: max }) : t('seckill.confirm.canBuyUnlimited', { count: max })}
            </span>
          </>
        ),
      }}
      afterLine={
        <>
          <RemarksField id={remarksId} className="seckill-confirm__remarks" label={t('seckill.confirm.remarks')} placeholder={t('seckill.confirm.remarksPlaceholder', { max: MERCHANT_MESSAGE_MAX_LENGTH })} value={remarks} disabled={submitting} onChange={setRemarks} />
          <p className="seckill-buy__note">{t('seckill.detail.noCoupons')}</p>
        </>
      }
      summary={{
        label: t('seckill.confirm.payable'),
        busy,
        fees: [
          { label: t('seckill.confirm.goods'), value: <Price fen={result.total} />, testId: 'seckill-goods' },
          { label: t('seckill.confirm.freight'), value: feeOrFree(result.transFee, t('seckill.confirm.free')) },
        ],
        payable: { label: t('seckill.confirm.payable'), fen: result.actualTotal },
        shipTo: { address, needsAddress, needsId: 'seckill-needs-address' },
        notes: <p className="seckill-buy__note">{t('seckill.detail.cancelNote', { count: result.maxCancelTime })}</p>,
        submit: {
          label: submitting ? t('seckill.confirm.submitting') : t('seckill.confirm.submit'),
          disabled: locked || needsAddress || max === 0 || count !== result.prodCount,
          describedBy: needsAddress ? 'seckill-needs-address' : undefined,
          onClick: () => void submit(),
        },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="seckill.page.loadFailed" back={{ to: '/flash-sale', label: 'seckill.detail.back' }} />;
}
