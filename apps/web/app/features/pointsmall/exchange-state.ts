// Whether the shopper may press "exchange" on /member-center/integral-det, and if not, why. Pure:
// it reads only what the API answered (stock, limit, what I already exchanged, my points, and the
// most one order may take), so the page and its test agree.
import { POINTS_ITEM_MAX_NUM_UNLIMITED } from '@bazaar/shared/constants/points-mall';
import type { PointsItemDetail } from '@bazaar/shared/schemas/points-mall';

export type ExchangeBlock = { kind: 'login' } | { kind: 'soldOut' } | { kind: 'limit' } | { kind: 'points'; short: number };
export type ExchangeState = { kind: 'ok'; max: number } | ExchangeBlock;

type Facts = Pick<PointsItemDetail, 'stocks' | 'maxNum' | 'boughtNum' | 'myScore' | 'canBuyNum' | 'scorePrice'>;

/**
 * Logged out: the login popup (the page shows the reason). Then sold out, the limit reached and
 * too few points, in that order: each names what would have to change. Otherwise the most one
 * order may take, as the API worked it out (never above the stock or what the limit leaves).
 */
export function exchangeState(item: Facts): ExchangeState {
  if (item.stocks <= 0) return { kind: 'soldOut' };
  if (item.myScore === null || item.canBuyNum === null) return { kind: 'login' };
  if (item.maxNum !== POINTS_ITEM_MAX_NUM_UNLIMITED && (item.boughtNum ?? 0) >= item.maxNum) return { kind: 'limit' };
  if (item.myScore < item.scorePrice) return { kind: 'points', short: item.scorePrice - item.myScore };
  if (item.canBuyNum <= 0) return { kind: 'soldOut' };
  return { kind: 'ok', max: item.canBuyNum };
}

/** The reason's text key and values, for a blocked exchange. */
export function blockText(block: ExchangeBlock): [string, Record<string, number>?] {
  switch (block.kind) {
    case 'login':
      return ['integralMall.detail.reason.login'];
    case 'soldOut':
      return ['integralMall.detail.reason.soldOut'];
    case 'limit':
      return ['integralMall.detail.reason.limit'];
    case 'points':
      return ['integralMall.detail.reason.points', { count: block.short }];
  }
}
