// The dashboard's 30-day chart (uPlot in the dashboard's own chunk; decision 028): paid orders as
// bars on the left axis, sales in yuan as a line on the right, the values of the hovered day in the
// legend. The canvas is hidden from screen readers: the same numbers are in the table below it.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MerchantDashboard } from '@bazaar/shared/schemas/merchant-orders';
import { useI18n } from '../lib/i18n.tsx';
import { AXIS_GAP, AXIS_TICK, axisSize, yuanTick } from './dashboard-axes.ts';

const HEIGHT = 300;
const AXIS = { stroke: '#404040', grid: { stroke: '#e5e5e5', width: 1 }, ticks: { stroke: '#d9d9d9', width: 1, size: AXIS_TICK }, gap: AXIS_GAP };

/** Sizes a vertical axis to its labels, measured with the axis's own font. */
const sizeToLabels: uPlot.Axis.Size = (u, values, axisIdx, cycleNum) => {
  const axis = u.axes[axisIdx]!;
  // uPlot asks again while the layout settles; the second answer keeps the first.
  if (cycleNum > 1) return (axis as unknown as { _size: number })._size;
  // The axis's font as uPlot keeps it: [font string scaled to the device's pixels, size].
  const font = (axis as unknown as { font: [string, number] | string }).font;
  u.ctx.font = Array.isArray(font) ? font[0] : font;
  return axisSize(values, (text) => u.ctx.measureText(text).width / devicePixelRatio);
};

export default function DashboardChart({ days }: { days: MerchantDashboard['days'] }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const labels = days.map((d) => d.date.slice(5));
    const data: uPlot.AlignedData = [days.map((_d, i) => i), days.map((d) => d.orders), days.map((d) => d.sales / 100)];
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 320),
        height: HEIGHT,
        scales: { x: { time: false }, orders: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.2))] }, sales: { range: (_u, _min, max) => [0, Math.max(1, max * 1.2)] } },
        axes: [
          { ...AXIS, values: (_u, ticks) => ticks.map((i) => labels[i] ?? '') },
          { ...AXIS, scale: 'orders', size: sizeToLabels, values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? String(v) : '')) },
          { ...AXIS, scale: 'sales', side: 1, size: sizeToLabels, grid: { show: false }, values: (_u, ticks) => ticks.map(yuanTick) },
        ],
        series: [
          { label: t('dashboard.chartColumns.date'), value: (_u, i) => (i === null ? '' : (days[i]?.date ?? '')) },
          { label: t('dashboard.chartOrders'), scale: 'orders', stroke: '#0958d9', fill: 'rgba(9, 88, 217, 0.55)', paths: uPlot.paths.bars!({ size: [0.6, 24] }), points: { show: false } },
          { label: t('dashboard.chartSales'), scale: 'sales', stroke: '#237804', width: 2, value: (_u, v) => (v === null ? '' : `¥${v.toFixed(2)}`) },
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 320), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, t]);
  return <div ref={box} aria-hidden="true" data-testid="dashboard-chart" style={{ width: '100%', minHeight: HEIGHT }} />;
}
