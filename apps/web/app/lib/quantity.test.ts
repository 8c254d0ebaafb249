import { describe, expect, it } from 'vitest';
import { correctionMessage, readQuantity } from './quantity.ts';

describe('readQuantity', () => {
  it('takes a whole number within 1..max as it is', () => {
    expect(readQuantity('3', 1, 5)).toEqual({ value: 3, correction: null });
    expect(readQuantity(' 5 ', 1, 5)).toEqual({ value: 5, correction: null });
  });

  it('reads "-3" as below the minimum (1), never as 3, and says so', () => {
    expect(readQuantity('-3', 2, 5)).toEqual({ value: 1, correction: 'min' });
    expect(readQuantity('0', 2, 5)).toEqual({ value: 1, correction: 'min' });
    expect(correctionMessage(readQuantity('-3', 2, 5))).toEqual(['common.quantity.min', { value: 1 }]);
  });

  it('brings a number above max down to max, and says so', () => {
    expect(readQuantity('99', 1, 5)).toEqual({ value: 5, correction: 'max' });
    expect(correctionMessage(readQuantity('99', 1, 5))).toEqual(['common.quantity.max', { value: 5 }]);
  });

  it('keeps the current quantity when the text is no whole number', () => {
    expect(readQuantity('', 2, 5)).toEqual({ value: 2, correction: 'invalid' });
    expect(readQuantity('1.5', 2, 5)).toEqual({ value: 2, correction: 'invalid' });
    expect(readQuantity('abc', 2, 5)).toEqual({ value: 2, correction: 'invalid' });
  });

  it('has nothing to buy when max is below 1', () => {
    expect(readQuantity('3', 1, 0)).toEqual({ value: 0, correction: null });
  });
});
