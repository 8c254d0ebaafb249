// Flash sale (秒杀, issue 27; decision 062): one schema per payload of every call, shared by the API,
// the storefront and both consoles. Money in fen; times 'yyyy-MM-dd HH:mm:ss' in GMT+8 as every call
// answers them (plus `serverTime` in epoch ms where a countdown runs). Each message is an i18n key
// (seckill.errors.* in i18n/{zh,en}/ui-seckill.ts).
import { z } from 'zod';
import { SEARCH_KEYWORD_MAX_LENGTH, MERCHANT_MESSAGE_MAX_LENGTH } from '../constants/limits.ts';
import {
  SECKILL_MAX_CANCEL_TIME_DEFAULT,
  SECKILL_MAX_CANCEL_TIME_MAX,
  SECKILL_MAX_CANCEL_TIME_MIN,
  SECKILL_MAX_NUM_MAX,
  SECKILL_MAX_NUM_UNLIMITED,
  SECKILL_NAME_EN_MAX_LENGTH,
  SECKILL_NAME_MAX_LENGTH,
  SECKILL_QUEUE_STATES,
  SECKILL_REASON_MAX_LENGTH,
  SECKILL_SESSIONS_MAX,
  SECKILL_SESSION_MINUTES_MAX,
  SECKILL_STOCK_MAX,
} from '../constants/seckill.ts';
import { AddressSchema } from './address.ts';
import { PageQuerySchema, pageOf } from './common.ts';
import { parseApiTime } from './shop-promotion.ts';
import { textInput } from './text.ts';

const INT_MAX = 2_147_483_647;
const id = (key: string) => z.coerce.number(key).int(key).min(1, key).max(INT_MAX, key);
const apiTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseApiTime(v) !== null, message)
    .transform((v) => parseApiTime(v)!);
/** 1 not started, 2 running, 3 ended (reference §3). */
const stateSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const fen = z.number().int();
/** 'HH:mm', 00:00 to 23:59 (Beijing time). */
const clockTime = z.string('seckill.errors.sessionTime').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'seckill.errors.sessionTime');

// ---------------------------------------------------------------------------------------------
// The shopper (storefront): public reads
// ---------------------------------------------------------------------------------------------

/** One session tab of /flash-sale: today's sessions and tomorrow's first. */
export const SeckillSessionSchema = z.object({
  /** The session's start as 'yyyyMMddHHmm' (Beijing time): the tab's key and the products call's `session`. */
  sessionKey: z.string(),
  /** 'HH:mm', the tab's label ('MM-dd HH:mm' for an earlier day's tab of sales still running: decision 064's amendment). */
  label: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  state: stateSchema,
  /** Tomorrow's first session. */
  tomorrow: z.boolean(),
});
export type SeckillSession = z.infer<typeof SeckillSessionSchema>;

/** GET /seckill/sessions → the tabs, with the server's clock for the countdowns. */
export const SeckillSessionsResultSchema = z.object({
  /** Epoch ms on the server when it answered. */
  serverTime: z.number().int(),
  sessions: z.array(SeckillSessionSchema),
});
export type SeckillSessionsResult = z.infer<typeof SeckillSessionsResultSchema>;

/** GET /seckill/sessionProds: the products of one session (its sessionKey). */
export const SeckillSessionProdsQuerySchema = PageQuerySchema.extend({
  session: z.string('seckill.errors.session').regex(/^\d{12}$/, 'seckill.errors.session'),
});
export type SeckillSessionProdsQuery = z.infer<typeof SeckillSessionProdsQuerySchema>;

/** A product card of /flash-sale, the home block and GET /seckill/pageProd (reference §2.2's fields and more). */
export const SeckillCardSchema = z.object({
  seckillId: z.number().int(),
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  /** The lowest flash price of its SKUs, and the product's usual price. */
  seckillPrice: fen,
  price: fen,
  startTime: z.string(),
  endTime: z.string(),
  state: stateSchema,
  /** Units on sale at the start, units left (from the stock gate while running), and the share sold 0-100 (rounded down). */
  totalStocks: z.number().int(),
  stocksLeft: z.number().int(),
  soldPercent: z.number().int().min(0).max(100),
  /** -1 = no per-user limit. */
  maxNum: z.number().int(),
});
export type SeckillCard = z.infer<typeof SeckillCardSchema>;
export const SeckillCardPageSchema = pageOf(SeckillCardSchema);

