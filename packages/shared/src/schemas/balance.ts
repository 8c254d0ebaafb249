// Balance, top-up and their staff pages (issue 12). Messages are i18n keys (catalog ui-balance.ts).
// Money typed by a person travels as the yuan text they typed and becomes fen here, with string
// arithmetic, so no float ever holds money (decision 002).
import { z } from 'zod';
import { BALANCE_ADJUST_MAX_FEN, BALANCE_LOG_TYPES, CUSTOM_TOP_UP_ID, TOP_UP_MAX_FEN, TOP_UP_MIN_FEN } from '../constants/balance.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.ts';
import { PageQuerySchema, pageOf } from './common.ts';
import { textInput } from './text.ts';

const YUAN_PATTERN = /^(-?)(\d{1,10})(?:\.(\d{1,2}))?$/;

/** '12.5' -> 1250, '-3' -> -300; null when it is not yuan with at most two decimals. */
export function yuanTextToFen(text: string): number | null {
  const match = YUAN_PATTERN.exec(text.trim());
  if (!match) return null;
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
}

/** A yuan amount typed by a person (text or number), as fen; `required` when empty, `invalid` when not money. */
function yuanField(keys: { required: string; invalid: string }) {
  return z
    .union([z.string(keys.required), z.number(keys.required)], keys.required)
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: keys.required });
        return z.NEVER;
      }
      const fen = yuanTextToFen(text);
      if (fen === null) {
        ctx.addIssue({ code: 'custom', message: keys.invalid });
        return z.NEVER;
      }
      return fen;
    });
}

/** A top-up amount: required, 0.01 to 100,000 yuan (specification sections 5 and 9). */
export const TopUpAmountSchema = yuanField({ required: 'balance.errors.amountRequired', invalid: 'balance.errors.amountInvalid' })
  .refine((fen) => fen >= TOP_UP_MIN_FEN, 'balance.errors.amountTooSmall')
  .refine((fen) => fen <= TOP_UP_MAX_FEN, 'balance.errors.amountTooLarge');

/**
 * POST /p/balance/pay's customRechargeAmount: integer fen like every amount on the wire (reference
 * section 1, Money; decision 040), 1 to 10,000,000 (0.01 to 100,000 yuan). A decimal, a text or
 * anything but a number is refused, never read as yuan; the top-up page converts what the shopper typed.
 */
export const TopUpFenSchema = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', 'balance.errors.amountRequired')
  .pipe(z.number('balance.errors.amountNotFen').int('balance.errors.amountNotFen'))
  .pipe(z.number().min(TOP_UP_MIN_FEN, 'balance.errors.amountTooSmall').max(TOP_UP_MAX_FEN, 'balance.errors.amountTooLarge'));

/** GET /p/userBalance/getList: the top-up presets that are on. */
export const BalanceOptionSchema = z.object({
  balanceId: z.number().int(),
  balanceTitle: z.string(),
  /** Fen paid. */
  rechargeAmount: z.number().int(),
  /** Gifts: extra balance (fen), points, growth. */
  presAmount: z.number().int(),
  presScore: z.number().int(),
  presGrowth: z.number().int(),
});
export type BalanceOption = z.infer<typeof BalanceOptionSchema>;

/** POST /p/balance/pay: a preset (`id`) or a custom amount in fen (`id` -1), paid by Alipay (2) or WeChat (3) only. */
export const TopUpRequestSchema = z
  .object({
    id: z.number('balance.errors.optionNotFound').int('balance.errors.optionNotFound').min(CUSTOM_TOP_UP_ID, 'balance.errors.optionNotFound').max(2_147_483_647, 'balance.errors.optionNotFound'),
    customRechargeAmount: z.unknown().optional(),
    payType: z.union([z.literal(2), z.literal(3)], { error: 'balance.errors.payType' }),
    returnUrl: textInput().max(500, 'payment.errors.returnUrl').optional(),
  })
  .transform((value, ctx) => {
    if (value.id !== CUSTOM_TOP_UP_ID) return { optionId: value.id, amount: null, payType: value.payType, returnUrl: value.returnUrl };
    const parsed = TopUpFenSchema.safeParse(value.customRechargeAmount);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'balance.errors.amountNotFen', path: ['customRechargeAmount'] });
      return z.NEVER;
    }
    return { optionId: null, amount: parsed.data, payType: value.payType, returnUrl: value.returnUrl };
  });
export type TopUpRequest = z.input<typeof TopUpRequestSchema>;

export const BalanceLogQuerySchema = PageQuerySchema.extend({
  type: z.coerce.number('balance.errors.filter').int('balance.errors.filter').min(1, 'balance.errors.filter').max(BALANCE_LOG_TYPES.length, 'balance.errors.filter').optional(),
  ioType: z.coerce.number('balance.errors.filter').int('balance.errors.filter').min(0, 'balance.errors.filter').max(1, 'balance.errors.filter').optional(),
});
export type BalanceLogQuery = z.infer<typeof BalanceLogQuerySchema>;

/** GET /p/userBalanceLog/log: one settled movement, newest first. */
export const BalanceLogSchema = z.object({
  id: z.number().int(),
  /** Fen, always positive; ioType says the direction. */
  changeBalance: z.number().int(),
  /** 0 out, 1 in. */
  ioType: z.number().int(),
  /** 1 top-up, 2 gift, 3 payment, 4 refund, 5 adjustment, 6 membership. */
  type: z.number().int(),
  /** The order number of a payment or refund. */
  bizId: z.string().nullable(),
  createTime: z.string(),
});
export type BalanceLog = z.infer<typeof BalanceLogSchema>;
export const BalanceLogPageSchema = pageOf(BalanceLogSchema);

// ---- Platform console ----

