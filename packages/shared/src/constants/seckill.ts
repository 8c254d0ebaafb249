// Flash sale (秒杀, issue 27; reference §2.4, §3, §5.1, §5.4, §5.6; decision 062). Plain constants
// without zod, so the storefront's countdown and polling code can read them without the schemas.
import { BIZ_TYPES, PAGE_IDS } from './page-ids.ts';

/** The stored `status` (reference §3): 1 enabled, 0 off (ended early by the shop or taken offline by staff), -1 deleted. */
export const SECKILL_STATUS = { deleted: -1, off: 0, on: 1 } as const;

/** The platform's review before an activity goes live: 0 waiting, 1 approved, -1 rejected (with a reason). */
export const SECKILL_AUDIT = { rejected: -1, pending: 0, approved: 1 } as const;

/** The shown activity state (reference §3): 1 not started, 2 running, 3 ended. */
export const SECKILL_STATE = { notStarted: 1, running: 2, ended: 3 } as const;
export type SeckillState = (typeof SECKILL_STATE)[keyof typeof SECKILL_STATE];

/** seckill_orders.state: -2 the queued attempt could not be written (its unit went back), -1 cancelled, 0 unpaid, 1 paid. */
export const SECKILL_ORDER_STATE = { failed: -2, cancelled: -1, unpaid: 0, paid: 1 } as const;

/** What createOrderStatus answers while polling. */
export const SECKILL_QUEUE_STATES = ['queued', 'created', 'failed'] as const;
export type SeckillQueueState = (typeof SECKILL_QUEUE_STATES)[number];

/** maxNum -1 = no per-user limit (reference §3). */
export const SECKILL_MAX_NUM_UNLIMITED = -1;
/** The largest per-user limit a shop may set, and the most units one attempt may take. */
export const SECKILL_MAX_NUM_MAX = 99;
/** maxCancelTime (minutes an unpaid flash order is kept, reference §5.4): default 30, 1 to 1,440. */
export const SECKILL_MAX_CANCEL_TIME_DEFAULT = 30;
export const SECKILL_MAX_CANCEL_TIME_MIN = 1;
export const SECKILL_MAX_CANCEL_TIME_MAX = 1440;
/** An activity's flash stock per SKU, and its window (at most 7 days). */
export const SECKILL_STOCK_MAX = 1_000_000;
export const SECKILL_MAX_DAYS = 7;
export const SECKILL_NAME_MAX_LENGTH = 30;
export const SECKILL_NAME_EN_MAX_LENGTH = 60;
export const SECKILL_REASON_MAX_LENGTH = 200;

/** The one-time order path lives 5 minutes, per user and product (reference §5.6). */
export const SECKILL_PATH_TTL_SECONDS = 300;
/** More than 5 requests per user in 5 seconds: 'The activity is very hot, please try again later'. */
export const SECKILL_HOT_LIMIT = 5;
export const SECKILL_HOT_WINDOW_SECONDS = 5;
/** The confirm page polls createOrderStatus every 3 s, at most 10 times, then shows the failure text. */
export const SECKILL_STATUS_POLL_MS = 3000;
export const SECKILL_STATUS_POLL_MAX = 10;

/** The day's session times the platform sets (Beijing time, 'HH:mm'), and how long each runs, until staff change them. */
export const SECKILL_DEFAULT_SESSIONS = [
  { startTime: '10:00', durationMinutes: 120 },
  { startTime: '14:00', durationMinutes: 120 },
  { startTime: '20:00', durationMinutes: 120 },
] as const;
export const SECKILL_SESSIONS_MAX = 12;
export const SECKILL_SESSION_MINUTES_MAX = 1440;

/** Traffic log (specification section 3): the seckill page's id, bizType and page name. */
export const SECKILL_PAGE_ID = PAGE_IDS.seckill;
export const SECKILL_BIZ_TYPE = BIZ_TYPES.seckill;
/** The flash-sale product's prodType (reference §3). */
export const SECKILL_PROD_TYPE = 2;
