// After-sales requests (issue 26; docs/decisions/059-after-sales-requests.md). Every payload of the
// refund calls, for the server (validation) and the storefront and consoles (types). Messages are
// i18n keys: the server's under `refundErrors.*` (i18n/{zh,en}/aftersale-messages.ts).
//
// Shopper (reference 2.7; Authorization required):
//   GET  /p/orderRefund/applyInfo?orderNumber&orderItemId  what may be applied for (RefundApplyInfo)
//   POST /p/orderRefund/apply                               RefundApply -> refundSn (plain string)
//   GET  /p/orderRefund/list?current&size&applyType&tab     Page<RefundListItem>, newest first
//   GET  /p/orderRefund/info?refundSn                       RefundDetail (history, delivery, deadline)
//   PUT  /p/orderRefund/cancel                              body: the raw refundSn (or {refundSn}); status 1 -> 6
//   POST /p/orderRefund/update_refund                       RefundUpdate; a refused request (7) -> 1, or edit in 1
//   POST /p/orderRefund/submitExpress                       RefundExpress; status 2 -> 3 (returns)
//   PUT  /p/orderRefund/reSubmitExpress                     RefundExpress; edits the waybill in 3 only
//   PUT  /p/orderRefund/updateRefundAmount                  RefundAmountUpdate; in 1 only (after acceptance only the waybill changes)
//   POST /p/orderRefund/applyPlatform                       RefundApplyPlatform; after a refusal (7): the platform steps in
// Merchant center (permission in brackets):
//   GET  /merchant/refunds                                  MerchantRefundQuery -> MerchantRefundPage (with counts) [refunds.handle or refunds.receive]
//   GET  /merchant/refunds/counts                           RefundCounts (the dashboard) [refunds.handle or refunds.receive]
//   GET  /merchant/refunds/return-address                   ReturnAddress (the shop's, or its address and tel) [refunds.handle]
//   PUT  /merchant/refunds/return-address                   ReturnAddressInput [refunds.handle]
//   GET  /merchant/refunds/:refundSn                        MerchantRefundDetail [refunds.handle or refunds.receive]
//   PUT  /merchant/refunds/:refundSn/accept                 MerchantRefundAccept (return address; default the shop's) -> MerchantRefundDecision [refunds.handle]
//   PUT  /merchant/refunds/:refundSn/refuse                 MerchantRefundRefuse {reason} -> MerchantRefundDecision [refunds.handle]
//   PUT  /merchant/refunds/:refundSn/receive                {} returned goods arrived -> 4, refunds -> MerchantRefundDecision [refunds.receive]
// Platform console:
//   GET  /admin/refunds                                     AdminRefundQuery -> Page<AdminRefundListItem> [refunds.read]
//   GET  /admin/refunds/:refundSn                           AdminRefundDetail [refunds.read]
//   PUT  /admin/refunds/:refundSn/decide                    AdminRefundDecide {action: 'refund'|'close', reason} [refunds.decide]
//   GET  /admin/aftersale-settings                          AftersaleSettings [aftersale.settings]
//   PUT  /admin/aftersale-settings                          AftersaleSettings [aftersale.settings]
// The order list and detail (GET /p/myOrder/*) carry OrderRefundFields and, per item,
// OrderItemRefundFields: MyOrderWithRefundSchema and OrderDetailWithRefundSchema at the end.
import { z } from 'zod';
import {
  APPLY_TYPE,
  BUYER_REASONS,
  REFUND_DEFAULT_PERIODS,
  REFUND_SETTLE_STATUS,
  REFUND_STATUS,
  REFUND_TYPE,
} from '../constants/refund.ts';
import { PageQuerySchema, pageOf } from './common.ts';
import { MerchantOrderFilterFields } from './merchant-orders.ts';
import { MyOrderSchema, OrderDetailSchema, OrderItemSchema } from './order.ts';
import { textInput } from './text.ts';

export { APPLY_TYPE, BUYER_REASONS, REFUND_DEFAULT_PERIODS, REFUND_SETTLE_STATUS, REFUND_STATUS, REFUND_TYPE };

