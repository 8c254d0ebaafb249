// Group-buy (issue 29; decision 065): the product's group panel, GET /prod/prodInfo's `groupActivityVO`.
// Apart from schemas/group.ts (which re-exports it) so that schemas/product.ts, on the detail page's path,
// pulls in nothing else.
import { z } from 'zod';

export const fen = z.number().int();
/** 1 not started, 2 running, 3 ended (GROUP_ACTIVITY_STATE). */
export const activityState = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** One SKU of the activity: its group price next to its single-buy price. */
export const GroupSkuSchema = z.object({
  groupSkuId: z.number().int(),
  skuId: z.number().int(),
  /** 'k:v;k:v' in the reader's language (as SkuSchema) and its display text. */
  properties: z.string(),
  skuName: z.string(),
  pic: z.string(),
  price: fen,
  actPrice: fen,
  /** The price of an order that opens a team (团长价), when the activity sets one; null = actPrice for everyone. */
  leaderPrice: fen.nullable(),
  /** The SKU's stock (-1 = unlimited); the group price sells from the product's own stock. */
  stocks: z.number().int(),
});
export type GroupSku = z.infer<typeof GroupSkuSchema>;

/**
 * GET /prod/prodInfo?prodId=&groupActivityId= adds `groupActivityVO` (null when the id names no activity
 * of this product that is on and not ended; absent when no groupActivityId was given).
 */
export const GroupActivityVOSchema = z.object({
  groupActivityId: z.number().int(),
  prodId: z.number().int(),
  activityName: z.string(),
  state: activityState,
  startTime: z.string(),
  endTime: z.string(),
  /** Epoch ms of the activity's start and end, and of the server's clock when it answered. */
  startAt: z.number().int(),
  endAt: z.number().int(),
  serverTime: z.number().int(),
  groupNumber: z.number().int(),
  /** Minutes a team stays open after its leader pays. */
  groupValidTime: z.number().int(),
  hasMaxNum: z.boolean(),
  /** Units per shopper over all their group orders of the activity; null when hasMaxNum is false. */
  maxNum: z.number().int().nullable(),
  hasRobot: z.boolean(),
  groupPrice: fen,
  price: fen,
  teamsFormed: z.number().int(),
  soldNum: z.number().int(),
  skuList: z.array(GroupSkuSchema),
});
export type GroupActivityVO = z.infer<typeof GroupActivityVOSchema>;