const count = (key: string, max: number) => z.number(key).int(key).min(0, key).max(max, key);

/** POST /admin/balance/options and PUT /admin/balance/options/:id. */
export const BalanceOptionInputSchema = z.object({
  titleZh: z.string('balance.errors.titleRequired').trim().min(1, 'balance.errors.titleRequired').max(50, 'balance.errors.titleTooLong'),
  titleEn: z.string('balance.errors.titleRequired').trim().min(1, 'balance.errors.titleRequired').max(100, 'balance.errors.titleTooLong'),
  rechargeAmount: TopUpAmountSchema,
  presAmount: yuanField({ required: 'balance.errors.giftInvalid', invalid: 'balance.errors.giftInvalid' }).refine((fen) => fen >= 0 && fen <= TOP_UP_MAX_FEN, 'balance.errors.giftInvalid'),
  presScore: count('balance.errors.giftScore', 1_000_000),
  presGrowth: count('balance.errors.giftGrowth', 1_000_000),
  seq: count('balance.errors.seq', 9_999),
  enabled: z.boolean('balance.errors.status'),
});
export type BalanceOptionInput = z.input<typeof BalanceOptionInputSchema>;

export const AdminBalanceOptionSchema = z.object({
  id: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  rechargeAmount: z.number().int(),
  presAmount: z.number().int(),
  presScore: z.number().int(),
  presGrowth: z.number().int(),
  seq: z.number().int(),
  enabled: z.boolean(),
});
export type AdminBalanceOption = z.infer<typeof AdminBalanceOptionSchema>;

export const BalanceOptionStatusSchema = z.object({ enabled: z.boolean('balance.errors.status') });

/** POST /admin/users/:userId/balance: a signed yuan change with the reason staff give. */
export const BalanceAdjustSchema = z.object({
  change: yuanField({ required: 'balance.errors.adjustChange', invalid: 'balance.errors.adjustChange' }).refine(
    (fen) => fen !== 0 && Math.abs(fen) <= BALANCE_ADJUST_MAX_FEN,
    'balance.errors.adjustChange',
  ),
  reason: z.string('balance.errors.reasonRequired').trim().min(1, 'balance.errors.reasonRequired').max(200, 'balance.errors.reasonTooLong'),
});
export type BalanceAdjust = z.input<typeof BalanceAdjustSchema>;

/**
 * GET /admin/users/:userId/balance: the balance in fen, and the approval threshold (fen) above which
 * a change waits for a second finance staff member, so the dialog says so before it is sent.
 */
export const AdminUserBalanceSchema = z.object({ userId: z.string(), balance: z.number().int(), threshold: z.number().int() });
export type AdminUserBalance = z.infer<typeof AdminUserBalanceSchema>;

// ---- Four eyes on money (issue 25, decision 058) ----

/** A manual adjustment whose absolute amount is above this many fen waits for a second finance staff member (the server's default; env BALANCE_APPROVAL_THRESHOLD_FEN). */
export const BALANCE_APPROVAL_THRESHOLD_DEFAULT_FEN = 100_000;

/** status of a balance adjustment request: 0 pending, 1 approved (the money moved), 2 rejected. */
export const BALANCE_REQUEST_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
const REQUEST_STATUSES: readonly number[] = Object.values(BALANCE_REQUEST_STATUS);

/**
 * POST /admin/users/:userId/balance answers the balance as it then reads and whether the change
 * waits for approval: `pending` true means nothing moved yet and `requestId` names the request.
 */
export const AdminBalanceAdjustResultSchema = AdminUserBalanceSchema.extend({
  pending: z.boolean(),
  requestId: z.number().int().nullable(),
});
export type AdminBalanceAdjustResult = z.infer<typeof AdminBalanceAdjustResultSchema>;

/** GET /admin/balance/requests: pending first, then newest; an optional status filter. */
export const BalanceRequestQuerySchema = z.object({
  status: z.coerce
    .number('balance.errors.requestStatus')
    .int('balance.errors.requestStatus')
    .refine((s) => REQUEST_STATUSES.includes(s), 'balance.errors.requestStatus')
    .optional(),
  current: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(2_147_483_647, 'validation.page').default(1),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
});
export type BalanceRequestQuery = z.infer<typeof BalanceRequestQuerySchema>;

export const BalanceRequestIdParamSchema = z.object({
  id: z.coerce.number('balance.errors.requestNotFound').int('balance.errors.requestNotFound').min(1, 'balance.errors.requestNotFound').max(2_147_483_647, 'balance.errors.requestNotFound'),
});

/** POST /admin/balance/requests/:id/reject: why, shown to the requester in the list. */
export const BalanceRejectSchema = z.object({
  reason: z.string('balance.errors.rejectReasonRequired').trim().min(1, 'balance.errors.rejectReasonRequired').max(200, 'balance.errors.reasonTooLong'),
});
export type BalanceReject = z.input<typeof BalanceRejectSchema>;

const StaffNameSchema = z.object({ adminId: z.number().int(), username: z.string() });

export const BalanceRequestSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  nickName: z.string(),
  /** The shopper's mobile, masked (138****1234). */
  mobile: z.string(),
  /** Signed fen. */
  change: z.number().int(),
  reason: z.string(),
  status: z.number().int(),
  requestedBy: StaffNameSchema,
  /** The reader made the request, so may not approve it. */
  mine: z.boolean(),
  decidedBy: StaffNameSchema.nullable(),
  rejectReason: z.string().nullable(),
  createTime: z.string(),
  decideTime: z.string().nullable(),
});
export type BalanceRequest = z.infer<typeof BalanceRequestSchema>;
export const BalanceRequestPageSchema = pageOf(BalanceRequestSchema);