/** Instructions (buyerDesc), the refusal reason and the remarks: at most this many characters (spec 9). */
export const REFUND_DESC_MAX = 200;
/** Voucher images per request, and per return parcel (spec 9). */
export const REFUND_PHOTOS_MAX = 5;
/** A waybill number: letters, digits and dashes. */
export const REFUND_EXPRESS_NO_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
/** The platform's decision reason, shown to both sides. */
export const REFUND_DECIDE_REASON_MAX = 200;
/** Bounds of the period settings. */
export const AFTERSALE_DAYS_MAX = 60;
export const AFTERSALE_REMINDER_HOURS_MAX = 72;

/** A refund number: a 19-digit snowflake sent as a string. */
export const RefundSnSchema = z.string('refundErrors.notFound').trim().regex(/^\d{1,20}$/, 'refundErrors.notFound');
const orderNumber = z.string('refundErrors.orderNotFound').trim().regex(/^\d{1,20}$/, 'refundErrors.orderNotFound');
const int32 = (key: string, min = 0) => z.coerce.number(key).int(key).min(min, key).max(2_147_483_647, key);

const phone = z
  .string('refundErrors.mobileRequired')
  .trim()
  .min(1, 'refundErrors.mobileRequired')
  .regex(/^1\d{10}$/, 'refundErrors.mobileInvalid');

/** shop-application.ts's PUBLIC_IMAGE_PATTERN (not imported: that file imports this one's audit actions). */
const PUBLIC_IMAGE_PATTERN = /^\/uploads\/[A-Za-z0-9_./-]{1,200}$/;

/** A voucher: a public image the shopper uploaded (POST /p/file/upload/public). */
const voucher = z
  .string('refundErrors.photoInvalid')
  .trim()
  .max(300, 'refundErrors.photoInvalid')
  .regex(PUBLIC_IMAGE_PATTERN, 'refundErrors.photoInvalid')
  .refine((v) => !v.includes('..'), 'refundErrors.photoInvalid');

/** Up to 5 vouchers: an array, or (Mall4j's clients) a comma-joined list. */
const vouchers = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : v == null ? [] : v),
  z.array(voucher, 'refundErrors.photoInvalid').max(REFUND_PHOTOS_MAX, 'refundErrors.tooManyPhotos'),
);

const desc = (key: string) =>
  textInput(key)
    .trim()
    .max(REFUND_DESC_MAX, key)
    .optional()
    .transform((v) => v ?? '');

// ---------------------------------------------------------------------------------------------
// The shopper

/** GET /p/orderRefund/applyInfo: orderItemId 0 (or absent) asks about the whole order. */
export const RefundApplyInfoQuerySchema = z.object({
  orderNumber,
  orderItemId: int32('refundErrors.itemNotFound').default(0),
});
export type RefundApplyInfoQuery = z.infer<typeof RefundApplyInfoQuerySchema>;

