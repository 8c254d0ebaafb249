// Group-buy activities as the merchant center and the platform console manage them (issue 29,
// reference §3, §4, §5.5). Plain constants without zod, so both consoles can read them.

/**
 * The stored group_activities.status: 1 on, 0 ended early by the shop, 2 taken offline by the
 * platform (it may be put back online while its window lasts), -1 deleted. Only 1 opens teams; a
 * team already open runs to its own end whatever the activity's status becomes.
 */
export const GROUP_ACTIVITY_STATUS = { deleted: -1, ended: 0, on: 1, offline: 2 } as const;

/** group_teams.status (reference §3): 0 waiting for the leader's payment, 1 grouping, 2 success, 3 failed. */
export const GROUP_TEAM_STATUS = { waiting: 0, grouping: 1, success: 2, failed: 3 } as const;
/** group_orders.status (reference §3): 0 unpaid, 1 paid, -1 invalid; identityType 1 leader; userId '0' a robot. */
export const GROUP_ORDER_STATUS = { invalid: -1, unpaid: 0, paid: 1 } as const;
export const GROUP_LEADER = 1;
export const GROUP_ROBOT_USER_ID = '0';

/** Team size: 2 to 100 people. */
export const GROUP_NUMBER_MIN = 2;
export const GROUP_NUMBER_MAX = 100;
/** A team's validity, set in hours by the shop (stored in minutes): 1 to 168 hours. */
export const GROUP_VALID_HOURS_MIN = 1;
export const GROUP_VALID_HOURS_MAX = 168;
/** The per-user limit when the activity sets one: 1 to 99 pieces. */
export const GROUP_MAX_NUM_MAX = 99;
/** An activity runs at most 180 days; its start may be at most 10 minutes in the past (the form's "now"). */
export const GROUP_MAX_DAYS = 180;
export const GROUP_START_GRACE_MS = 10 * 60_000;
export const GROUP_NAME_MAX_LENGTH = 30;
export const GROUP_NAME_EN_MAX_LENGTH = 60;
export const GROUP_REASON_MAX_LENGTH = 200;
/** A group price: ¥0.01 up to below the SKU's own price. */
export const GROUP_PRICE_MAX = 100_000_000;

/** The audit log's entries of the platform console's group-buy decisions; texts in console-platform-groupbuy.ts (groupbuyAudit). */
export const GROUPBUY_AUDIT_ACTIONS = ['groupbuy.offline', 'groupbuy.online'] as const;
