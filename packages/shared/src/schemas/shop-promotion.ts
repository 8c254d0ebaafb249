// Shop promotions (issue 11 §3, §5; decision 037): full-amount reduction (满减), full-piece discount
// (满件折) and full-amount discount (满折), written in the merchant center, watched by platform staff
// and shown on the storefront's /special-discount and /discount-detail. Money in fen; discounts per
// ten (8.5 = 85 % paid); times 'yyyy-MM-dd HH:mm:ss' in GMT+8, as every call answers them. Each
// message is an i18n key (promotion.* in i18n/{zh,en}/ui-promotion.ts).
import { percentOff } from '../constants/discount-rate.ts';
import { z } from 'zod';
import { PAGE_SIZE_MAX, SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';
import { textInput } from './text.ts';
import { ProductCardSchema, SearchQuerySchema } from './catalog.ts';
import { DISCOUNT_RULE } from './pricing.ts';

/** discountType: 0 a ladder of tiers, 1 "every full" (每满, only for the reduction, one tier). */
export const DISCOUNT_TYPE = { ladder: 0, everyFull: 1 } as const;
/** suitableProdType: 0 every product of the shop, 1 the listed products. */
export const DISCOUNT_SCOPE = { all: 0, selected: 1 } as const;
/** The stored status: 1 on, 0 ended early by the shop, 2 taken down by the platform. */
export const DISCOUNT_STATUS = { ended: 0, on: 1, takenDown: 2 } as const;
/** What a list shows: the status with the time window applied. */
export const DISCOUNT_STATES = ['upcoming', 'running', 'ended', 'takenDown'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const DISCOUNT_TIERS_MAX = 5;
export const DISCOUNT_PRODUCTS_MAX = 200;
export const DISCOUNT_NAME_MAX_LENGTH = 30;
export const DISCOUNT_NAME_EN_MAX_LENGTH = 60;
/** Per ten: 0.1 (1 % paid) to 9.9 (99 % paid), one decimal. */
export const DISCOUNT_RATE_MIN = 0.1;
export const DISCOUNT_RATE_MAX = 9.9;
/** A threshold in fen (¥1,000,000 at most) or in pieces. */
export const DISCOUNT_NEED_AMOUNT_MAX = 100_000_000;
export const DISCOUNT_NEED_PIECES_MAX = 999;
/** A promotion runs at most a year. */
export const DISCOUNT_MAX_DAYS = 366;

const INT_MAX = 2_147_483_647;
const API_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** 'yyyy-MM-dd HH:mm:ss' in GMT+8 as a Date, or null when it is not a real moment. */
export function parseApiTime(value: string): Date | null {
  const m = API_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
  const back = new Date(date.getTime() + 8 * 3_600_000);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h) return null;
  return date;
}

const apiTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseApiTime(v) !== null, message)
    .transform((v) => parseApiTime(v)!);

const id = (message: string) => z.coerce.number(message).int(message).min(1, message).max(INT_MAX, message);

export const DiscountTierInputSchema = z.object({
  /** Fen (rules 0, 2) or pieces (rule 1). */
  needAmount: z.number('promotion.errors.needAmount').int('promotion.errors.needAmount').min(1, 'promotion.errors.needAmount').max(DISCOUNT_NEED_AMOUNT_MAX, 'promotion.errors.needAmount'),
  /** Fen, the reduction (rule 0); 0 for the discount rules. */
  reduceAmount: z.number('promotion.errors.reduceAmount').int('promotion.errors.reduceAmount').min(0, 'promotion.errors.reduceAmount').max(DISCOUNT_NEED_AMOUNT_MAX, 'promotion.errors.reduceAmount').default(0),
  /** Per ten (rules 1, 2); null for the reduction. */
  discount: z.number('promotion.errors.discountRange').nullable().default(null),
});
export type DiscountTierInput = z.output<typeof DiscountTierInputSchema>;

const isTenth = (v: number) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9;