/** One line of an order as the after-sales pages show it (names in the reader's language). */
export const RefundItemSchema = z.object({
  orderItemId: z.number().int(),
  prodId: z.number().int(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string(),
  /** Unit price, fen. */
  price: z.number().int(),
  prodCount: z.number().int(),
  /** What the line cost after every reduction, fen. */
  actualTotal: z.number().int(),
});
export type RefundItem = z.infer<typeof RefundItemSchema>;

/**
 * What the apply page may offer. `maxRefundAmount` excludes the shipping; `freightAmount` is the
 * shipping that comes with it when this is the last unrefunded item (else 0): the client shows a
 * confirmation and sends `freightConfirmed: true`, and the ceiling is then maxRefundAmount + freightAmount.
 */
export const RefundApplyInfoSchema = z.object({
  orderNumber: z.string(),
  /** 0 = the whole order. */
  orderItemId: z.number().int(),
  refundType: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** The order's status (reference section 3). */
  orderStatus: z.number().int(),
  /** The lines concerned: one, or every line of the order. */
  items: z.array(RefundItemSchema),
  /** 1..maxGoodsNum (the ordered count; the order's total count for a whole-order request). */
  maxGoodsNum: z.number().int(),
  maxRefundAmount: z.number().int(),
  /** The unit's actual price (fen, rounded down): the amount for n pieces is at most n times it (the last piece takes the rest). */
  unitAmount: z.number().int(),
  isLastItem: z.boolean(),
  freightAmount: z.number().int(),
  /** Offered service types: [1] before shipment or when not received, [1, 2] after. */
  applyTypes: z.array(z.number().int()),
  /** 1 received, 0 not: the default cargo status. */
  isReceiver: z.number().int(),
  /** Reasons the shopper may pick (never 7). */
  reasons: z.array(z.number().int()),
  /** The shopper's own mobile, to prefill. */
  mobile: z.string().nullable(),
  /** The last moment to apply ('yyyy-MM-dd HH:mm:ss' GMT+8), null before receipt. */
  applyDeadline: z.string().nullable(),
});
export type RefundApplyInfo = z.infer<typeof RefundApplyInfoSchema>;

/**
 * What editing a request may offer: applyInfo's limits, computed the same way on the order without
 * the request itself (its own amount does not count), so the edit form offers the line's whole
 * ceiling and the shipping with the last item(s), as the apply form does.
 */
export const RefundEditLimitsSchema = RefundApplyInfoSchema.pick({
  maxGoodsNum: true,
  maxRefundAmount: true,
  unitAmount: true,
  isLastItem: true,
  freightAmount: true,
  applyTypes: true,
  isReceiver: true,
  reasons: true,
});
export type RefundEditLimits = z.infer<typeof RefundEditLimitsSchema>;

/** A refund amount in fen, up to 100 million yuan: missing or not a number is "enter it"; negative, fractional or larger is "not valid". */
const amount = z
  .number('refundErrors.amountRequired')
  .int('refundErrors.amountInvalid')
  .min(0, 'refundErrors.amountInvalid')
  .max(10_000_000_000, 'refundErrors.amountInvalid');

/** The apply page's editable fields, shared by apply and update_refund. */
const refundFields = {
  goodsNum: z.number('refundErrors.goodsNum').int('refundErrors.goodsNum').min(1, 'refundErrors.goodsNum').max(100_000, 'refundErrors.goodsNum'),
  applyType: z.union([z.literal(APPLY_TYPE.refundOnly), z.literal(APPLY_TYPE.returnAndRefund)], { error: 'refundErrors.applyType' }),
  isReceiver: z.union([z.literal(0), z.literal(1)], { error: 'refundErrors.isReceiver' }),
  /** BUYER_REASONS 0-6; 7 is the system's and is refused. */
  buyerReason: z.number('refundErrors.reason').int('refundErrors.reason').min(0, 'refundErrors.reason').max(6, 'refundErrors.reason'),
  buyerDesc: desc('refundErrors.descTooLong'),
  buyerMobile: phone,
  photoFiles: vouchers,
  refundAmount: amount,
  /** The shopper confirmed that the shipping is refunded with this last item (required then). */
  freightConfirmed: z.boolean('validation.invalid').default(false),
};

/** POST /p/orderRefund/apply -> the refundSn. refundType 1 whole order (orderItemId 0), 2 one item. */
export const RefundApplySchema = z.object({
  orderNumber,
  refundType: z.union([z.literal(REFUND_TYPE.order), z.literal(REFUND_TYPE.item)], { error: 'refundErrors.refundType' }),
  orderItemId: int32('refundErrors.itemNotFound').default(0),
  ...refundFields,
});
export type RefundApply = z.infer<typeof RefundApplySchema>;
export type RefundApplyInput = z.input<typeof RefundApplySchema>;

/** POST /p/orderRefund/update_refund: the apply fields of an existing request (order and item stay). */
export const RefundUpdateSchema = z.object({ refundSn: RefundSnSchema, ...refundFields });
export type RefundUpdate = z.infer<typeof RefundUpdateSchema>;
export type RefundUpdateInput = z.input<typeof RefundUpdateSchema>;

/** PUT /p/orderRefund/cancel: the raw refundSn as the body (Mall4j), or {refundSn}. */
export const RefundCancelSchema = z.union([RefundSnSchema, z.object({ refundSn: RefundSnSchema })], { error: 'refundErrors.notFound' }).transform((v) => (typeof v === 'string' ? v : v.refundSn));

/** GET /p/orderRefund/info. */
export const RefundSnQuerySchema = z.object({ refundSn: RefundSnSchema });
export const RefundSnParamSchema = RefundSnQuerySchema;

/** The list's tabs: all; in progress (1-4); refunded (5); refused (7); withdrawn or closed (6, -1). */
export const REFUND_TABS = ['all', 'processing', 'success', 'refused', 'closed'] as const;
export type RefundTab = (typeof REFUND_TABS)[number];
/** The statuses of each tab. */
export const REFUND_TAB_STATUSES: Record<RefundTab, readonly number[] | null> = {
  all: null,
  processing: [1, 2, 3, 4],
  success: [5],
  refused: [7],
  closed: [6, -1],
};

/** GET /p/orderRefund/list: newest first. applyType 0 (or absent) = both. */
export const RefundListQuerySchema = PageQuerySchema.extend({
  applyType: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(2, 'validation.invalid').default(0),
  tab: z.enum(REFUND_TABS, { error: 'validation.invalid' }).default('all'),
});
export type RefundListQuery = z.infer<typeof RefundListQuerySchema>;

/** Where the current step goes when its deadline passes. */
export const REFUND_DEADLINE_ACTIONS = ['agree', 'close', 'receive'] as const;
export type RefundDeadlineAction = (typeof REFUND_DEADLINE_ACTIONS)[number];

/** The platform's part: 0 none, 1 the shopper asked it to step in, 2 decided. */
export const REFUND_PLATFORM_STATUS = { none: 0, requested: 1, decided: 2 } as const;

/** One request as the lists show it. Times 'yyyy-MM-dd HH:mm:ss' GMT+8. */
export const RefundListItemSchema = z.object({
  refundSn: z.string(),
  orderNumber: z.string(),
  /** 0 = the whole order. */
  orderItemId: z.number().int(),
  refundType: z.number().int(),
  applyType: z.number().int(),
  /** REFUND_STATUS. */
  returnMoneySts: z.number().int(),
  /** REFUND_SETTLE_STATUS: the money's own state. */
  settleStatus: z.number().int(),
  goodsNum: z.number().int(),
  refundAmount: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  applyTime: z.string(),
  /** The current step's deadline and what happens then (null: none running). */
  deadline: z.string().nullable(),
  deadlineAction: z.enum(REFUND_DEADLINE_ACTIONS).nullable(),
  platformStatus: z.number().int(),
  /** The item (or every item of a whole-order request). */
  items: z.array(RefundItemSchema),
});
export type RefundListItem = z.infer<typeof RefundListItemSchema>;
export const RefundPageSchema = pageOf(RefundListItemSchema);

/** The return parcel: the buyer's waybill (null until sent) and where it goes (from acceptance). */
export const RefundDeliverySchema = z.object({
  dvyId: z.number().int().nullable(),
  dvyName: z.string().nullable(),
  dvyFlowId: z.string().nullable(),
  senderMobile: z.string().nullable(),
  senderRemarks: z.string().nullable(),
  imgs: z.array(z.string()),
  receiverName: z.string().nullable(),
  receiverMobile: z.string().nullable(),
  receiverAddr: z.string().nullable(),
});
export type RefundDelivery = z.infer<typeof RefundDeliverySchema>;

/** Who acted in the negotiation history. */
export const REFUND_ACTORS = ['buyer', 'seller', 'platform', 'system'] as const;
export type RefundActor = (typeof REFUND_ACTORS)[number];
/**
 * What happened: apply, edit (resubmitted or changed), amount, cancel, accept, refuse, ship
 * (waybill), reship (waybill edited), receive, applyPlatform, platformRefund, platformClose,
 * autoAgree / autoClose / autoReceive (a deadline passed), refunded (the money is back).
 * Catalog labels: aftersale.history.<action> (the UI catalogs).
 */
export const REFUND_HISTORY_ACTIONS = [
  'apply',
  'edit',
  'amount',
  'cancel',
  'accept',
  'refuse',
  'ship',
  'reship',
  'receive',
  'applyPlatform',
  'platformRefund',
  'platformClose',
  'autoAgree',
  'autoClose',
  'autoReceive',
  'refunded',
] as const;
export type RefundHistoryAction = (typeof REFUND_HISTORY_ACTIONS)[number];

export const RefundHistorySchema = z.object({
  id: z.number().int(),
  actor: z.enum(REFUND_ACTORS),
  action: z.enum(REFUND_HISTORY_ACTIONS),
  /** returnMoneySts after the action. */
  returnMoneySts: z.number().int(),
  /** The reason, remarks or description given (null: none). */
  note: z.string().nullable(),
  /** The amount at that point, fen. */
  refundAmount: z.number().int(),
  createTime: z.string(),
});
export type RefundHistory = z.infer<typeof RefundHistorySchema>;

/** GET /p/orderRefund/info: the request, its parcel, its history (oldest first) and what the shopper may do now. */
export const RefundDetailSchema = RefundListItemSchema.extend({
  isReceiver: z.number().int(),
  buyerReason: z.number().int(),
  buyerDesc: z.string(),
  buyerMobile: z.string().nullable(),
  photoFiles: z.array(z.string()),
  /** The ceiling (shipping included when freightAmount > 0). */
  maxRefundAmount: z.number().int(),
  freightAmount: z.number().int(),
  /** The seller's refusal reason or the platform's decision reason, as last given. */
  sellerMsg: z.string().nullable(),
  platformReason: z.string().nullable(),
  orderStatus: z.number().int(),
  orderActualTotal: z.number().int(),
  handleTime: z.string().nullable(),
  shipTime: z.string().nullable(),
  receiveTime: z.string().nullable(),
  refundTime: z.string().nullable(),
  cancelTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  delivery: RefundDeliverySchema.nullable(),
  history: z.array(RefundHistorySchema),
  canCancel: z.boolean(),
  canEdit: z.boolean(),
  canUpdateAmount: z.boolean(),
  canSubmitExpress: z.boolean(),
  canEditExpress: z.boolean(),
  canApplyPlatform: z.boolean(),
  /** Another request of the same goods (the same item, or any item of a whole-order request's order) is open: neither edit nor platform step-in can succeed. */
  otherOpenRequest: z.boolean(),
  /** What 修改申请 may offer (null when canEdit is false). */
  editLimits: RefundEditLimitsSchema.nullable(),
});
export type RefundDetail = z.infer<typeof RefundDetailSchema>;

/** POST /p/orderRefund/submitExpress (2 -> 3) and PUT /p/orderRefund/reSubmitExpress (edits in 3). expressId/expressName from GET /p/delivery/list. */
export const RefundExpressSchema = z.object({
  refundSn: RefundSnSchema,
  expressId: int32('refundErrors.expressRequired', 1),
  expressName: textInput('refundErrors.expressRequired').trim().min(1, 'refundErrors.expressRequired').max(100, 'refundErrors.expressRequired'),
  expressNo: z
    .string('refundErrors.expressNoRequired')
    .trim()
    .min(1, 'refundErrors.expressNoRequired')
    .regex(REFUND_EXPRESS_NO_PATTERN, 'refundErrors.expressNoInvalid'),
  mobile: phone,
  senderRemarks: desc('refundErrors.remarksTooLong'),
  imgs: vouchers,
});
export type RefundExpress = z.infer<typeof RefundExpressSchema>;
export type RefundExpressInput = z.input<typeof RefundExpressSchema>;

/** PUT /p/orderRefund/updateRefundAmount. */
export const RefundAmountUpdateSchema = z.object({ refundSn: RefundSnSchema, refundAmount: amount });
export type RefundAmountUpdate = z.infer<typeof RefundAmountUpdateSchema>;

/** POST /p/orderRefund/applyPlatform: after a refusal (7), ask the platform to step in. */
export const RefundApplyPlatformSchema = z.object({
  refundSn: RefundSnSchema,
  reason: textInput('refundErrors.platformReasonRequired')
    .trim()
    .min(1, 'refundErrors.platformReasonRequired')
    .max(REFUND_DESC_MAX, 'refundErrors.platformReasonTooLong'),
});
export type RefundApplyPlatform = z.infer<typeof RefundApplyPlatformSchema>;

// ---------------------------------------------------------------------------------------------
// The order pages (GET /p/myOrder/myOrder, myOrderSearch, orderDetail)

/** The order's after-sales fields: whether a whole-order request may be made now, and its ceiling. */
export const OrderRefundFieldsSchema = z.object({
  canRefund: z.boolean(),
  /** Fen the whole order may still get back (shipping included), 0 when canRefund is false. */
  canRefundAmount: z.number().int(),
});
export type OrderRefundFields = z.infer<typeof OrderRefundFieldsSchema>;

/** Each item's after-sales state: may it be applied for now, and its latest request (null: none). */
export const OrderItemRefundFieldsSchema = z.object({
  canRefund: z.boolean(),
  canRefundAmount: z.number().int(),
  refundSn: z.string().nullable(),
  /** The latest request's returnMoneySts (null: none). A whole-order request shows on every item. */
  returnMoneySts: z.number().int().nullable(),
});
export type OrderItemRefundFields = z.infer<typeof OrderItemRefundFieldsSchema>;

// ---------------------------------------------------------------------------------------------
// The merchant center

/** The merchant queue's tabs (REFUND_TAB_STATUSES plus the steps that wait for the shop). */
export const MERCHANT_REFUND_TABS = ['all', 'toHandle', 'toShip', 'toReceive', 'refunding', 'success', 'refused', 'closed'] as const;
export type MerchantRefundTab = (typeof MERCHANT_REFUND_TABS)[number];
/** The statuses of each merchant tab (refunding: 2 refund only or 4, money not yet back). */
export const MERCHANT_REFUND_TAB_STATUSES: Record<MerchantRefundTab, readonly number[] | null> = {
  all: null,
  toHandle: [1],
  toShip: [2],
  toReceive: [3],
  refunding: [4],
  success: [5],
  refused: [7],
  closed: [6, -1],
};

/**
 * GET /merchant/refunds: the shop's requests, newest first. keyword = a refund or order number (or
 * its start); dateFrom / dateTo: requested on or after / on or before these days (yyyy-MM-dd, the mall's time zone).
 */
export const MerchantRefundQuerySchema = PageQuerySchema.extend({
  dateFrom: MerchantOrderFilterFields.shape.dateFrom,
  dateTo: MerchantOrderFilterFields.shape.dateTo,
  tab: z.enum(MERCHANT_REFUND_TABS, { error: 'validation.invalid' }).default('all'),
  applyType: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(2, 'validation.invalid').default(0),
  keyword: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, 'refundErrors.keyword')
    .optional(),
});
export type MerchantRefundQuery = z.infer<typeof MerchantRefundQuerySchema>;

