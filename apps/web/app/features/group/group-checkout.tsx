import { useEffect, useId, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Address } from '@bazaar/shared/schemas/address';
import type { GroupConfirmResult, GroupSubmitResult } from '@bazaar/shared/schemas/group';
import { GROUP_PROD_COUNT_MAX } from '@bazaar/shared/constants/group';
import { MERCHANT_MESSAGE_MAX_LENGTH } from '@bazaar/shared/constants/limits';
import { BIZ_TYPES } from '@bazaar/shared/constants/page-ids';
import { apiData, ApiError } from '../../lib/api.ts';
import { emitApiEvent } from '../../lib/api-events.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Price } from '../../components/ui/price.tsx';
import { RemarksField } from '../../components/checkout/remarks-field.tsx';
import { feeOrFree, OneItemCheckoutView } from '../../components/checkout/one-item-view.tsx';
import { useOneItemCheckout } from '../../components/checkout/use-one-item-checkout.ts';
import { CountStepper } from './count-stepper.tsx';
import { durationText, groupDetailHref, type GroupChoice } from './group-links.ts';

/** How long count steps settle before the order is priced again. */
const COUNT_DEBOUNCE_MS = 200;

/** What the route hands in to draw the address section (the order and address features' own). */
export interface AddressSlotProps {
  addresses: Address[];
  selectedId: number | null;
  disabled: boolean;
  onSelect: (address: Address) => void;
  onAdded: (address: Address) => void;
}

/** The group activity ended before the checkout opened (the API's 204): the app shell's toast and the way home. */
export function GroupCheckoutEnded() {
  const { t } = useTranslation();
  useEffect(() => emitApiEvent({ type: 'activity-ended' }), []);
  return (
    <div className="container page-section">
      <p className="card message-panel" role="alert">
        {t('groupBuy.detail.ended')}
      </p>
    </div>
  );
}

