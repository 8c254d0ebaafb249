import { useState } from 'react';
import { Link, data, useRevalidator, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/return-detail';
import type { Language } from '@bazaar/shared/constants/limits';
import { APPLY_TYPE, REFUND_SETTLE_STATUS, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import { DeliveryCompanySchema } from '@bazaar/shared/schemas/logistics';
import { RefundDetailSchema, type RefundDetail } from '@bazaar/shared/schemas/refund';
import { PLATFORM_DECIDED, PLATFORM_REQUESTED, REFUND_DESC_MAX } from '../features/aftersale/limits.ts';
import type { RootData } from '../root.tsx';
import { api, ApiError } from '../lib/api.ts';
import { formatYuan } from '../lib/format.ts';
import { splitCountdown, useCountdown } from '../lib/countdown.ts';
import { useFormSubmit } from '../lib/use-form-submit.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { FormError } from '../components/ui/form-error.tsx';
import { Price } from '../components/ui/price.tsx';
import { showToast } from '../components/ui/toast.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { ExpressForm } from '../features/aftersale/express-form.tsx';
import { RefundItems } from '../features/aftersale/refund-items.tsx';
import { RefundFacts, RefundPhotos } from '../features/aftersale/refund-facts.tsx';
import { editReturnPath } from '../features/aftersale/paths.ts';
import { refundStatusKey, refundSteps } from '../features/aftersale/refund-state.ts';
import '../features/order/order.css';
import '../features/aftersale/aftersale.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'aftersale.detail.title' });
}

/** /return-detail?refundSn=: an unknown or someone else's request is a 404 message. The couriers come along for the waybill form. */
export async function loader({ request }: Route.LoaderArgs) {
  const refundSn = new URL(request.url).searchParams.get('refundSn') ?? '';
  const missing = () => data({ loggedIn: true, refund: null, couriers: [] }, { status: 404 });
  if (!/^\d{1,20}$/.test(refundSn)) return missing();
  try {
    const loaded = await fetchAsUser(request, async (ctx) => {
      const refund = await api('/p/orderRefund/info', { ...ctx, query: { refundSn }, schema: RefundDetailSchema });
      const couriers = refund.canSubmitExpress || refund.canEditExpress ? await api('/p/delivery/list', { ...ctx, schema: DeliveryCompanySchema.array() }) : [];
      return { refund, couriers };
    });
    return loaded ? { loggedIn: true, ...loaded } : { loggedIn: false, refund: null, couriers: [] };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return missing();
    throw error;
  }
}

export default function ReturnDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (!root?.isLoggedIn || !loaderData.loggedIn) return <UserCenterSignIn />;
  const { refund, couriers } = loaderData;
  if (!refund) {
    return (
      <div className="container page-section">
        <section className="card message-panel" aria-labelledby="refund-missing-title">
          <h1 id="refund-missing-title" className="message-panel__title">
            {t('aftersale.detail.missing.title')}
          </h1>
          <p className="message-panel__text">{t('aftersale.detail.missing.text')}</p>
          <Link className={buttonClass({ variant: 'secondary' })} to="/user-center/uc-return">
            {t('aftersale.detail.back')}
          </Link>
        </section>
      </div>
    );
  }
  return <ReturnDetailView key={`${refund.refundSn}-${refund.returnMoneySts}`} refund={refund} couriers={couriers} />;
}

function RefundStepsBar({ refund }: { refund: RefundDetail }) {
  const { t } = useTranslation();
  const steps = refundSteps(refund);
  const current = steps.filter((s) => s.reached).length - 1;
  return (
    <ol className="order-steps" aria-label={t('aftersale.detail.stepsLabel')}>
      {steps.map(({ step, reached, time }, i) => (
        <li key={step} className={`order-steps__step${reached ? ' order-steps__step--done' : ''}`} aria-current={i === current ? 'step' : undefined}>
          <span className="order-steps__dot" aria-hidden="true">
            {i + 1}
          </span>
          <span className="order-steps__name">{t(`aftersale.detail.steps.${step}`)}</span>
          <span className="order-steps__time">{time ?? ''}</span>
        </li>
      ))}
    </ol>
  );
}

/** The current step's deadline, ticking, and what happens when it passes. */
function Deadline({ refund }: { refund: RefundDetail }) {
  const { t } = useTranslation();
  const left = useCountdown(refund.deadline);
  if (!refund.deadline || !refund.deadlineAction) return null;
  let text = refund.deadline;
  if (left !== null) {
    const { days, clock } = splitCountdown(left);
    text = left <= 0 ? t('aftersale.detail.deadline.passed') : days > 0 ? t('aftersale.detail.deadline.leftDays', { days, time: clock }) : t('aftersale.detail.deadline.left', { time: clock });
  }
  return (
    <div className="refund-deadline" data-testid="refund-deadline">
      <p className="refund-deadline__time">
        <span className="refund-deadline__label">{t('aftersale.detail.deadline.title')}: </span>
        <time dateTime={refund.deadline}>{text}</time>
      </p>
      <p className="refund-deadline__outcome">{t(`aftersale.detail.deadline.outcome.${refund.deadlineAction}`)}</p>
    </div>
  );
}

