// Membership: growth and paid levels, the member center, buying a period, and the staff pages
// (issue 12, reference 2.9, 3 "Member level", 5.9). Messages are i18n keys (catalog ui-member.ts).
import { z } from 'zod';
import { DISCOUNT_RANGE, MEMBER_GROWTH_MAX, MEMBER_PRICE_MAX_FEN, TERM_TYPES } from '../constants/member.ts';
import { yuanTextToFen } from './balance.ts';
import { textInput } from './text.ts';

const termType = (key: string) => z.union(TERM_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>, z.ZodLiteral<5>], { error: key });

/** One period a paid level is sold for, and its price in fen. */
export const LevelPriceSchema = z.object({ termType: z.number().int(), price: z.number().int() });
export type LevelPrice = z.infer<typeof LevelPriceSchema>;

/** A coupon a paid level's buyers receive. */
export const LevelCouponSchema = z.object({
  couponId: z.number().int(),
  couponName: z.string(),
  /** 1 cash, 2 discount. */
  couponType: z.number().int(),
  cashCondition: z.number().int(),
  reduceAmount: z.number().int(),
  /** Per ten (8.5), discount coupons. */
  couponDiscount: z.number().nullable(),
  /** 0 = platform. */
  shopId: z.number().int(),
});
export type LevelCoupon = z.infer<typeof LevelCouponSchema>;

/** GET /p/score/scoreLevel/page: one level with its benefits (and, paid, its prices and coupons). */
export const MemberLevelSchema = z.object({
  id: z.number().int(),
  /** 0 growth, 1 paid. */
  levelType: z.number().int(),
  /** The rank within its type: higher is better. */
  level: z.number().int(),
  levelName: z.string(),
  needGrowth: z.number().int(),
  /** Per ten (9.5 = 95 % paid); null = no member discount. */
  discount: z.number().nullable(),
  /** 0 every shop's goods, 1 self-run shops' goods only. */
  discountRange: z.number().int(),
  /** Multiplies the points earned on receipt. */
  rateScore: z.number(),
  /** Free shipping on self-run shops' goods. */
  isFreeFee: z.boolean(),
  /** Reference 2.9: a paid level's base price, fen for `term` × `termType` (1 day .. 5 year): its shortest period sold. Null for growth levels. */
  needAmount: z.number().int().nullable(),
  term: z.number().int().nullable(),
  termType: z.number().int().nullable(),
  /** Every period sold, shortest first. */
  prices: z.array(LevelPriceSchema),
  couponList: z.array(LevelCouponSchema),
});
export type MemberLevel = z.infer<typeof MemberLevelSchema>;

export const LevelListQuerySchema = z.object({
  levelType: z.coerce.number('member.errors.levelType').int('member.errors.levelType').min(0, 'member.errors.levelType').max(1, 'member.errors.levelType'),
});

const LevelRefSchema = z.object({ id: z.number().int(), level: z.number().int(), levelName: z.string() });