/** GET /seckill/sessionProds → a page of cards, with the server's clock. */
export const SeckillSessionProdsResultSchema = SeckillCardPageSchema.extend({ serverTime: z.number().int() });
export type SeckillSessionProdsResult = z.infer<typeof SeckillSessionProdsResultSchema>;

/** GET /seckill/pageProd (reference §2.2): running and upcoming activities, earliest first. */
export const SeckillPageProdQuerySchema = PageQuerySchema;

/** GET /seckill/prod?seckillId= (reference §2.2; 204 once ended). */
export const SeckillIdQuerySchema = z.object({ seckillId: id('seckill.errors.notFound') });
export type SeckillIdQuery = z.infer<typeof SeckillIdQuerySchema>;

export const SeckillSkuSchema = z.object({
  seckillSkuId: z.number().int(),
  skuId: z.number().int(),
  /** 'k:v;k:v' (reference §2.2) and its display text, e.g. '颜色:白 容量:500ml'. */
  properties: z.string(),
  skuName: z.string(),
  pic: z.string(),
  price: fen,
  seckillPrice: fen,
  /** Units left (the stock gate's count while running) and at the start. */
  stocks: z.number().int(),
  totalStocks: z.number().int(),
});
export type SeckillSku = z.infer<typeof SeckillSkuSchema>;

export const SeckillDetailSchema = z.object({
  seckillId: z.number().int(),
  prodId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  prodName: z.string(),
  brief: z.string(),
  pic: z.string(),
  imgs: z.array(z.string()),
  /** The product's sanitized rich description. */
  content: z.string(),
  /** 0 physical, 1 virtual. */
  mold: z.number().int(),
  price: fen,
  seckillPrice: fen,
  startTime: z.string(),
  endTime: z.string(),
  state: stateSchema,
  /** Epoch ms of the start and end, and of the server's clock when it answered: the countdown's basis. */
  startAt: z.number().int(),
  endAt: z.number().int(),
  serverTime: z.number().int(),
  /** -1 = no limit. */
  maxNum: z.number().int(),
  /** Minutes an unpaid flash order is kept. */
  maxCancelTime: z.number().int(),
  totalStocks: z.number().int(),
  stocksLeft: z.number().int(),
  skuList: z.array(SeckillSkuSchema),
});
export type SeckillDetail = z.infer<typeof SeckillDetailSchema>;

// ---------------------------------------------------------------------------------------------
// The shopper: the order path, confirm, submit, status, remind me (all logged in, /p/...)
// ---------------------------------------------------------------------------------------------

/** GET /p/seckill/orderPath?prodId=(&seckillId=): 400 'Event not started', 204 once ended. */
export const SeckillOrderPathQuerySchema = z.object({
  prodId: id('seckill.errors.notFound'),
  seckillId: id('seckill.errors.notFound').optional(),
});
export type SeckillOrderPathQuery = z.infer<typeof SeckillOrderPathQuerySchema>;

/** The one-time path (5 minutes, this user and product only). */
export const SeckillOrderPathSchema = z.string('seckill.errors.pathExpired').regex(/^[A-Za-z0-9_-]{16,64}$/, 'seckill.errors.pathExpired');
export const SeckillOrderPathResultSchema = z.object({ orderPath: z.string() });
export type SeckillOrderPathResult = z.infer<typeof SeckillOrderPathResultSchema>;
export const SeckillOrderPathParamSchema = z.object({ orderPath: SeckillOrderPathSchema });

/** POST /p/seckill/{orderPath}/confirm (reference §2.4). addrId 0 = the default address. */
export const SeckillConfirmSchema = z.object({
  addrId: z.coerce.number('checkout.errors.selectAddress').int('checkout.errors.selectAddress').min(0, 'checkout.errors.selectAddress').max(INT_MAX, 'checkout.errors.selectAddress').default(0),
  prodId: id('seckill.errors.notFound'),
  shopId: id('seckill.errors.notFound'),
  seckillSkuId: id('seckill.errors.skuRequired'),
  prodCount: z.number('seckill.errors.count').int('seckill.errors.count').min(1, 'seckill.errors.count').max(SECKILL_MAX_NUM_MAX, 'seckill.errors.count'),
});
export type SeckillConfirm = z.infer<typeof SeckillConfirmSchema>;

