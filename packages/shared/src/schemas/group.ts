// Group-buy (拼团, issue 29; reference §2.4, §3, §5.5; decision 065): one schema per payload of every
// shopper call, shared by the API and the storefront. Money in fen; times 'yyyy-MM-dd HH:mm:ss' in GMT+8
// as every call answers them, plus epoch ms (`endAt`, `serverTime`) where a countdown runs. Each message
// is an i18n key (groupbuy.errors.* in i18n/{zh,en}/groupbuy-messages.ts).
import { z } from 'zod';
import { MERCHANT_MESSAGE_MAX_LENGTH } from '../constants/limits.ts';
import { GROUP_JOIN_LIST_DEFAULT, GROUP_JOIN_LIST_MAX, GROUP_PROD_COUNT_MAX } from '../constants/group.ts';
import { AddressSchema } from './address.ts';
import { PageQuerySchema, pageOf } from './common.ts';
import { CheckoutUuidSchema, OrderNumberSchema } from './order.ts';
import { textInput } from './text.ts';
import { activityState, fen } from './group-activity.ts';

export { GroupActivityVOSchema, GroupSkuSchema, type GroupActivityVO, type GroupSku } from './group-activity.ts';

const INT_MAX = 2_147_483_647;
const id = (key: string) => z.coerce.number(key).int(key).min(1, key).max(INT_MAX, key);
/** 0 waiting for the leader's payment, 1 grouping, 2 success, 3 failed (GROUP_TEAM_STATUS). */
const teamStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

// ---------------------------------------------------------------------------------------------
// Public reads: /group-buy, the detail page's group panel, its open teams
// ---------------------------------------------------------------------------------------------

/** GET /group/activities (the /group-buy page): the running activities, newest first, paged. */
export const GroupActivityListQuerySchema = PageQuerySchema;
export type GroupActivityListQuery = z.infer<typeof GroupActivityListQuerySchema>;

/** A card of /group-buy (and of the home page's group-buy block). */
export const GroupActivityCardSchema = z.object({
  groupActivityId: z.number().int(),
  prodId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** The activity's name and the product's, in the reader's language (zh fallback). */
  activityName: z.string(),
  prodName: z.string(),
  pic: z.string(),
  /** The lowest group price of its SKUs, and the lowest single-buy price of those SKUs. */
  groupPrice: fen,
  price: fen,
  /** People per team. */
  groupNumber: z.number().int(),
  /** Teams that succeeded so far, and the units sold at the group price (paid group orders). */
  teamsFormed: z.number().int(),
  soldNum: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
});
export type GroupActivityCard = z.infer<typeof GroupActivityCardSchema>;
export const GroupActivityCardPageSchema = pageOf(GroupActivityCardSchema);
export type GroupActivityCardPage = z.infer<typeof GroupActivityCardPageSchema>;

/** GET /group/joinGroupList?groupActivityId=&size=: the open teams a shopper may join, those closest to full first. */
export const GroupJoinListQuerySchema = z.object({
  groupActivityId: id('groupbuy.errors.notFound'),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(GROUP_JOIN_LIST_MAX, 'validation.pageSize').default(GROUP_JOIN_LIST_DEFAULT),
});
export type GroupJoinListQuery = z.infer<typeof GroupJoinListQuerySchema>;

export const GroupOpenTeamSchema = z.object({
  groupTeamId: z.number().int(),
  /** The leader's avatar ('' = the default picture) and nickname. */
  leaderPic: z.string(),
  leaderNickName: z.string(),
  /** Paid members, the team size, and the places missing (groupNumber - joinNum). */
  joinNum: z.number().int(),
  groupNumber: z.number().int(),
  missing: z.number().int(),
  endTime: z.string(),
  /** Epoch ms of the team's end (the countdown runs to it against serverTime). */
  endAt: z.number().int(),
});
export type GroupOpenTeam = z.infer<typeof GroupOpenTeamSchema>;