/** A confirm refused outright (the team or activity gone, the limit reached, no stock): its message and the way back. */
export function GroupCheckoutProblem({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="group-problem-title">
        <h1 id="group-problem-title" className="message-panel__title">
          {t('groupBuy.checkout.problemTitle')}
        </h1>
        <p className="message-panel__text" role="alert">
          {message}
        </p>
        <div className="message-panel__actions">
          <Link to="/group-buy" className={buttonClass()}>
            {t('groupBuy.page.heading')}
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * The group order's checkout on /submit-order (reference §2.4 /p/group/order/confirm and /submit): the
 * address, the item at the activity price only (no coupon, promotion or points choice), the count within
 * the limit, the message to the shop, and the totals; submitted, the order goes to the payment page as
 * any order. The same uuid prices it again for another address or count.
 */
export function GroupCheckout({
  uuid,
  choice,
  loadedAddresses,
  loadedResult,
  renderAddress,
  onCreated,
}: {
  uuid: string;
  choice: GroupChoice;
  loadedAddresses: Address[];
  loadedResult: GroupConfirmResult;
  renderAddress: (props: AddressSlotProps) => ReactNode;
  /** The order was created: its numbers and item count (the route logs it, features/analytics). */
  onCreated?: (orderNumbers: string, nums: number, bizType: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remarksId = useId();
  // Priced again for another address or count, with the same uuid.
  const { addresses, result, count, remarks, setRemarks, busy, submitting, setSubmitting, reconfirm, changeCount, addAddress, readyToSubmit } = useOneItemCheckout({
    loadedAddresses,
    loadedResult,
    countOf: (r) => r.prodCount,
    confirm: (addrId, prodCount) =>
      apiData<GroupConfirmResult>('/p/group/order/confirm', {
        method: 'POST',
        body: { addrId, groupSkuId: choice.groupSkuId, groupTeamId: loadedResult.groupTeamId, prodCount, uuid },
      }),
    debounceMs: COUNT_DEBOUNCE_MS,
  });

  const physical = result.mold === 0;
  const address = result.userAddr;
  const needsAddress = physical && address === null;
  const max = Math.max(0, Math.min(result.canBuyNum ?? GROUP_PROD_COUNT_MAX, GROUP_PROD_COUNT_MAX));
  const joining = result.groupTeamId > 0;

  async function submit() {
    if (submitting || busy || !readyToSubmit(t, needsAddress)) return;
    setSubmitting(true);
    try {
      const { orderNumbers } = await apiData<GroupSubmitResult>('/p/group/order/submit', {
        method: 'POST',
        body: { uuid, groupTeamId: result.groupTeamId, remarks: remarks.trim() },
      });
      onCreated?.(orderNumbers, count, BIZ_TYPES.group);
      await navigate(`/payment?orderNumbers=${orderNumbers}`);
    } catch (err) {
      // The API client showed the message ('Please do not submit orders at the same time', stock, the team gone).
      if (!(err instanceof ApiError)) throw err;
      setSubmitting(false);
    }
  }

  const locked = busy || submitting;
  return (
    <OneItemCheckoutView
      block="group-checkout"
      title={
        <>
          {t('groupBuy.checkout.title')} · {joining ? t('groupBuy.checkout.joinTeam') : t('groupBuy.checkout.openTeam')}
        </>
      }
      address={
        physical
          ? renderAddress({
              addresses,
              selectedId: address?.addrId ?? null,
              disabled: locked,
              onSelect: (a) => void reconfirm(a.addrId, count),
              onAdded: addAddress,
            })
          : null
      }
      virtualNote={t('groupBuy.checkout.virtual')}
      items={{ id: 'group-items-title', title: t('groupBuy.checkout.items'), shop: <Link to={`/shopIndex?sid=${result.shopId}`}>{result.shopName}</Link> }}
      line={{
        pic: result.pic,
        name: <Link to={groupDetailHref(result.prodId, result.groupActivityId)}>{result.prodName}</Link>,
        skuName: result.skuName,
        tags: (
          <span>
            <span className="order-type-badge">{t('groupBuy.order.badge')}</span> {t('groupBuy.detail.people', { count: result.groupNumber })}
          </span>
        ),
        unitLabel: t('groupBuy.checkout.unitPrice'),
        unit: <Price fen={result.actPrice} oriFen={result.price} />,
        count: (
          <>
            <label className="field__label" htmlFor="group-checkout-count">
              {t('groupBuy.checkout.quantity')}
            </label>
            <CountStepper id="group-checkout-count" value={count} max={max} disabled={submitting} onChange={changeCount} />
            <span className="group-checkout__note" data-testid="group-can-buy">
              {result.maxNum !== null ? t('groupBuy.checkout.canBuy', { max: result.maxNum, count: max }) : t('groupBuy.checkout.canBuyUnlimited', { count: max })}
            </span>
          </>
        ),
      }}
      afterLine={
        <>
          <RemarksField id={remarksId} className="group-checkout__remarks" label={t('groupBuy.checkout.remarks')} placeholder={t('groupBuy.checkout.remarksPlaceholder', { max: MERCHANT_MESSAGE_MAX_LENGTH })} value={remarks} disabled={submitting} onChange={setRemarks} />
          <p className="group-checkout__note">{t('groupBuy.detail.noCoupons')}</p>
        </>
      }
      summary={{
        label: t('groupBuy.checkout.payable'),
        busy,
        fees: [
          { label: t('groupBuy.checkout.goods'), value: <Price fen={result.total} />, testId: 'group-goods' },
          { label: t('groupBuy.checkout.freight'), value: feeOrFree(result.transFee, t('groupBuy.checkout.free')) },
        ],
        payable: { label: t('groupBuy.checkout.payable'), fen: result.actualTotal },
        shipTo: { address, needsAddress, needsId: 'group-needs-address' },
        notes: (
          <p className="group-checkout__note">
            {t('groupBuy.checkout.cancelNote', { count: result.cancelMinutes })} {t('groupBuy.checkout.validity', { time: durationText(t, result.groupValidTime) })}
          </p>
        ),
        submit: {
          label: submitting ? t('groupBuy.checkout.submitting') : t('groupBuy.checkout.submit'),
          disabled: locked || needsAddress || max === 0 || count !== result.prodCount,
          describedBy: needsAddress ? 'group-needs-address' : undefined,
          onClick: () => void submit(),
        },
      }}
    />
  );
}

