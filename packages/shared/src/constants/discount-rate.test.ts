import { describe, expect, it } from 'vitest';
import { percentOff } from './discount-rate.ts';

describe('percentOff', () => {
  it('turns a rate per ten into the share taken off', () => {
    expect(percentOff(9.5)).toBe(5);
    expect(percentOff(8.5)).toBe(15);
    expect(percentOff(8)).toBe(20);
    expect(percentOff(9.55)).toBe(4.5);
    expect(percentOff(10)).toBe(0);
  });
});