export const GroupJoinListSchema = z.object({
  /** Epoch ms on the server when it answered. */
  serverTime: z.number().int(),
  teams: z.array(GroupOpenTeamSchema),
});
export type GroupJoinList = z.infer<typeof GroupJoinListSchema>;

// ---------------------------------------------------------------------------------------------
// The shopper's group order (logged in, /p/...)
// ---------------------------------------------------------------------------------------------

/**
 * POST /p/group/order/confirm (reference §2.4). addrId 0 = the default address; groupTeamId 0 = open a new
 * team as its leader, else join that open team. The result is cached for this user + uuid (reference §5.2).
 */
export const GroupConfirmSchema = z.object({
  addrId: z.coerce.number('checkout.errors.selectAddress').int('checkout.errors.selectAddress').min(0, 'checkout.errors.selectAddress').max(INT_MAX, 'checkout.errors.selectAddress').default(0),
  groupSkuId: id('groupbuy.errors.skuRequired'),
  groupTeamId: z.coerce.number('groupbuy.errors.teamNotFound').int('groupbuy.errors.teamNotFound').min(0, 'groupbuy.errors.teamNotFound').max(INT_MAX, 'groupbuy.errors.teamNotFound').default(0),
  prodCount: z.number('groupbuy.errors.count').int('groupbuy.errors.count').min(1, 'groupbuy.errors.count').max(GROUP_PROD_COUNT_MAX, 'groupbuy.errors.count'),
  uuid: CheckoutUuidSchema,
});
export type GroupConfirm = z.infer<typeof GroupConfirmSchema>;

/** The priced group order: the activity price only (no coupons, promotions, member discount or points). */
export const GroupConfirmResultSchema = z.object({
  groupActivityId: z.number().int(),
  groupSkuId: z.number().int(),
  /** 0 = this order opens a new team. */
  groupTeamId: z.number().int(),
  prodId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  prodName: z.string(),
  skuId: z.number().int(),
  skuName: z.string(),
  pic: z.string(),
  prodCount: z.number().int(),
  /** The group price and the single-buy price of the SKU. */
  actPrice: fen,
  price: fen,
  /** Goods at the group price, the freight (the shop's rule for the address), and what is paid. */
  total: fen,
  transFee: fen,
  actualTotal: fen,
  /** 0 physical, 1 virtual (no address needed, no freight). */
  mold: z.number().int(),
  /** Null while the shopper has no address (submit is then refused for physical goods). */
  userAddr: AddressSchema.nullable(),
  groupNumber: z.number().int(),
  /** Minutes the team stays open after its leader pays. */
  groupValidTime: z.number().int(),
  hasMaxNum: z.boolean(),
  /** null when hasMaxNum is false; units this shopper already holds (unpaid and paid group orders of the activity); the most this order may take (null = no limit). */
  maxNum: z.number().int().nullable(),
  boughtNum: z.number().int(),
  canBuyNum: z.number().int().nullable(),
  /** Minutes an unpaid order is kept (as any order). */
  cancelMinutes: z.number().int(),
});
export type GroupConfirmResult = z.infer<typeof GroupConfirmResultSchema>;

/**
 * POST /p/group/order/submit (reference §2.4): takes what confirm priced under this uuid (once; a second
 * submit answers 400 'Please do not submit orders at the same time' or 'order has expired').
 * groupTeamId, when given, must be confirm's. Remarks come either in orderShopParams (reference) or as remarks.
 */
