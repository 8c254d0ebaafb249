import { describe, expect, it } from 'vitest';
import { axisSize, yuanTick } from './dashboard-axes.ts';

// Issue 25: the 30-day chart's sales axis was cut at the right edge (uPlot's fixed 50 px).
describe('the dashboard chart’s axes', () => {
  const measure = (text: string) => text.length * 7;

  it('make room for their widest label, their tick and gaps', () => {
    expect(axisSize(['¥0', '¥6000', '¥12000'], measure)).toBe(10 + 5 + 6 * 7 + 5);
    expect(axisSize(['¥0', '¥123456.78'], measure)).toBeGreaterThan(50);
    expect(axisSize([], measure)).toBe(20);
    expect(axisSize(null, measure)).toBe(20);
  });

  it('write sales ticks as yuan without float noise', () => {
    expect(yuanTick(0.1 + 0.2)).toBe('¥0.3');
    expect(yuanTick(12000)).toBe('¥12000');
    expect(yuanTick(1234.5)).toBe('¥1234.5');
  });
});