export const SeckillConfirmResultSchema = z.object({
  seckillId: z.number().int(),
  prodId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string(),
  seckillSkuId: z.number().int(),
  skuId: z.number().int(),
  prodCount: z.number().int(),
  /** The activity price (no coupons, promotions, member discount or points) and the usual price. */
  seckillPrice: fen,
  price: fen,
  /** Goods at the activity price, the freight (the shop's rule for the address), and what is paid. */
  total: fen,
  transFee: fen,
  actualTotal: fen,
  /** 0 physical, 1 virtual (no address needed, no freight). */
  mold: z.number().int(),
  /** Null while the shopper has no address (submit is then refused for physical goods). */
  userAddr: AddressSchema.nullable(),
  /** -1 = no limit; units this shopper already holds (unpaid and paid flash orders of the activity); the most this order may take. */
  maxNum: z.number().int(),
  boughtNum: z.number().int(),
  canBuyNum: z.number().int(),
  endTime: z.string(),
  maxCancelTime: z.number().int(),
});
export type SeckillConfirmResult = z.infer<typeof SeckillConfirmResultSchema>;

/** POST /p/seckill/{orderPath}/submit (reference §2.4): takes what confirm chose under this path. */
export const SeckillSubmitSchema = z.object({
  orderShopParam: z
    .object({
      shopId: id('seckill.errors.notFound').optional(),
      remarks: textInput('checkout.errors.remarksTooLong').trim().max(MERCHANT_MESSAGE_MAX_LENGTH, 'checkout.errors.remarksTooLong').optional().default(''),
    })
    .optional()
    .default({ remarks: '' }),
});
export type SeckillSubmit = z.infer<typeof SeckillSubmitSchema>;

/** → the order's number, reserved at once; the order itself is written from the queue. */
export const SeckillSubmitResultSchema = z.object({ orderNumbers: z.string() });
export type SeckillSubmitResult = z.infer<typeof SeckillSubmitResultSchema>;

/** GET /p/seckill/createOrderStatus?orderNumber= */
export const SeckillOrderStatusQuerySchema = z.object({ orderNumber: z.string('orders.errors.notFound').regex(/^\d{1,20}$/, 'orders.errors.notFound') });
/**
 * `created` is true once the order exists (reference §2.4); `state` also tells a failure at once
 * ('failed' with the localized reason, e.g. the address was deleted meanwhile), so the page need not
 * wait for its 10 polls.
 */
export const SeckillOrderStatusSchema = z.object({
  created: z.boolean(),
  state: z.enum(SECKILL_QUEUE_STATES),
  message: z.string().nullable(),
});
export type SeckillOrderStatus = z.infer<typeof SeckillOrderStatusSchema>;

/** POST /p/seckill/remind {seckillId}: an upcoming activity; an SMS to the account's phone when it starts. DELETE /p/seckill/remind/:seckillId undoes it. */
export const SeckillRemindSchema = z.object({ seckillId: id('seckill.errors.notFound') });
export type SeckillRemind = z.infer<typeof SeckillRemindSchema>;
export const SeckillRemindParamSchema = z.object({ seckillId: id('seckill.errors.notFound') });
/** GET /p/seckill/reminds → the shopper's activities with a reminder still to send. */
export const SeckillRemindsResultSchema = z.object({ seckillIds: z.array(z.number().int()) });
export type SeckillRemindsResult = z.infer<typeof SeckillRemindsResultSchema>;

// ---------------------------------------------------------------------------------------------
// The merchant center (/merchant/seckills..., permission shop seckill.manage)
// ---------------------------------------------------------------------------------------------

export const MerchantSeckillSkuInputSchema = z.object({
  skuId: id('seckill.errors.sku'),
  seckillPrice: z.number('seckill.errors.price').int('seckill.errors.price').min(1, 'seckill.errors.price').max(100_000_000, 'seckill.errors.price'),
  /** Taken from the SKU's stock when the activity is created (given back when it ends or is rejected). */
  seckillStocks: z.number('seckill.errors.stocks').int('seckill.errors.stocks').min(1, 'seckill.errors.stocks').max(SECKILL_STOCK_MAX, 'seckill.errors.stocks'),
});
export type MerchantSeckillSkuInput = z.infer<typeof MerchantSeckillSkuInputSchema>;