/** Requests per state (the dashboard and the tabs). */
export const RefundCountsSchema = z.object({
  applied: z.number().int(),
  accepted: z.number().int(),
  buyerShipped: z.number().int(),
  sellerReceived: z.number().int(),
  success: z.number().int(),
  refused: z.number().int(),
  closed: z.number().int(),
  /** Refused requests the shopper asked the platform to look at. */
  platformRequested: z.number().int(),
});
export type RefundCounts = z.infer<typeof RefundCountsSchema>;

export const MerchantRefundListItemSchema = RefundListItemSchema.extend({
  userNickName: z.string(),
  buyerReason: z.number().int(),
});
export type MerchantRefundListItem = z.infer<typeof MerchantRefundListItemSchema>;
export const MerchantRefundPageSchema = pageOf(MerchantRefundListItemSchema).extend({ counts: RefundCountsSchema });
export type MerchantRefundPage = z.infer<typeof MerchantRefundPageSchema>;

/** The request as the merchant sees it: the shopper's detail (without the shopper's actions) and the buyer. */
export const MerchantRefundDetailSchema = RefundDetailSchema.omit({
  canCancel: true,
  canEdit: true,
  canUpdateAmount: true,
  canSubmitExpress: true,
  canEditExpress: true,
  canApplyPlatform: true,
  otherOpenRequest: true,
  editLimits: true,
}).extend({
  userNickName: z.string(),
  /** What the shop may do now. */
  canAccept: z.boolean(),
  canRefuse: z.boolean(),
  canReceive: z.boolean(),
});
export type MerchantRefundDetail = z.infer<typeof MerchantRefundDetailSchema>;

