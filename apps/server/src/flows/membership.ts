// Paid membership and its levels (issue 12, reference 2.9 and 5.9, decision 047): the levels with
// their benefits, prices and exclusive coupons; the member center's head; buying a period by
// Alipay, WeChat or balance (payEntry 2); its settlement, once, through the payment notice flow;
// the nightly return of expired members; and the staff pages. Spans the member module, the
// wallet (growth, balance), payments and the promotion module's coupons.
import type { Language } from '@bazaar/shared/constants/limits';
import { DISCOUNT_RANGE, LEVEL_TYPE, MEMBER_EXPIRING_SOON_DAYS, MEMBER_LEVELS_MAX, type TermType } from '@bazaar/shared/constants/member';
import { SHOP_TYPE } from '@bazaar/shared/constants/shop-status';
import { PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { AdminLevel, AdminLevelValues, MemberInfo, MemberLevel, MemberSettings, PayLevelInput } from '@bazaar/shared/schemas/member';
import type { SetUserInfoInput, UserInfo } from '@bazaar/shared/schemas/account';
import type { ScoreInfo } from '@bazaar/shared/schemas/points';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { MemberPricing } from '../modules/pricing/types.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { invalid } from '../lib/app-error.ts';
import { scheduleJob, type JobHandler } from '../lib/jobs.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import * as account from '../modules/account/service.ts';
import { createContentService } from '../modules/content/service.ts';
import * as levels from '../modules/member/levels.ts';
import * as membership from '../modules/member/membership.ts';
import * as repo from '../modules/payment/repository.ts';
import { createPaymentService, paymentErrors, type Log } from '../modules/payment/service.ts';
import { issueLevelCoupons, listLevelCoupons } from '../modules/promotion/member-coupons.ts';
import { chinaDay, nextChinaMidnight, chinaMidnight } from '../modules/wallet/china-day.ts';
import { getScoreInfo } from '../modules/wallet/points-service.ts';
import { BALANCE_LOG_TYPE, balanceOf, debitForPayment, userGrowth } from '../modules/wallet/service.ts';
import { fenToYuan } from '../providers/payment/payment-provider.ts';
import type { Settlement } from './payment-notice.ts';
import { staffChange } from './staff-change.ts';
import { localized } from '../lib/localized.ts';

/** Where the shopper comes back to after paying: the member center, with the payNo. */
export const MEMBERSHIP_RETURN_PATH = '/member-center/member-center';
/** The nightly run (00:00 GMT+8) that returns expired members to their growth level. */
export const MEMBERSHIP_EXPIRY_JOB = 'member.expire';

export const memberErrors = {
  levelNotFound: () => invalid('member.errors.levelNotFound'),
  termNotSold: () => invalid('member.errors.termNotSold'),
  lowerLevel: (name: string) => invalid('member.errors.lowerLevel', { level: name }),
  rankTaken: () => invalid('member.errors.rankTaken'),
  typeFixed: () => invalid('member.errors.typeFixed'),
  tooMany: () => invalid('member.errors.tooMany'),
};

const levelName = (l: levels.LevelRow, lang: Language) => localized(lang, l.nameZh, l.nameEn);

function basePrice(r: levels.LevelWithPrices): { needAmount: number | null; term: number | null; termType: number | null } {
  const base = r.levelType === LEVEL_TYPE.paid ? r.prices[0] : undefined;
  return base ? { needAmount: base.price, term: 1, termType: base.termType } : { needAmount: null, term: null, termType: null };
}

/** GET /p/score/scoreLevel/page: one type's levels (on) with benefits, prices and exclusive coupons. */
export async function listMemberLevels(ctx: AppContext, levelType: number, lang: Language): Promise<MemberLevel[]> {
  const rows = await levels.listLevels(ctx.db, { levelType });
  const coupons = levelType === LEVEL_TYPE.paid ? await listLevelCoupons(ctx.db, rows.map((r) => r.id), ctx.now()) : [];
  return rows.map((r) => ({
    id: r.id,
    levelType: r.levelType,
    level: r.level,
    levelName: levelName(r, lang),
    needGrowth: r.needGrowth,
    discount: r.discount !== null && r.discount < 10 ? r.discount : null,
    discountRange: r.discountRange,
    rateScore: r.rateScore,
    isFreeFee: r.isFreeFee,
    // Reference 2.9: a paid level's base price is its shortest period sold (one term of it); null for growth levels.
    ...basePrice(r),
    prices: r.prices,
    couponList: coupons
      .filter((c) => c.levelId === r.id)
      .map((c) => ({
        couponId: c.couponId,
        couponName: localized(lang, c.nameZh, c.nameEn),
        couponType: c.couponType,
        cashCondition: c.cashCondition,
        reduceAmount: c.reduceAmount,
        couponDiscount: c.couponDiscount,
        shopId: c.shopId,
      })),
  }));
}

const ref = (l: levels.LevelRow, lang: Language) => ({ id: l.id, level: l.level, levelName: levelName(l, lang) });

/** GET /p/member/info: my levels, growth and the next level, the benefits that apply, the paid expiry. */
export async function memberInfo(ctx: AppContext, userId: string, lang: Language): Promise<MemberInfo> {
  const now = ctx.now();
  const [state, rule] = await Promise.all([membership.readMemberState(ctx.db, userId, now, userGrowth), levels.readMemberSettings(ctx.db)]);
  const benefits = membership.benefitsOf(state);
  return {
    growth: state.growth,
    growthFenPerPoint: rule.growthFenPerPoint,
    growthLevel: state.growthLevel ? ref(state.growthLevel, lang) : null,
    nextGrowthLevel: state.nextGrowthLevel ? { ...ref(state.nextGrowthLevel, lang), needGrowth: state.nextGrowthLevel.needGrowth, missing: state.nextGrowthLevel.needGrowth - state.growth } : null,
    paidLevel: state.paid ? ref(state.paid, lang) : null,
    vipEndTime: state.vipEndTime ? formatApiTime(state.vipEndTime) : null,
    expiringSoon: state.vipEndTime !== null && state.vipEndTime.getTime() - now.getTime() <= MEMBER_EXPIRING_SOON_DAYS * 86_400_000,
    benefits: {
      levelName: benefits.levelId === null ? null : localized(lang, benefits.levelNameZh, benefits.levelNameEn),
      discount: benefits.discount,
      discountRange: benefits.discountRange,
      rateScore: benefits.rateScore,
      isFreeFee: benefits.isFreeFee,
    },
  };
}

/** The level fields of GET /p/user/userInfo (reference 2.1): the running paid level, else the growth level (one statement). */
export async function memberLevelOf(ctx: AppContext, userId: string, lang: Language): Promise<{ level: number; levelType: number; levelName: string | null; vipEndTime: string | null; growth: number }> {
  const m = await membership.readMemberLevel(ctx.db, userId, ctx.now(), userGrowth);
  return {
    level: m.level,
    levelType: m.levelType,
    levelName: m.nameZh === null ? null : localized(lang, m.nameZh, m.nameEn),
    vipEndTime: m.vipEndTime ? formatApiTime(m.vipEndTime) : null,
    growth: m.growth,
  };
}

/** GET /p/user/userInfo: the account's profile with the level fields. */
export async function userInfoWithLevel(ctx: AppContext, userId: string, lang: Language): Promise<UserInfo> {
  const [profile, { growth: _growth, ...level }] = await Promise.all([account.getUserInfo(ctx, userId), memberLevelOf(ctx, userId, lang)]);
  return { ...profile, ...level };
}

/** PUT /p/user/setUserInfo: the saved profile, answered like userInfo. */
export async function saveUserInfo(ctx: AppContext, userId: string, input: SetUserInfoInput, lang: Language): Promise<UserInfo> {
  const profile = await account.setUserInfo(ctx, userId, input);
  const { growth: _growth, ...level } = await memberLevelOf(ctx, userId, lang);
  return { ...profile, ...level };
}

/** GET /p/score/scoreInfo: the points module's answer with my growth and the applying level's name (reference 2.9). */
export async function scoreInfoWithLevel(ctx: AppContext, userId: string, lang: Language): Promise<ScoreInfo> {
  const [info, level] = await Promise.all([getScoreInfo(ctx, userId), memberLevelOf(ctx, userId, lang)]);
  return { ...info, growth: level.growth, levelName: level.levelName };
}

/** The benefits that apply to the shopper now (checkout, receipt). */
export function memberBenefitsOf(db: AppContext['db'] | Tx, userId: string, now: Date): Promise<membership.MemberBenefits> {
  return membership.memberBenefits(db, userId, now, userGrowth);
}

/**
 * The checkout's member input (decision 047): the level's discount as percent paid, its range,
 * free shipping, and which of the checkout's shops are self-run (from the lines' shop cards).
 */
export async function memberPricing(
  ctx: AppContext,
  userId: string,
  shops: Array<{ shopId: number; shopType: number }>,
  lang: Language,
): Promise<{ pricing: MemberPricing; levelName: string } | undefined> {
  const b = await membership.memberBenefits(ctx.db, userId, ctx.now(), userGrowth);
  if (b.levelId === null || (b.discount === null && !b.isFreeFee)) return undefined;
  return {
    levelName: localized(lang, b.levelNameZh, b.levelNameEn),
    pricing: {
      rate: b.discount === null ? 100 : Math.round(b.discount * 100) / 10,
      selfRunOnly: b.discountRange === DISCOUNT_RANGE.selfRun,
      freeShipping: b.isFreeFee,
      selfRunShopIds: [...new Set(shops.filter((s) => s.shopType === SHOP_TYPE.selfRun).map((s) => s.shopId))],
    },
  };
}

/**
 * POST /p/level/payLevel: a paid level for one period. Balance pays at once in one transaction
 * (the debit, the purchase and its settlement); Alipay and WeChat answer the form or the QR link,
 * and the gateway's notification settles it (settleMembership).
 */
export async function buyMembership(ctx: AppContext, userId: string, input: PayLevelInput, webOrigin: string, lang: Language, log: Log): Promise<{ payNo: string; form?: string; codeUrl?: string }> {
  const switches = await createContentService(ctx).paySwitch();
  const enabled = { [PAY_TYPE.alipay]: switches.aliPaySwitch, [PAY_TYPE.wechat]: switches.wxPaySwitch, [PAY_TYPE.balance]: switches.balancePaySwitch }[input.payType];
  if (!enabled) throw paymentErrors.disabled();
  const offer = await levels.findOffer(ctx.db, { levelId: input.id, termType: input.termType as TermType });
  if (!offer) throw (await levels.findLevel(ctx.db, input.id))?.levelType === LEVEL_TYPE.paid ? memberErrors.termNotSold() : memberErrors.levelNotFound();
  const now = ctx.now();
  const state = await membership.readMemberState(ctx.db, userId, now, userGrowth);
  if (!membership.mayBuy(state, offer.level)) throw memberErrors.lowerLevel(levelName(state.paid!, lang));
  const payments = createPaymentService(ctx);
  const payNo = nextSerialNumber(now.getTime());
  const payment = repo.newPayment(
    {
      payNo,
      userId,
      payEntry: PAY_ENTRY.membership,
      payType: input.payType,
      amount: offer.price,
      returnUrl: input.payType === PAY_TYPE.balance ? null : payments.returnUrlFor(webOrigin, input.returnUrl ?? MEMBERSHIP_RETURN_PATH, payNo),
      expiresAt: new Date(now.getTime() + ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000),
    },
    now,
  );
  const purchase = { userId, levelId: offer.level.id, termType: input.termType as TermType, amount: offer.price, payNo, payType: input.payType, now };
  if (input.payType === PAY_TYPE.balance) {
    await ctx.db.transaction(async (tx) => {
      payment.bizId = String(await membership.recordUnpaidPurchase(tx, purchase));
      if (!(await debitForPayment(tx, { userId, amount: offer.price, payNo, bizId: payment.bizId, now, type: BALANCE_LOG_TYPE.membership }))) {
        throw invalid('payment.errors.insufficientBalance', { balance: fenToYuan(await balanceOf(tx, userId)) });
      }
      await repo.insertPayment(tx, payment);
      const applied = await applyPaidPurchase(tx, payment, now);
      // A higher level bought in parallel: nothing of this purchase stays, the balance included.
      // The message names the level that won (now committed and visible to this statement).
      if (applied.kind !== 'applied') {
        const running = (await membership.readMemberState(tx, userId, now, userGrowth)).paid;
        throw memberErrors.lowerLevel(levelName(running ?? offer.level, lang));
      }
    });
    return { payNo };
  }
  await ctx.db.transaction(async (tx) => {
    payment.bizId = String(await membership.recordUnpaidPurchase(tx, purchase));
    await repo.insertPayment(tx, payment);
  });
  const provider = payments.providerFor(input.payType)!;
  const started = await payments.startProviderPayment(provider, payment, payments.subjectOf([], PAY_ENTRY.membership), log);
  return { payNo, ...started };
}

/** The payment moves to paid, then the purchase applies once, with the level's coupons. */
async function applyPaidPurchase(tx: Tx, payment: repo.PaymentRow, paidAt: Date): Promise<membership.AppliedPurchase | { kind: 'paidBefore' }> {
  if (!(await repo.markPaymentPaid(tx, payment.payNo, { paidAt, providerTradeNo: null }))) return { kind: 'paidBefore' };
  const applied = await membership.applyPurchase(tx, { userId: payment.userId, payNo: payment.payNo, paidAt });
  if (applied.kind === 'applied') await issueLevelCoupons(tx, { userId: payment.userId, levelId: applied.levelId, now: paidAt });
  return applied;
}

/** The settlement of a membership's payment (the payment notice flow's dispatch, payEntry 2). */
export async function settleMembership(_ctx: AppContext, tx: Tx, payment: repo.PaymentRow, input: { paidAt: Date; providerTradeNo: string | null }): Promise<Settlement> {
  if (!(await repo.markPaymentPaid(tx, payment.payNo, input))) return { settled: false, problem: null };
  const applied = await membership.applyPurchase(tx, { userId: payment.userId, payNo: payment.payNo, paidAt: input.paidAt });
  if (applied.kind === 'done') return { settled: true, problem: 'membership purchase already applied or missing' };
  if (applied.kind === 'higherRuns') {
    // A higher level began while this one was being paid: it cannot apply, so its money goes back.
    await repo.insertRefund(tx, { refundSn: nextSerialNumber(), payNo: payment.payNo, payType: payment.payType, amount: payment.amount, status: 0 });
    return { settled: true, problem: `a higher level runs, refund ${payment.amount}` };
  }
  await issueLevelCoupons(tx, { userId: payment.userId, levelId: applied.levelId, now: input.paidAt });
  return { settled: true, problem: null };
}

// ---- The nightly run ----

export async function expireMemberships(ctx: AppContext, now: Date): Promise<number> {
  return membership.expireMemberships(ctx.db, now, userGrowth);
}

/** Books the next 00:00 GMT+8 run; booking the same night twice is a no-op (jobs' unique kind + ref). */
export async function scheduleNextMembershipExpiry(db: AppContext['db'] | Tx, now: Date): Promise<void> {
  const runAt = nextChinaMidnight(now);
  await scheduleJob(db, { kind: MEMBERSHIP_EXPIRY_JOB, ref: chinaDay(runAt), runAt });
}

/** `member.expire`: the run of one night, which books the next. */
export function membershipExpiryHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const night = chinaMidnight(job.ref);
    const now = ctx.now();
    const at = now > night ? now : night;
    await expireMemberships(ctx, at);
    await scheduleNextMembershipExpiry(ctx.db, at);
  };
}