/** POST /merchant/seckills → {seckillId}. The window is a session of the platform's (its start and end) or the shop's own. */
export const MerchantSeckillInputSchema = z
  .object({
    nameZh: textInput('seckill.errors.nameRequired').trim().min(1, 'seckill.errors.nameRequired').max(SECKILL_NAME_MAX_LENGTH, 'seckill.errors.nameTooLong'),
    nameEn: textInput('seckill.errors.nameEnTooLong').trim().max(SECKILL_NAME_EN_MAX_LENGTH, 'seckill.errors.nameEnTooLong').nullable().default(null),
    prodId: id('seckill.errors.product'),
    startTime: apiTime('seckill.errors.startTime'),
    endTime: apiTime('seckill.errors.endTime'),
    /** -1 = no limit. */
    maxNum: z.number('seckill.errors.maxNum').int('seckill.errors.maxNum').min(SECKILL_MAX_NUM_UNLIMITED, 'seckill.errors.maxNum').max(SECKILL_MAX_NUM_MAX, 'seckill.errors.maxNum').refine((v) => v !== 0, 'seckill.errors.maxNum'),
    maxCancelTime: z
      .number('seckill.errors.maxCancelTime')
      .int('seckill.errors.maxCancelTime')
      .min(SECKILL_MAX_CANCEL_TIME_MIN, 'seckill.errors.maxCancelTime')
      .max(SECKILL_MAX_CANCEL_TIME_MAX, 'seckill.errors.maxCancelTime')
      .default(SECKILL_MAX_CANCEL_TIME_DEFAULT),
    skus: z.array(MerchantSeckillSkuInputSchema).min(1, 'seckill.errors.skusRequired').max(100, 'seckill.errors.skusRequired'),
  })
  // A field that did not parse has its own message (and is not a Date or a list here), so these checks skip it.
  .refine((v) => !(v.startTime instanceof Date && v.endTime instanceof Date) || v.endTime.getTime() > v.startTime.getTime(), { message: 'seckill.errors.endAfterStart', path: ['endTime'] })
  .refine((v) => !Array.isArray(v.skus) || new Set(v.skus.map((s) => s?.skuId)).size === v.skus.length, { message: 'seckill.errors.skuTwice', path: ['skus'] });
export type MerchantSeckillInput = z.infer<typeof MerchantSeckillInputSchema>;
export const MerchantSeckillCreatedSchema = z.object({ seckillId: z.number().int() });

/** What a console list filters by: the shown state (with the review and status applied). */
export const SECKILL_LIST_STATES = ['pending', 'rejected', 'upcoming', 'running', 'ended', 'offline'] as const;
export type SeckillListState = (typeof SECKILL_LIST_STATES)[number];

/** GET /merchant/seckills */
export const MerchantSeckillQuerySchema = PageQuerySchema.extend({
  state: z.enum(SECKILL_LIST_STATES, 'validation.invalid').optional(),
  prodName: textInput('validation.invalid').trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.invalid').optional(),
});
export type MerchantSeckillQuery = z.infer<typeof MerchantSeckillQuerySchema>;

/** Live counts of an activity (GET /merchant/seckills/:id/counts; also in each row). */
export const SeckillCountsSchema = z.object({
  seckillId: z.number().int(),
  totalStocks: z.number().int(),
  /** Units left in the stock gate (Redis or the embedded gate) while running, else in PostgreSQL. */
  stocksLeft: z.number().int(),
  /** Units in accepted attempts (queued or written), written orders by state, and attempts still queued. */
  soldNum: z.number().int(),
  unpaidNum: z.number().int(),
  paidNum: z.number().int(),
  cancelledNum: z.number().int(),
  queuedNum: z.number().int(),
});
export type SeckillCounts = z.infer<typeof SeckillCountsSchema>;

export const SeckillRowSchema = z.object({
  seckillId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  nameZh: z.string(),
  nameEn: z.string().nullable(),
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  listState: z.enum(SECKILL_LIST_STATES),
  /** Stored status 1/0/-1 and review -1/0/1 with their reasons. */
  status: z.number().int(),
  auditStatus: z.number().int(),
  auditReason: z.string().nullable(),
  offlineReason: z.string().nullable(),
  maxNum: z.number().int(),
  maxCancelTime: z.number().int(),
  minSeckillPrice: fen,
  counts: SeckillCountsSchema,
  createdAt: z.string(),
});
export type SeckillRow = z.infer<typeof SeckillRowSchema>;
export const SeckillRowPageSchema = pageOf(SeckillRowSchema);

export const SeckillRowSkuSchema = z.object({
  seckillSkuId: z.number().int(),
  skuId: z.number().int(),
  skuName: z.string(),
  price: fen,
  seckillPrice: fen,
  totalStocks: z.number().int(),
  /** PostgreSQL's flash stock (drops as orders are written). */
  seckillStocks: z.number().int(),
});
/** GET /merchant/seckills/:id and GET /admin/seckills/:id */
export const SeckillRowDetailSchema = SeckillRowSchema.extend({ skus: z.array(SeckillRowSkuSchema) });
export type SeckillRowDetail = z.infer<typeof SeckillRowDetailSchema>;

