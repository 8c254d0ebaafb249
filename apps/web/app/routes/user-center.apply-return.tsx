import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.apply-return';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { REFUND_STATUS, REFUND_TYPE } from '@bazaar/shared/constants/refund';
import { RefundApplyInfoSchema, RefundDetailSchema, type RefundApplyInfo, type RefundDetail, type RefundEditLimits, type RefundListItem } from '@bazaar/shared/schemas/refund';
import type { RootData } from '../root.tsx';
import { api, apiData, ApiError } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { showToast } from '../components/ui/toast.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { ApplyForm, type ApplyInitial, type ApplyLimitsInfo, type ApplyValues } from '../features/aftersale/apply-form.tsx';
import { RefundItems } from '../features/aftersale/refund-items.tsx';
import { returnDetailPath } from '../features/aftersale/paths.ts';
import '../features/order/order.css';
import '../features/aftersale/aftersale.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'aftersale.apply.title' });
}

type Loaded =
  | { mode: 'apply'; info: RefundApplyInfo }
  | { mode: 'edit'; detail: RefundDetail; editLimits: RefundEditLimits }
  | { mode: 'notAllowed'; orderNumber: string | null }
  | { mode: 'notEditable'; refundSn: string };

/**
 * /user-center/apply-return?orderNumber=&orderItemId= (no item: the whole order) asks the API what
 * may be applied for; ?refundSn= edits a refused request to resubmit it. What the API refuses (not
 * eligible, not the shopper's) is a message, not an error page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const refundSn = params.get('refundSn') ?? '';
  const orderNumber = params.get('orderNumber') ?? '';
  const orderItemId = Number(params.get('orderItemId') ?? 0);
  const loaded = await fetchAsUser(request, async (ctx): Promise<Loaded> => {
    try {
      if (refundSn) {
        if (!/^\d{1,20}$/.test(refundSn)) return { mode: 'notEditable', refundSn };
        const detail = await api('/p/orderRefund/info', { ...ctx, query: { refundSn }, schema: RefundDetailSchema });
        return detail.canEdit && detail.editLimits ? { mode: 'edit', detail, editLimits: detail.editLimits } : { mode: 'notEditable', refundSn };
      }
      if (!/^\d{1,20}$/.test(orderNumber) || !Number.isInteger(orderItemId) || orderItemId < 0) return { mode: 'notAllowed', orderNumber: null };
      const info = await api('/p/orderRefund/applyInfo', { ...ctx, query: { orderNumber, orderItemId }, schema: RefundApplyInfoSchema });
      return { mode: 'apply', info };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return refundSn ? { mode: 'notEditable', refundSn } : { mode: 'notAllowed', orderNumber };
      throw error;
    }
  });
  return { loaded };
}

/**
 * The form's limits from the API: applyInfo's for a new request, the detail's editLimits (the same
 * computation, the request itself left out) for an edit, so both offer the same ceilings.
 */
function limitsOf(info: RefundEditLimits & Pick<RefundApplyInfo, 'orderStatus' | 'refundType'>): ApplyLimitsInfo {
  const shipped = info.orderStatus === ORDER_STATUS.shipped || info.orderStatus === ORDER_STATUS.completed;
  return {
    maxGoodsNum: info.maxGoodsNum,
    maxRefundAmount: info.maxRefundAmount,
    unitAmount: info.unitAmount,
    freightAmount: info.isLastItem ? info.freightAmount : 0,
    applyTypes: info.applyTypes,
    reasons: info.reasons,
    isReceiver: info.isReceiver,
    canChooseCargo: shipped,
    wholeOrder: info.refundType === REFUND_TYPE.order,
  };
}

/**
 * The new request's number. The API answers it as plain text, which the client reads as JSON: a
 * 19-digit number loses its last digits, so it is only trusted as a string; otherwise the newest
 * request of this order line (the list is newest first) is the one just made.
 */
async function newRefundSn(answer: unknown, orderNumber: string, orderItemId: number): Promise<string | null> {
  if (typeof answer === 'string' && /^\d{1,20}$/.test(answer)) return answer;
  const page = await apiData<{ records: RefundListItem[] }>('/p/orderRefund/list', { query: { current: 1, size: 10 } });
  return page.records.find((r) => r.orderNumber === orderNumber && r.orderItemId === orderItemId)?.refundSn ?? null;
}