/** POST /merchant/discounts and PUT /merchant/discounts/:id. The products' owner is checked by the API. */
export const MerchantDiscountInputSchema = z
  .object({
    nameZh: textInput('promotion.errors.nameRequired').trim().min(1, 'promotion.errors.nameRequired').max(DISCOUNT_NAME_MAX_LENGTH, 'promotion.errors.nameTooLong'),
    nameEn: textInput('promotion.errors.nameEnTooLong')
      .trim()
      .max(DISCOUNT_NAME_EN_MAX_LENGTH, 'promotion.errors.nameEnTooLong')
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
    discountRule: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'promotion.errors.rule' }),
    discountType: z.union([z.literal(0), z.literal(1)], { error: 'promotion.errors.type' }).default(0),
    suitableProdType: z.union([z.literal(0), z.literal(1)], { error: 'promotion.errors.scope' }).default(0),
    productIds: z.array(id('promotion.errors.products'), { error: 'promotion.errors.products' }).max(DISCOUNT_PRODUCTS_MAX, 'promotion.errors.tooManyProducts').default([]),
    startTime: apiTime('promotion.errors.startTime'),
    endTime: apiTime('promotion.errors.endTime'),
    /** Fen; only for the discount rules (1, 2); null = no cap. */
    maxReduceAmount: z.number('promotion.errors.cap').int('promotion.errors.cap').min(1, 'promotion.errors.cap').max(DISCOUNT_NEED_AMOUNT_MAX, 'promotion.errors.cap').nullable().default(null),
    tiers: z.array(DiscountTierInputSchema, { error: 'promotion.errors.tiersRequired' }).min(1, 'promotion.errors.tiersRequired').max(DISCOUNT_TIERS_MAX, 'promotion.errors.tooManyTiers'),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    // Parts of the wrong type have their own messages already.
    if (!Array.isArray(v.tiers) || !Array.isArray(v.productIds) || v.tiers.some((tier) => typeof tier !== 'object' || tier === null)) return;
    const reduction = v.discountRule === DISCOUNT_RULE.amountReduce;
    v.tiers.forEach((tier, i) => {
      if (v.discountRule === DISCOUNT_RULE.pieceDiscount && tier.needAmount > DISCOUNT_NEED_PIECES_MAX) issue('promotion.errors.needPieces', ['tiers', i, 'needAmount']);
      if (reduction) {
        if (tier.reduceAmount < 1 || tier.reduceAmount >= tier.needAmount) issue('promotion.errors.reduceBelowNeed', ['tiers', i, 'reduceAmount']);
      } else if (tier.discount === null || tier.discount < DISCOUNT_RATE_MIN || tier.discount > DISCOUNT_RATE_MAX || !isTenth(tier.discount)) {
        issue('promotion.errors.discountRange', ['tiers', i, 'discount']);
      }
      const before = v.tiers[i - 1];
      if (!before) return;
      if (tier.needAmount <= before.needAmount) issue('promotion.errors.tiersAscending', ['tiers', i, 'needAmount']);
      else if (reduction ? tier.reduceAmount <= before.reduceAmount : (tier.discount ?? 0) >= (before.discount ?? 0)) issue('promotion.errors.tiersBetter', ['tiers', i]);
    });
    if (v.discountType === DISCOUNT_TYPE.everyFull && (!reduction || v.tiers.length !== 1)) issue('promotion.errors.everyFull', ['discountType']);
    if (reduction && v.maxReduceAmount !== null) issue('promotion.errors.capForDiscounts', ['maxReduceAmount']);
    if (v.suitableProdType === DISCOUNT_SCOPE.selected && v.productIds.length === 0) issue('promotion.errors.productsRequired', ['productIds']);
    if (new Set(v.productIds).size !== v.productIds.length) issue('promotion.errors.products', ['productIds']);
    // A time that did not parse has its own message (and is still text here).
    if (!(v.startTime instanceof Date) || !(v.endTime instanceof Date)) return;
    if (v.endTime.getTime() <= v.startTime.getTime()) issue('promotion.errors.endAfterStart', ['endTime']);
    else if (v.endTime.getTime() - v.startTime.getTime() > DISCOUNT_MAX_DAYS * 86_400_000) issue('promotion.errors.tooLong', ['endTime']);
  });
export type MerchantDiscountInput = z.output<typeof MerchantDiscountInputSchema>;

export const DiscountTierSchema = z.object({
  needAmount: z.number().int(),
  reduceAmount: z.number().int(),
  discount: z.number().nullable(),
});
export type DiscountTier = z.infer<typeof DiscountTierSchema>;

/** A promotion as the merchant center and the platform console list it. */
export const DiscountRowSchema = z.object({
  discountId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  discountRule: z.number().int(),
  discountType: z.number().int(),
  suitableProdType: z.number().int(),
  /** Listed products (0 when the promotion covers the whole shop). */
  productCount: z.number().int(),
  tiers: z.array(DiscountTierSchema),
  /** The tiers as shoppers read them, in the reader's language ("满300减50"). */
  labels: z.array(z.string()),
  maxReduceAmount: z.number().int().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  state: z.enum(DISCOUNT_STATES),
  /** Why the platform took it down (state takenDown). */
  offenceReason: z.string().nullable(),
  /** What it did, counted by the server over paid orders: how many had a line under it, and its shares (fen). */
  usage: z.object({ orders: z.number().int(), reducedAmount: z.number().int() }),
});
export type DiscountRow = z.infer<typeof DiscountRowSchema>;

/** A listed product as the merchant's form shows it. */
export const DiscountProductSchema = z.object({
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  price: z.number().int(),
  onShelf: z.boolean(),
});
export type DiscountProduct = z.infer<typeof DiscountProductSchema>;

/** GET /merchant/discounts/:id: the row with its listed products, for the edit form. */
export const MerchantDiscountDetailSchema = DiscountRowSchema.extend({ products: z.array(DiscountProductSchema) });
export type MerchantDiscountDetail = z.infer<typeof MerchantDiscountDetailSchema>;