/** POST /merchant/seckills/:id/end: ends a running or upcoming activity now (status 0); its unsold flash stock goes back to the SKUs. */
export const SeckillIdParamSchema = z.object({ id: id('seckill.errors.notFound') });

// ---------------------------------------------------------------------------------------------
// The platform console (/admin/seckill..., permission platform seckill.manage)
// ---------------------------------------------------------------------------------------------

/** The day's session times (GET /admin/seckill/sessions; PUT replaces them; GET /merchant/seckill/sessions reads them). */
export const SeckillSessionTimeSchema = z.object({
  startTime: clockTime,
  durationMinutes: z.number('seckill.errors.sessionDuration').int('seckill.errors.sessionDuration').min(1, 'seckill.errors.sessionDuration').max(SECKILL_SESSION_MINUTES_MAX, 'seckill.errors.sessionDuration'),
});
export type SeckillSessionTime = z.infer<typeof SeckillSessionTimeSchema>;
export const SeckillSessionTimesSchema = z.object({
  sessions: z
    .array(SeckillSessionTimeSchema)
    .min(1, 'seckill.errors.sessionsRequired')
    .max(SECKILL_SESSIONS_MAX, 'seckill.errors.sessionsTooMany')
    .refine((list) => new Set(list.map((s) => s?.startTime)).size === list.length, 'seckill.errors.sessionTwice'),
});
export type SeckillSessionTimes = z.infer<typeof SeckillSessionTimesSchema>;

/** GET /admin/seckills */
export const AdminSeckillQuerySchema = MerchantSeckillQuerySchema.extend({
  shopId: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').optional(),
});
export type AdminSeckillQuery = z.infer<typeof AdminSeckillQuerySchema>;

/** POST /admin/seckills/:id/review: approve, or reject with a reason the shop sees. */
export const SeckillReviewSchema = z
  .object({
    approve: z.boolean('validation.invalid'),
    reason: textInput('seckill.errors.reasonTooLong').trim().max(SECKILL_REASON_MAX_LENGTH, 'seckill.errors.reasonTooLong').optional().default(''),
  })
  .refine((v) => v.approve !== false || typeof v.reason !== 'string' || v.reason.length > 0, { message: 'seckill.errors.reasonRequired', path: ['reason'] });
export type SeckillReview = z.infer<typeof SeckillReviewSchema>;

/** POST /admin/seckills/:id/offline: takes an approved activity offline with a reason (status 0). */
export const SeckillOfflineSchema = z.object({
  reason: textInput('seckill.errors.reasonRequired').trim().min(1, 'seckill.errors.reasonRequired').max(SECKILL_REASON_MAX_LENGTH, 'seckill.errors.reasonTooLong'),
});
export type SeckillOffline = z.infer<typeof SeckillOfflineSchema>;

/** GET /admin/seckill/reports: the reconciliations after each activity's end, differences first. */
export const SeckillReportQuerySchema = PageQuerySchema.extend({
  seckillId: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').optional(),
  onlyMismatch: z
    .enum(['true', 'false'], 'validation.invalid')
    .transform((v) => v === 'true')
    .optional(),
});
export type SeckillReportQuery = z.infer<typeof SeckillReportQuerySchema>;

/** One SKU's reconciliation: what the gate accepted against what PostgreSQL holds. */
export const SeckillReportSchema = z.object({
  id: z.number().int(),
  seckillId: z.number().int(),
  seckillName: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  seckillSkuId: z.number().int(),
  skuName: z.string(),
  totalStocks: z.number().int(),
  /** The gate's stock left (Redis, or the embedded gate; null when the gate no longer had the activity). */
  gateStocks: z.number().int().nullable(),
  /** PostgreSQL's flash stock left. */
  dbStocks: z.number().int(),
  /** Units the gate accepted, and units in written orders not cancelled (+ cancelled ones given back). */
  acceptedNum: z.number().int(),
  orderedNum: z.number().int(),
  cancelledNum: z.number().int(),
  /** gateStocks - dbStocks (0 when they agree) and whether everything matched. */
  difference: z.number().int(),
  matched: z.boolean(),
  createdAt: z.string(),
});
export type SeckillReport = z.infer<typeof SeckillReportSchema>;
export const SeckillReportPageSchema = pageOf(SeckillReportSchema);
