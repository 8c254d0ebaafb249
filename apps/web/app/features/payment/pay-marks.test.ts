import { describe, expect, it } from 'vitest';
import { loadPayMarks } from '../../../pay-marks.js';

describe('payment marks', () => {
  it('are drawn marks from the icon packages, not letter tiles', () => {
    const marks = loadPayMarks();
    expect(Object.keys(marks).sort()).toEqual(['alipay', 'balance', 'wechat']);
    for (const mark of Object.values(marks)) {
      expect(mark.body).toMatch(/<path [^>]*d="M[^"]{20,}"/);
      expect(mark.body).not.toMatch(/<text|[¥支微]/);
      expect(mark.width).toBeGreaterThan(0);
      expect(mark.height).toBeGreaterThan(0);
    }
  });
});
