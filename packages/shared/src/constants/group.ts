// Group-buy (拼团, issue 29; reference §2.4, §3, §4, §5.5; decision 065). Plain constants without zod,
// so the storefront's countdown and team panels can read them without the schemas.
import { BIZ_TYPES, PAGE_IDS } from './page-ids.ts';

/** group_activities.status (reference §3 family): 1 on, 0 off (ended by the shop or taken offline by staff), -1 deleted. */
export const GROUP_ACTIVITY_STATUS = { deleted: -1, off: 0, on: 1 } as const;

/** The shown activity state: 1 not started, 2 running, 3 ended (or off). */
export const GROUP_ACTIVITY_STATE = { notStarted: 1, running: 2, ended: 3 } as const;
export type GroupActivityState = (typeof GROUP_ACTIVITY_STATE)[keyof typeof GROUP_ACTIVITY_STATE];

/** group_teams.status (reference §3): 0 waiting for the leader's payment, 1 grouping (open), 2 success, 3 failed. */
export const GROUP_TEAM_STATUS = { waiting: 0, grouping: 1, success: 2, failed: 3 } as const;
export type GroupTeamStatus = (typeof GROUP_TEAM_STATUS)[keyof typeof GROUP_TEAM_STATUS];

/** group_orders.status (reference §3): 0 unpaid, 1 paid, -1 invalid (the order was cancelled unpaid). */
export const GROUP_ORDER_STATUS = { invalid: -1, unpaid: 0, paid: 1 } as const;

/** group_orders.identity_type: 1 the leader (opened the team), 0 a member. */
export const GROUP_IDENTITY = { member: 0, leader: 1 } as const;

/** A robot seat's userId (reference §3: userId 0 = robot). */
export const GROUP_ROBOT_USER_ID = '0';

/** groupTeamId 0 on confirm and submit: open a new team as its leader (reference §2.4). */
export const GROUP_OPEN_TEAM_ID = 0;

/** The team's validity after the leader pays (group_valid_time, minutes): default 24 h (reference §5.5), at most 7 days. */
export const GROUP_VALID_MINUTES_DEFAULT = 1440;
export const GROUP_VALID_MINUTES_MIN = 1;
export const GROUP_VALID_MINUTES_MAX = 7 * 1440;

/** Team size (group_number): 2 to 50 people. */
export const GROUP_NUMBER_MIN = 2;
export const GROUP_NUMBER_MAX = 50;

/** The per-user limit (max_num, units of the activity over the shopper's unpaid and paid group orders) when has_max_num is set. */
export const GROUP_MAX_NUM_MIN = 1;
export const GROUP_MAX_NUM_MAX = 99;
/** The most units one group order may take. */
export const GROUP_PROD_COUNT_MAX = 99;

/** Open teams the detail page lists (GET /group/joinGroupList's size: default and most). */
export const GROUP_JOIN_LIST_DEFAULT = 5;
export const GROUP_JOIN_LIST_MAX = 20;

/** Order type 1 (reference §3) and the product's prodType while in a group activity. */
export const GROUP_ORDER_TYPE = 1;
export const GROUP_PROD_TYPE = 1;

/** Traffic log (specification section 3): the group product page's id and bizType. */
export const GROUP_PAGE_ID = PAGE_IDS.groupProduct;
export const GROUP_BIZ_TYPE = BIZ_TYPES.group;

/** The after-sales reason of the automatic refund of a failed team (reference §3 buyerReason 7, system only). */
export const GROUP_FAILED_REFUND_REASON = 7;
