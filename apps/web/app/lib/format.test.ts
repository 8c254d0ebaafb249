import { describe, expect, it } from 'vitest';
import { formatYuan, maskMobile } from './format.ts';

describe('formatYuan', () => {
  it('writes one currency style in both languages', () => {
    expect(formatYuan(123_456, 'zh')).toBe('¥1,234.56');
    expect(formatYuan(123_456, 'en')).toBe('¥1,234.56');
    expect(formatYuan(5, 'en')).toBe('¥0.05');
  });
});

describe('maskMobile', () => {
  it('hides the middle four digits of a mainland mobile number', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskMobile('19912345678')).toBe('199****5678');
  });
  it('leaves anything else as it is', () => {
    expect(maskMobile('')).toBe('');
    expect(maskMobile('0571-8888888')).toBe('0571-8888888');
  });
});
