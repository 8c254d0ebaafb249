import { describe, expect, it } from 'vitest';
import { formatYuan } from './format.ts';

describe('formatYuan', () => {
  it('writes one currency style in both languages', () => {
    expect(formatYuan(123_456, 'zh')).toBe('¥1,234.56');
    expect(formatYuan(123_456, 'en')).toBe('¥1,234.56');
    expect(formatYuan(5, 'en')).toBe('¥0.05');
  });
});