/** Where returns go. */
export const ReturnAddressSchema = z.object({
  receiverName: z.string(),
  receiverMobile: z.string(),
  receiverAddr: z.string(),
});
export type ReturnAddress = z.infer<typeof ReturnAddressSchema>;

/** PUT /merchant/refunds/return-address, and the optional override when accepting a return. */
export const ReturnAddressInputSchema = z.object({
  receiverName: textInput('refundErrors.returnNameRequired').trim().min(1, 'refundErrors.returnNameRequired').max(50, 'refundErrors.returnNameTooLong'),
  receiverMobile: z
    .string('refundErrors.returnMobileRequired')
    .trim()
    .min(1, 'refundErrors.returnMobileRequired')
    .regex(/^(1\d{10}|0\d{2,3}-?\d{7,8})$/, 'refundErrors.returnMobileInvalid'),
  receiverAddr: textInput('refundErrors.returnAddrRequired').trim().min(5, 'refundErrors.returnAddrRequired').max(255, 'refundErrors.returnAddrTooLong'),
});
export type ReturnAddressInput = z.infer<typeof ReturnAddressInputSchema>;

/** PUT /merchant/refunds/:refundSn/accept: a return may name another address than the shop's. */
export const MerchantRefundAcceptSchema = z.object({ returnAddress: ReturnAddressInputSchema.optional() }).default({});
export type MerchantRefundAccept = z.infer<typeof MerchantRefundAcceptSchema>;