/** GET /p/member/info: the member center's head. */
export const MemberInfoSchema = z.object({
  growth: z.number().int(),
  growthLevel: LevelRefSchema.nullable(),
  /** The next growth level and the growth still missing; null at the top. */
  nextGrowthLevel: LevelRefSchema.extend({ needGrowth: z.number().int(), missing: z.number().int() }).nullable(),
  /** The paid level while it runs. */
  paidLevel: LevelRefSchema.nullable(),
  /** The growth rule: fen of a received order per growth point. */
  growthFenPerPoint: z.number().int(),
  /** The end of the paid membership, 'yyyy-MM-dd HH:mm:ss' GMT+8; null when none runs. */
  vipEndTime: z.string().nullable(),
  /** The paid membership ends within a few days. */
  expiringSoon: z.boolean(),
  /** The benefits that apply now: the running paid level's, else the growth level's. */
  benefits: z.object({
    levelName: z.string().nullable(),
    discount: z.number().nullable(),
    discountRange: z.number().int(),
    rateScore: z.number(),
    isFreeFee: z.boolean(),
  }),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

/** POST /p/level/payLevel: a paid level for one period, by Alipay (2), WeChat (3) or balance (9). */
export const PayLevelSchema = z.object({
  id: z.number('member.errors.levelNotFound').int('member.errors.levelNotFound').min(1, 'member.errors.levelNotFound').max(2_147_483_647, 'member.errors.levelNotFound'),
  termType: termType('member.errors.termType'),
  payType: z.union([z.literal(2), z.literal(3), z.literal(9)], { error: 'member.errors.payType' }),
  returnUrl: textInput().max(500, 'payment.errors.returnUrl').optional(),
});
export type PayLevelInput = z.infer<typeof PayLevelSchema>;

// ---- Platform console ----

/** A level as staff see and edit it. Prices in fen. */
export const AdminLevelSchema = z.object({
  id: z.number().int(),
  levelType: z.number().int(),
  level: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  needGrowth: z.number().int(),
  discount: z.number().nullable(),
  discountRange: z.number().int(),
  rateScore: z.number(),
  isFreeFee: z.boolean(),
  enabled: z.boolean(),
  prices: z.array(LevelPriceSchema),
});
export type AdminLevel = z.infer<typeof AdminLevelSchema>;

const perTen = z
  .number('member.errors.discount')
  .min(0.1, 'member.errors.discount')
  .max(10, 'member.errors.discount')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'member.errors.discount');

/** A price typed in yuan (text or number), as fen: 0.01 to 100,000. */
const priceYuan = z.union([z.string('member.errors.price'), z.number('member.errors.price')], 'member.errors.price').transform((value, ctx) => {
  const fen = yuanTextToFen(String(value));
  if (fen === null || fen < 1 || fen > MEMBER_PRICE_MAX_FEN) {
    ctx.addIssue({ code: 'custom', message: 'member.errors.price' });
    return z.NEVER;
  }
  return fen;
});

/** POST /admin/member/levels and PUT /admin/member/levels/:id. */
export const AdminLevelInputSchema = z
  .object({
    levelType: z.union([z.literal(0), z.literal(1)], { error: 'member.errors.levelType' }),
    level: z.number('member.errors.level').int('member.errors.level').min(1, 'member.errors.level').max(99, 'member.errors.level'),
    nameZh: textInput('member.errors.name').trim().min(1, 'member.errors.name').max(20, 'member.errors.name'),
    nameEn: textInput('member.errors.name').trim().max(40, 'member.errors.name').default(''),
    needGrowth: z.number('member.errors.needGrowth').int('member.errors.needGrowth').min(0, 'member.errors.needGrowth').max(MEMBER_GROWTH_MAX, 'member.errors.needGrowth').default(0),
    discount: perTen.nullable().default(null),
    discountRange: z.union([z.literal(DISCOUNT_RANGE.all), z.literal(DISCOUNT_RANGE.selfRun)], { error: 'member.errors.discountRange' }).default(0),
    rateScore: z.number('member.errors.rateScore').min(1, 'member.errors.rateScore').max(10, 'member.errors.rateScore').refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'member.errors.rateScore').default(1),
    isFreeFee: z.boolean('validation.invalid').default(false),
    enabled: z.boolean('validation.invalid').default(true),
    prices: z
      .array(z.object({ termType: termType('member.errors.termType'), price: priceYuan }), 'member.errors.prices')
      .max(TERM_TYPES.length, 'member.errors.prices')
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.prices.map((p) => p.termType)).size !== v.prices.length) ctx.addIssue({ code: 'custom', message: 'member.errors.prices', path: ['prices'] });
    if (v.levelType === 1 && v.prices.length === 0) ctx.addIssue({ code: 'custom', message: 'member.errors.pricesRequired', path: ['prices'] });
    if (v.levelType === 0 && v.prices.length > 0) ctx.addIssue({ code: 'custom', message: 'member.errors.prices', path: ['prices'] });
  });
export type AdminLevelInput = z.input<typeof AdminLevelInputSchema>;
export type AdminLevelValues = z.output<typeof AdminLevelInputSchema>;

/** GET / PUT /admin/member/settings: the growth rule. */
export const MemberSettingsSchema = z.object({
  /** Fen paid per growth point earned on receipt (100 = 1 growth per yuan). */
  growthFenPerPoint: z.number('member.errors.growthRate').int('member.errors.growthRate').min(1, 'member.errors.growthRate').max(10_000_000, 'member.errors.growthRate'),
});
export type MemberSettings = z.infer<typeof MemberSettingsSchema>;

/** The audit log's actions of the membership pages. */
export const MEMBER_AUDIT_ACTIONS = ['member.level.create', 'member.level.update', 'member.settings'] as const;