/** The note under the headline: the platform's decision is said to be the platform's. */
function waitingKeyOf(refund: RefundDetail): string {
  const s = refund.returnMoneySts;
  const isReturn = refund.applyType === APPLY_TYPE.returnAndRefund;
  if (refund.platformStatus === PLATFORM_DECIDED) {
    if (s === REFUND_STATUS.accepted) return isReturn ? 'platformReturn' : 'platformRefund';
    if (s === REFUND_STATUS.sellerReceived) return 'platformRefund';
    if (s === REFUND_STATUS.closed) return 'platformClose';
  }
  return s === REFUND_STATUS.accepted ? (isReturn ? '2return' : '2refund') : String(s);
}

/** What a refused request still allows, as the API offers it (null: nothing more to say). */
function refusedNextKey(refund: RefundDetail): 'both' | 'edit' | 'platform' | 'otherOpen' | null {
  if (refund.canEdit && refund.canApplyPlatform) return 'both';
  if (refund.canEdit) return 'edit';
  if (refund.canApplyPlatform) return 'platform';
  return refund.otherOpenRequest ? 'otherOpen' : null;
}

function ReturnDetailView({ refund, couriers }: { refund: RefundDetail; couriers: Array<{ dvyId: number; dvyName: string }> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const revalidator = useRevalidator();
  const [withdrawing, setWithdrawing] = useState(false);
  const [intervening, setIntervening] = useState(false);
  const [editingExpress, setEditingExpress] = useState(false);
  const [busy, setBusy] = useState(false);
  const s = refund.returnMoneySts;
  const isReturn = refund.applyType === APPLY_TYPE.returnAndRefund;
  const waitingKey = waitingKeyOf(refund);
  const refusedNext = s === REFUND_STATUS.refused ? refusedNextKey(refund) : null;
  const d = refund.delivery;
  const showAddress = isReturn && d?.receiverAddr && [REFUND_STATUS.accepted, REFUND_STATUS.buyerShipped, REFUND_STATUS.sellerReceived].includes(s as 2 | 3 | 4);

  async function withdraw() {
    setWithdrawing(false);
    if (busy) return;
    setBusy(true);
    try {
      await api('/p/orderRefund/cancel', { method: 'PUT', body: { refundSn: refund.refundSn } });
      showToast(t('aftersale.detail.withdrawn'), { kind: 'success' });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
      await revalidator.revalidate();
    }
  }

  return (
    <div className="container page-section order-detail return-detail">
      <nav className="breadcrumb" aria-label={t('aftersale.detail.title')}>
        <Link to="/user-center/uc-return">{t('aftersale.list.title')}</Link>
        <span aria-hidden="true"> / </span>
        <span>{t('aftersale.detail.title')}</span>
      </nav>

      <section className="card order-detail__status" aria-labelledby="refund-status-title">
        <div className="order-detail__summary">
          <p className="order-detail__number">
            {t('aftersale.detail.refundSn')}: <span data-testid="refund-sn">{refund.refundSn}</span>
          </p>
          <h1 id="refund-status-title" className="order-detail__state" data-testid="refund-status">
            {t(refundStatusKey(s, refund.applyType, refund.platformStatus))}
          </h1>
          <p className="order-detail__note" data-testid="refund-waiting">
            {t(`aftersale.detail.waiting.${waitingKey}`)}
            {refusedNext ? ` ${t(`aftersale.detail.refusedNext.${refusedNext}`)}` : null}
          </p>
          {refund.settleStatus === REFUND_SETTLE_STATUS.refunding || refund.settleStatus === REFUND_SETTLE_STATUS.failing ? <p className="order-detail__note">{t('aftersale.detail.refunding')}</p> : null}
          {refund.platformStatus === PLATFORM_REQUESTED ? <p className="order-detail__note">{t('aftersale.detail.intervene.requested')}</p> : null}
          <Deadline refund={refund} />
          <div className="order-actions">
            {refund.canSubmitExpress ? (
              <a className={buttonClass({ size: 'sm' })} href="#return-express">
                {t('aftersale.detail.actions.ship')}
              </a>
            ) : null}
            {refund.canEditExpress && !editingExpress ? (
              <Button size="sm" onClick={() => setEditingExpress(true)}>
                {t('aftersale.detail.actions.editExpress')}
              </Button>
            ) : null}
            {refund.canEdit ? (
              <Link className={buttonClass({ size: 'sm' })} to={editReturnPath(refund.refundSn)}>
                {t('aftersale.detail.actions.edit')}
              </Link>
            ) : null}
            {refund.canApplyPlatform ? (
              <Button size="sm" variant="secondary" onClick={() => setIntervening(true)}>
                {t('aftersale.detail.actions.intervene')}
              </Button>
            ) : null}
            {refund.canCancel ? (
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => setWithdrawing(true)}>
                {t('aftersale.detail.actions.withdraw')}
              </Button>
            ) : null}
            <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to={`/order-detail?orderNumber=${refund.orderNumber}`}>
              {t('aftersale.detail.actions.toOrder')}
            </Link>
          </div>
        </div>
        <RefundStepsBar refund={refund} />
      </section>

      {showAddress && d ? (
        <section className="card order-detail__section" aria-labelledby="refund-address-title">
          <h2 id="refund-address-title" className="order-detail__title">
            {t('aftersale.detail.address.title')}
          </h2>
          <RefundFacts
            testId="return-address"
            facts={[
              { label: t('aftersale.detail.address.receiver'), value: d.receiverName },
              { label: t('aftersale.detail.address.mobile'), value: d.receiverMobile },
              { label: t('aftersale.detail.address.addr'), value: d.receiverAddr },
            ]}
          />
          <p className="order-detail__note">{t('aftersale.detail.address.note')}</p>
        </section>
      ) : null}

      {refund.canSubmitExpress || (d?.dvyFlowId && isReturn) ? (
        <section id="return-express" className="card order-detail__section" aria-labelledby="refund-express-title">
          <h2 id="refund-express-title" className="order-detail__title">
            {t('aftersale.detail.express.title')}
          </h2>
          {refund.canSubmitExpress || (editingExpress && refund.canEditExpress) ? (
            <ExpressForm
              key={refund.canSubmitExpress ? 'new' : 'edit'}
              refundSn={refund.refundSn}
              couriers={couriers}
              current={d}
              defaultMobile={refund.buyerMobile ?? ''}
              editing={!refund.canSubmitExpress}
              onCancel={refund.canSubmitExpress ? undefined : () => setEditingExpress(false)}
              onDone={() => {
                setEditingExpress(false);
                showToast(t(refund.canSubmitExpress ? 'aftersale.detail.express.submitted' : 'aftersale.detail.express.saved'), { kind: 'success' });
                void revalidator.revalidate();
              }}
            />
          ) : d ? (
            <RefundFacts
              testId="return-waybill"
              facts={[
                { label: t('aftersale.detail.express.company'), value: d.dvyName },
                { label: t('aftersale.detail.express.number'), value: d.dvyFlowId },
                { label: t('aftersale.detail.express.mobile'), value: d.senderMobile },
                !!d.senderRemarks && { label: t('aftersale.detail.express.remarks'), value: d.senderRemarks },
                d.imgs.length > 0 && { label: t('aftersale.detail.express.images'), value: <RefundPhotos srcs={d.imgs} />, className: 'refund-photos' },
              ]}
            />
          ) : null}
        </section>
      ) : null}

      <section className="card order-detail__section" aria-labelledby="refund-info-title">
        <h2 id="refund-info-title" className="order-detail__title">
          {t('aftersale.detail.info.title')}
        </h2>
        <RefundItems items={refund.items} goodsNum={refund.goodsNum} />
        <RefundFacts
          facts={[
            { label: t('aftersale.detail.orderNumber'), value: <Link to={`/order-detail?orderNumber=${refund.orderNumber}`}>{refund.orderNumber}</Link> },
            { label: t('aftersale.detail.info.applyType'), value: t(`aftersale.applyType.${refund.applyType}`) },
            { label: t('aftersale.detail.info.cargo'), value: t(`aftersale.cargo.${refund.isReceiver ? 1 : 0}`) },
            { label: t('aftersale.detail.info.reason'), value: t(`aftersale.reasons.${refund.buyerReason}`) },
            { label: t('aftersale.detail.info.goodsNum'), value: refund.goodsNum },
            {
              label: t('aftersale.detail.info.amount'),
              testId: 'refund-amount',
              value: (
                <>
                  <Price fen={refund.refundAmount} />
                  {refund.freightAmount > 0 && refund.refundAmount > refund.maxRefundAmount - refund.freightAmount ? t('aftersale.detail.info.freightIncluded', { freight: formatYuan(refund.freightAmount, lang) }) : null}
                </>
              ),
            },
            { label: t('aftersale.detail.info.mobile'), value: refund.buyerMobile ?? t('aftersale.detail.info.none') },
            { label: t('aftersale.detail.info.desc'), value: refund.buyerDesc || t('aftersale.detail.info.none'), className: 'order-detail__remarks' },
            refund.photoFiles.length > 0 && { label: t('aftersale.detail.info.vouchers'), value: <RefundPhotos srcs={refund.photoFiles} />, className: 'refund-photos' },
            { label: t('aftersale.detail.info.applyTime'), value: refund.applyTime },
            !!refund.sellerMsg && {
              label: t(s === REFUND_STATUS.refused ? 'aftersale.detail.info.refuseReason' : 'aftersale.detail.info.sellerMsg'),
              value: refund.sellerMsg,
              testId: 'seller-msg',
            },
            !!refund.platformReason && { label: t('aftersale.detail.info.platformMsg'), value: refund.platformReason },
          ]}
        />
      </section>

      <section className="card order-detail__section" aria-labelledby="refund-history-title">
        <h2 id="refund-history-title" className="order-detail__title">
          {t('aftersale.detail.history.title')}
        </h2>
        {refund.history.length === 0 ? (
          <p className="order-detail__note">{t('aftersale.detail.history.empty')}</p>
        ) : (
          <ol className="refund-history" data-testid="refund-history">
            {[...refund.history].reverse().map((h) => (
              <li key={h.id} className={`refund-history__item refund-history__item--${h.actor}`}>
                <span className="refund-history__who">{t(`aftersale.detail.history.actors.${h.actor}`)}</span>
                <span className="refund-history__what">{t(`aftersale.history.${h.action}`)}</span>
                <time className="refund-history__when">{h.createTime}</time>
                {h.note ? <p className="refund-history__note">{h.note}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <Dialog open={withdrawing} onClose={() => setWithdrawing(false)} title={t('aftersale.detail.withdrawConfirm.title')}>
        <div className="confirm">
          <p>{t('aftersale.detail.withdrawConfirm.body')}</p>
          <div className="order-dialog__actions">
            <Button variant="secondary" onClick={() => setWithdrawing(false)}>
              {t('aftersale.detail.withdrawConfirm.back')}
            </Button>
            <Button onClick={() => void withdraw()}>{t('aftersale.detail.withdrawConfirm.confirm')}</Button>
          </div>
        </div>
      </Dialog>
      <Dialog open={intervening} onClose={() => setIntervening(false)} title={t('aftersale.detail.intervene.title')}>
        <InterveneForm
          refundSn={refund.refundSn}
          onCancel={() => setIntervening(false)}
          onDone={() => {
            setIntervening(false);
            showToast(t('aftersale.detail.intervene.done'), { kind: 'success' });
            void revalidator.revalidate();
          }}
        />
      </Dialog>
    </div>
  );
}

/** Asking the platform to step in after a refusal: a reason, up to 200 characters. */
function InterveneForm({ refundSn, onCancel, onDone }: { refundSn: string; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { errors, busy, submit } = useFormSubmit<'reason'>();
  return (
    <form
      className="aftersale-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = reason.trim();
        const problems = trimmed === '' ? { reason: t('aftersale.detail.intervene.reasonRequired') } : trimmed.length > REFUND_DESC_MAX ? { reason: t('aftersale.detail.intervene.reasonTooLong', { max: REFUND_DESC_MAX }) } : {};
        void submit(
          async () => {
            await api('/p/orderRefund/applyPlatform', { method: 'POST', body: { refundSn, reason: trimmed }, silent: true });
            onDone();
          },
          { problems, field: 'reason' },
        );
      }}
    >
      <div className={`field${errors.reason ? ' field--invalid' : ''}`}>
        <label htmlFor="intervene-reason" className="field__label">
          {t('aftersale.detail.intervene.reason')}
        </label>
        <div className="counted-box">
          <textarea
            id="intervene-reason"
            className="field__input counted-box__textarea"
            rows={4}
            value={reason}
            placeholder={t('aftersale.detail.intervene.placeholder')}
            aria-describedby="intervene-reason-count"
            onChange={(e) => setReason(e.target.value)}
          />
          <span id="intervene-reason-count" className={`counted-box__counter${reason.length > REFUND_DESC_MAX ? ' counted-box__counter--over' : ''}`} aria-live="polite">
            {t('aftersale.apply.counter', { count: reason.length, max: REFUND_DESC_MAX })}
          </span>
        </div>
        <FormError message={errors.reason} />
      </div>
      <div className="order-dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('aftersale.detail.intervene.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('aftersale.detail.intervene.submit')}
        </Button>
      </div>
    </form>
  );
}