/**
 * What the shop's decisions answer (accept, refuse, receive): where the request stands after it,
 * returnMoneySts 5 and settleStatus 2 once the money is back. The page reads the request again for
 * the rest (decision 059: the decision sends only the statements the decision needs).
 */
export const MerchantRefundDecisionSchema = z.object({
  refundSn: z.string(),
  /** REFUND_STATUS. */
  returnMoneySts: z.number().int(),
  /** REFUND_SETTLE_STATUS. */
  settleStatus: z.number().int(),
});
export type MerchantRefundDecision = z.infer<typeof MerchantRefundDecisionSchema>;

/** PUT /merchant/refunds/:refundSn/refuse. */
export const MerchantRefundRefuseSchema = z.object({
  reason: textInput('refundErrors.refuseReasonRequired')
    .trim()
    .min(1, 'refundErrors.refuseReasonRequired')
    .max(REFUND_DESC_MAX, 'refundErrors.refuseReasonTooLong'),
});
export type MerchantRefundRefuse = z.infer<typeof MerchantRefundRefuseSchema>;

// ---------------------------------------------------------------------------------------------
// The platform console

/** GET /admin/refunds: every shop's requests, newest first. platform 1 = only those asking the platform to step in. */
export const AdminRefundQuerySchema = MerchantRefundQuerySchema.extend({
  shopId: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.invalid').max(2_147_483_647, 'validation.invalid').optional(),
  platform: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(1, 'validation.invalid').default(0),
});
export type AdminRefundQuery = z.infer<typeof AdminRefundQuerySchema>;

