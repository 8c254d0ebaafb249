import { describe, expect, it } from 'vitest';
import { blockText, exchangeState } from './exchange-state.ts';

const item = { stocks: 10, maxNum: -1, boughtNum: 0, myScore: 500, canBuyNum: 5, scorePrice: 100 };

describe('exchangeState', () => {
  it('lets a shopper with enough points exchange up to what the API allows', () => {
    expect(exchangeState(item)).toEqual({ kind: 'ok', max: 5 });
  });

  it('asks a visitor to log in, but says sold out first', () => {
    expect(exchangeState({ ...item, myScore: null, boughtNum: null, canBuyNum: null })).toEqual({ kind: 'login' });
    expect(exchangeState({ ...item, stocks: 0, myScore: null, boughtNum: null, canBuyNum: null })).toEqual({ kind: 'soldOut' });
  });

  it('says the limit is reached before counting the points', () => {
    expect(exchangeState({ ...item, maxNum: 2, boughtNum: 2, myScore: 10, canBuyNum: 0 })).toEqual({ kind: 'limit' });
    expect(exchangeState({ ...item, maxNum: 2, boughtNum: 1, canBuyNum: 1 })).toEqual({ kind: 'ok', max: 1 });
  });

  it('names how many points are missing for one unit', () => {
    expect(exchangeState({ ...item, myScore: 30, canBuyNum: 0 })).toEqual({ kind: 'points', short: 70 });
    expect(blockText({ kind: 'points', short: 70 })).toEqual(['integralMall.detail.reason.points', { count: 70 }]);
  });

  it('treats nothing left to take as sold out', () => {
    expect(exchangeState({ ...item, canBuyNum: 0 })).toEqual({ kind: 'soldOut' });
    expect(blockText({ kind: 'soldOut' })).toEqual(['integralMall.detail.reason.soldOut']);
  });
});