export const GroupSubmitSchema = z.object({
  uuid: CheckoutUuidSchema,
  groupTeamId: z.coerce.number('groupbuy.errors.teamNotFound').int('groupbuy.errors.teamNotFound').min(0, 'groupbuy.errors.teamNotFound').max(INT_MAX, 'groupbuy.errors.teamNotFound').optional(),
  remarks: textInput('checkout.errors.remarksTooLong').trim().max(MERCHANT_MESSAGE_MAX_LENGTH, 'checkout.errors.remarksTooLong').optional(),
  orderShopParams: z
    .array(
      z.object({
        shopId: id('groupbuy.errors.notFound').optional(),
        remarks: textInput('checkout.errors.remarksTooLong').trim().max(MERCHANT_MESSAGE_MAX_LENGTH, 'checkout.errors.remarksTooLong').optional().default(''),
      }),
    )
    .max(1, 'validation.invalid')
    .optional(),
});
export type GroupSubmit = z.infer<typeof GroupSubmitSchema>;

/** → the order's number (one order; it then goes to the payment page as any order). */
export const GroupSubmitResultSchema = z.object({ orderNumbers: z.string() });
export type GroupSubmitResult = z.infer<typeof GroupSubmitResultSchema>;

// ---------------------------------------------------------------------------------------------
// The team: GET /p/group/teamInfo?orderNumber= (my order's team) and GET /group/teamInfo?groupTeamId= (the share link)
// ---------------------------------------------------------------------------------------------

export const GroupTeamByOrderQuerySchema = z.object({ orderNumber: OrderNumberSchema });
export type GroupTeamByOrderQuery = z.infer<typeof GroupTeamByOrderQuerySchema>;
export const GroupTeamByIdQuerySchema = z.object({ groupTeamId: id('groupbuy.errors.teamNotFound') });
export type GroupTeamByIdQuery = z.infer<typeof GroupTeamByIdQuerySchema>;

/** A seat: paid members (and robots once a team is filled by them), the leader first, then in order of joining. */
export const GroupMemberSchema = z.object({
  /** '' = the default avatar (robots have none). */
  pic: z.string(),
  nickName: z.string(),
  leader: z.boolean(),
  robot: z.boolean(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

export const GroupTeamProductSchema = z.object({
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** The lowest group price and single-buy price of the activity's SKUs. */
  groupPrice: fen,
  price: fen,
});

export const GroupTeamActivitySchema = z.object({
  groupActivityId: z.number().int(),
  activityName: z.string(),
  state: activityState,
  groupNumber: z.number().int(),
  hasRobot: z.boolean(),
  endTime: z.string(),
});

/** My order in the team (only on /p/group/teamInfo). */
export const GroupTeamOrderSchema = z.object({
  orderNumber: z.string(),
  /** The order's status (7 grouping, 2 once the team succeeded, 6 closed after a failed team's refund, 1 unpaid). */
  status: z.number().int(),
  /** 0 unpaid, 1 paid, -1 invalid. */
  groupOrderStatus: z.number().int(),
  leader: z.boolean(),
  /**
   * The team the shopper asked to join was full, ended or failed when they paid, so this order opened this
   * new team instead (reference §5.5); the page says so. null otherwise.
   */
  movedFromTeamId: z.number().int().nullable(),
});
export type GroupTeamOrder = z.infer<typeof GroupTeamOrderSchema>;

export const GroupTeamInfoSchema = z.object({
  groupTeamId: z.number().int(),
  status: teamStatus,
  groupNumber: z.number().int(),
  joinNum: z.number().int(),
  /** groupNumber - joinNum while open, else 0. */
  missing: z.number().int(),
  /** Null until the leader pays (status 0). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  endAt: z.number().int().nullable(),
  serverTime: z.number().int(),
  /** True while a shopper may still pay into it: status 1, places missing, before its end, the activity running. */
  joinable: z.boolean(),
  /** Sent when the shopper asking is signed in: they hold a seat in this team (then joinable is false). */
  inTeam: z.boolean().optional(),
  members: z.array(GroupMemberSchema),
  product: GroupTeamProductSchema,
  activity: GroupTeamActivitySchema,
  order: GroupTeamOrderSchema.nullable(),
});
export type GroupTeamInfo = z.infer<typeof GroupTeamInfoSchema>;