export const AdminRefundListItemSchema = MerchantRefundListItemSchema.extend({ userId: z.string() });
export type AdminRefundListItem = z.infer<typeof AdminRefundListItemSchema>;
export const AdminRefundPageSchema = pageOf(AdminRefundListItemSchema);

export const AdminRefundDetailSchema = MerchantRefundDetailSchema.omit({ canAccept: true, canRefuse: true, canReceive: true }).extend({
  userId: z.string(),
  /** The shopper's reason for asking the platform. */
  platformApplyReason: z.string().nullable(),
  /** Staff may decide now (a refused request the shopper asked about). */
  canDecide: z.boolean(),
});
export type AdminRefundDetail = z.infer<typeof AdminRefundDetailSchema>;

/**
 * PUT /admin/refunds/:refundSn/decide. 'refund': a refund only is refunded; a return whose goods
 * came back counts as received and is refunded; a return refused before the goods left goes to
 * 2 (the shopper sends them to the shop's return address). 'close': the request closes (-1).
 */
export const ADMIN_REFUND_ACTIONS = ['refund', 'close'] as const;
export const AdminRefundDecideSchema = z.object({
  action: z.enum(ADMIN_REFUND_ACTIONS, { error: 'refundErrors.decideAction' }),
  reason: textInput('refundErrors.decideReasonRequired')
    .trim()
    .min(1, 'refundErrors.decideReasonRequired')
    .max(REFUND_DECIDE_REASON_MAX, 'refundErrors.decideReasonTooLong'),
});
export type AdminRefundDecide = z.infer<typeof AdminRefundDecideSchema>;

