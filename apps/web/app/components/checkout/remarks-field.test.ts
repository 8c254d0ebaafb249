import { describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGE_MAX_LENGTH } from '@bazaar/shared/constants/limits';
import { remarksTooLong } from './remarks-field.tsx';

describe('remarksTooLong', () => {
  const full = '留'.repeat(MERCHANT_MESSAGE_MAX_LENGTH);
  it('counts the message as the API does, after trimming: spaces around a full message are not over', () => {
    expect(remarksTooLong(full)).toBe(false);
    expect(remarksTooLong(`  ${full}  `)).toBe(false);
  });
  it('refuses one character over the limit, with or without spaces around it', () => {
    expect(remarksTooLong(`${full}留`)).toBe(true);
    expect(remarksTooLong(` ${full}留 `)).toBe(true);
  });
});
