// The dashboard chart's axis sizing and tick labels, apart from the chart's lazy chunk so they can be tested.
export const AXIS_TICK = 10;
export const AXIS_GAP = 5;

/**
 * The room a vertical axis needs: its tick, the gap and its widest label, measured. uPlot's fixed
 * 50 px cut the sales axis's labels at the chart's right edge ("¥12000" is wider).
 */
export function axisSize(values: readonly string[] | null | undefined, measure: (text: string) => number): number {
  const widest = Math.max(0, ...(values ?? []).map(measure));
  return Math.ceil(AXIS_TICK + AXIS_GAP + widest + AXIS_GAP);
}

/** Sales ticks as yuan without float noise (0.1 + 0.2), at most two decimals. */
export const yuanTick = (v: number) => `¥${Number(v.toFixed(2))}`;