const days = z.number('refundErrors.periodDays').int('refundErrors.periodDays').min(1, 'refundErrors.periodDays').max(AFTERSALE_DAYS_MAX, 'refundErrors.periodDays');

/** GET/PUT /admin/aftersale-settings: the periods (defaults REFUND_DEFAULT_PERIODS). */
export const AftersaleSettingsSchema = z.object({
  applyDays: days,
  sellerHandleDays: days,
  buyerShipDays: days,
  sellerReceiveDays: days,
  reminderHours: z
    .number('refundErrors.reminderHours')
    .int('refundErrors.reminderHours')
    .min(1, 'refundErrors.reminderHours')
    .max(AFTERSALE_REMINDER_HOURS_MAX, 'refundErrors.reminderHours'),
});
export type AftersaleSettings = z.infer<typeof AftersaleSettingsSchema>;

/** The platform's audit log entries of after-sales (schemas/shop-application.ts AUDIT_ACTIONS). */
export const REFUND_AUDIT_ACTIONS = ['refund.decide', 'aftersale.settings'] as const;
/** The shop's log entries of after-sales (the merchant center's staff log). */
export const REFUND_SHOP_LOG_ACTIONS = ['refund.accept', 'refund.refuse', 'refund.receive', 'refund.returnAddress'] as const;

/** A reminder before a deadline, to the party who must act (texts: refundNotices.<kind>Title / <kind>). */
export const REFUND_NOTICE_KINDS = ['sellerHandle', 'buyerShip', 'sellerReceive'] as const;
export const RefundNoticeSchema = z.object({
  id: z.number().int(),
  refundSn: z.string(),
  kind: z.enum(REFUND_NOTICE_KINDS),
  title: z.string(),
  content: z.string(),
  deadline: z.string(),
  createTime: z.string(),
});
export type RefundNotice = z.infer<typeof RefundNoticeSchema>;

/**
 * GET /p/myOrder/myOrder and myOrderSearch (a page of these) and GET /p/myOrder/orderDetail: the
 * order with OrderRefundFields, and each item with OrderItemRefundFields.
 */
export const MyOrderItemWithRefundSchema = OrderItemSchema.extend(OrderItemRefundFieldsSchema.shape);
export type MyOrderItemWithRefund = z.infer<typeof MyOrderItemWithRefundSchema>;
export const MyOrderWithRefundSchema = MyOrderSchema.extend({ ...OrderRefundFieldsSchema.shape, orderItemDtos: z.array(MyOrderItemWithRefundSchema) });
export type MyOrderWithRefund = z.infer<typeof MyOrderWithRefundSchema>;
export const OrderDetailWithRefundSchema = OrderDetailSchema.extend({ ...OrderRefundFieldsSchema.shape, orderItemDtos: z.array(MyOrderItemWithRefundSchema) });
export type OrderDetailWithRefund = z.infer<typeof OrderDetailWithRefundSchema>;