const state = z.enum(['all', ...DISCOUNT_STATES], { error: 'promotion.errors.filter' }).default('all');
const page = {
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(10),
};
const keyword = textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional();

/** GET /merchant/discounts. */
export const MerchantDiscountQuerySchema = z.object({ state, keyword, ...page });
export type MerchantDiscountQuery = z.infer<typeof MerchantDiscountQuerySchema>;

/** GET /admin/discounts: every shop's promotions, by shop and state (running by default). */
export const AdminDiscountQuerySchema = z.object({
  state: z.enum(['all', ...DISCOUNT_STATES], { error: 'promotion.errors.filter' }).default('running'),
  shopId: z.coerce.number('promotion.errors.filter').int('promotion.errors.filter').min(1, 'promotion.errors.filter').max(INT_MAX, 'promotion.errors.filter').optional(),
  keyword,
  ...page,
});
export type AdminDiscountQuery = z.infer<typeof AdminDiscountQuerySchema>;

export const DiscountIdParamSchema = z.object({ id: id('validation.id') });

// ---- The storefront ----

/** A running promotion on /special-discount and at the head of /discount-detail. */
export const DiscountSummarySchema = z.object({
  discountId: z.number().int(),
  discountName: z.string(),
  discountRule: z.number().int(),
  discountType: z.number().int(),
  suitableProdType: z.number().int(),
  discountItems: z.array(DiscountTierSchema),
  labels: z.array(z.string()),
  maxReduceAmount: z.number().int().nullable(),
  shopId: z.number().int(),
  shopName: z.string(),
  shopLogo: z.string().nullable(),
  /** The best-selling product it covers, to picture it; null when none is on the shelf. */
  pic: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
});
export type DiscountSummary = z.infer<typeof DiscountSummarySchema>;

/** GET /marking/discount/getDiscountList. */
export const DiscountListQuerySchema = z.object({ shopId: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id').optional(), ...page });

/** GET /marking/discount/prodList: the promotion's products on the shelf. sort 0 best-selling, 4/5 price high/low first, 1 newest. */
export const DiscountProductQuerySchema = z.object({
  discountId: id('validation.id'),
  keyword,
  sort: z.coerce.number('validation.invalid').int('validation.invalid').refine((s) => [0, 1, 4, 5].includes(s), 'validation.invalid').default(0),
  current: page.current,
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(20),
});
export type DiscountProductQuery = z.infer<typeof DiscountProductQuerySchema>;

/**
 * GET /marking/discount/searchProd: the list page's special-discount tab (st=2, reference: "2
 * discount calls"): the on-shelf products of every running shop promotion, by name, price range,
 * stock and the search's sort codes (SEARCH_SORT; none: best-selling first).
 */
export const DiscountSearchQuerySchema = SearchQuerySchema.pick({ keyword: true, minPrice: true, maxPrice: true, hasStock: true, sort: true, current: true, size: true });
export type DiscountSearchQuery = z.infer<typeof DiscountSearchQuerySchema>;
export const DiscountProductCardSchema = ProductCardSchema;

/** GET /marking/discount/getDiscountByProdId: the running promotions a product is in, as tags. */
export const ProductDiscountTagSchema = z.object({ discountId: z.number().int(), discountName: z.string(), labels: z.array(z.string()), endTime: z.string() });
export type ProductDiscountTag = z.infer<typeof ProductDiscountTagSchema>;
export const ProdIdQuerySchema = z.object({ prodId: id('validation.id') });

// ---- Labels ----

const yuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));
/** 8.5 per ten -> "15% off". */
const percentOffText = (perTen: number) => `${percentOff(perTen)}% off`;

/** A tier as shoppers read it: "满300减50", "每满300减50", "满2件8折", "满500打9折" (zh) or the English equivalent. */
export function discountTierLabel(rule: number, type: number, tier: DiscountTier, lang: 'zh' | 'en'): string {
  const rate = tier.discount ?? 10;
  if (rule === DISCOUNT_RULE.pieceDiscount) return lang === 'zh' ? `满${tier.needAmount}件${rate}折` : `${percentOffText(rate)} ${tier.needAmount}+ items`;
  if (rule === DISCOUNT_RULE.amountDiscount) return lang === 'zh' ? `满${yuan(tier.needAmount)}打${rate}折` : `${percentOffText(rate)} over ¥${yuan(tier.needAmount)}`;
  if (type === DISCOUNT_TYPE.everyFull) return lang === 'zh' ? `每满${yuan(tier.needAmount)}减${yuan(tier.reduceAmount)}` : `¥${yuan(tier.reduceAmount)} off every ¥${yuan(tier.needAmount)}`;
  return lang === 'zh' ? `满${yuan(tier.needAmount)}减${yuan(tier.reduceAmount)}` : `¥${yuan(tier.reduceAmount)} off ¥${yuan(tier.needAmount)}`;
}