// ---- Staff ----

export async function listAdminLevels(ctx: AppContext): Promise<AdminLevel[]> {
  return (await levels.listLevels(ctx.db, { all: true })).map(levels.toAdminLevel);
}

export function createLevel(ctx: AppContext, adminId: number, values: AdminLevelValues): Promise<AdminLevel> {
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      await levels.lockLevelType(tx, values.levelType);
      const existing = await levels.listLevels(tx, { levelType: values.levelType, all: true });
      if (existing.length >= MEMBER_LEVELS_MAX) throw memberErrors.tooMany();
      const created = await levels.insertLevel(tx, values, now);
      if (!created) throw memberErrors.rankTaken();
      return { result: created, action: 'member.level.create', targetType: 'memberLevel', targetId: created.id, before: null, after: { ...created } };
    },
  );
}

export function updateLevel(ctx: AppContext, adminId: number, id: number, values: AdminLevelValues): Promise<AdminLevel> {
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      await levels.lockLevelType(tx, values.levelType);
      const row = await levels.lockLevel(tx, id);
      if (!row) throw memberErrors.levelNotFound();
      if (row.levelType !== values.levelType) throw memberErrors.typeFixed();
      const updated = await levels.updateLevel(tx, id, values, now);
      if (!updated) throw memberErrors.rankTaken();
      return { result: updated, action: 'member.level.update', targetType: 'memberLevel', targetId: id, before: { ...levels.toAdminLevel(row) }, after: { ...updated } };
    },
  );
}

export function getMemberSettings(ctx: AppContext): Promise<MemberSettings> {
  return levels.readMemberSettings(ctx.db);
}

export function updateMemberSettings(ctx: AppContext, adminId: number, input: MemberSettings): Promise<MemberSettings> {
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const { before, after } = await levels.writeMemberSettings(tx, input, now);
      return { result: after, action: 'member.settings', targetType: 'memberSettings', targetId: 1, before: { ...before }, after: { ...after } };
    },
  );
}