export default function ApplyReturn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRouteLoaderData<RootData>('root');
  const { loaded } = loaderData;
  if (!root?.user || !loaded) return null;

  if (loaded.mode === 'notAllowed' || loaded.mode === 'notEditable') {
    const key = loaded.mode === 'notAllowed' ? 'aftersale.apply.notAllowed' : 'aftersale.apply.notEditable';
    return (
      <section className="card uc-panel message-panel" aria-labelledby="apply-return-missing">
        <h1 id="apply-return-missing" className="message-panel__title">
          {t(`${key}.title`)}
        </h1>
        <p className="message-panel__text">{t(`${key}.text`)}</p>
        {loaded.mode === 'notEditable' ? (
          <Link className={buttonClass({ variant: 'secondary' })} to={returnDetailPath(loaded.refundSn)}>
            {t('aftersale.detail.title')}
          </Link>
        ) : (
          <Link className={buttonClass({ variant: 'secondary' })} to={loaded.orderNumber ? `/order-detail?orderNumber=${loaded.orderNumber}` : '/user-center/uc-order'}>
            {t('aftersale.apply.back')}
          </Link>
        )}
      </section>
    );
  }

  if (loaded.mode === 'edit') {
    const d = loaded.detail;
    const limits = limitsOf({ ...loaded.editLimits, orderStatus: d.orderStatus, refundType: d.refundType });
    const initial: ApplyInitial = {
      applyType: d.applyType,
      isReceiver: d.isReceiver,
      buyerReason: d.buyerReason,
      // A whole order takes every piece left; an item keeps its count while that many are left.
      goodsNum: limits.wholeOrder ? limits.maxGoodsNum : Math.min(d.goodsNum, limits.maxGoodsNum),
      refundAmount: d.refundAmount,
      buyerMobile: d.buyerMobile ?? '',
      buyerDesc: d.buyerDesc,
      photoFiles: d.photoFiles,
    };
    const send = async (values: ApplyValues) => {
      await api('/p/orderRefund/update_refund', { method: 'POST', body: { refundSn: d.refundSn, ...values }, silent: true });
      showToast(t('aftersale.apply.resubmitted'), { kind: 'success' });
      await navigate(returnDetailPath(d.refundSn));
    };
    return (
      <section className="card uc-panel aftersale-apply" aria-labelledby="apply-return-title">
        <h1 id="apply-return-title" className="uc-panel__title">
          {t('aftersale.apply.editTitle')}
        </h1>
        <p className="aftersale-apply__order">{t('aftersale.apply.orderNumber', { number: d.orderNumber })}</p>
        {d.returnMoneySts === REFUND_STATUS.refused && d.sellerMsg ? (
          <p className="aftersale-apply__refused">
            {t('aftersale.detail.info.refuseReason')}: {d.sellerMsg}
          </p>
        ) : null}
        <RefundItems items={d.items} />
        <ApplyForm limits={limits} initial={initial} submitLabel={t('aftersale.apply.resubmit')} send={send} />
      </section>
    );
  }

  const info = loaded.info;
  const limits = limitsOf(info);
  const initial: ApplyInitial = {
    applyType: null,
    isReceiver: info.isReceiver,
    buyerReason: null,
    goodsNum: info.maxGoodsNum,
    refundAmount: null,
    buyerMobile: info.mobile ?? '',
    buyerDesc: '',
    photoFiles: [],
  };
  const send = async (values: ApplyValues) => {
    const body = { orderNumber: info.orderNumber, refundType: info.refundType, orderItemId: info.orderItemId, ...values };
    const sn = await newRefundSn(await api('/p/orderRefund/apply', { method: 'POST', body, silent: true }), info.orderNumber, info.orderItemId);
    showToast(t('aftersale.apply.submitted'), { kind: 'success' });
    await navigate(sn ? returnDetailPath(sn) : '/user-center/uc-return');
  };
  return (
    <section className="card uc-panel aftersale-apply" aria-labelledby="apply-return-title">
      <h1 id="apply-return-title" className="uc-panel__title">
        {t('aftersale.apply.title')}
      </h1>
      <p className="aftersale-apply__order">
        {t('aftersale.apply.orderNumber', { number: info.orderNumber })}
        {info.refundType === REFUND_TYPE.order ? <span className="aftersale-apply__whole"> · {t('aftersale.apply.wholeOrder')}</span> : null}
      </p>
      <RefundItems items={info.items} />
      <ApplyForm limits={limits} initial={initial} submitLabel={t('aftersale.apply.submit')} send={send} />
    </section>
  );
}
