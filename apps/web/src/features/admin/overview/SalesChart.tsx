import type { SalesDay } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// uPlot's stylesheet as text, put in the page's <head> by React when the chart shows (below): as a CSS
// file imported here it made the dashboard's chunk a dynamic import with a stylesheet to wait for, and
// that put Vite's preload helper (~0.6 KiB gzip) in the file every page loads.
import uPlotStyles from 'uplot/dist/uPlot.min.css?inline';
import { useThemeStore } from '../../../stores/theme';

const cents = (day: SalesDay) => moneyToCents(day.total) ?? 0;

/** What the chart shows, in words (for screen readers, and for anyone who prefers text). */
export function salesSummary(days: SalesDay[], currency: string): string {
  const total = days.reduce((sum, d) => sum + cents(d), 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  if (orders === 0) return 'No paid sales in the last 30 days.';
  const best = days.reduce((a, b) => (cents(b) > cents(a) ? b : a));
  const bestDate = new Date(`${best.date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `Paid sales over the last 30 days: ${formatMoney(total, currency)} from ${orders} ${orders === 1 ? 'order' : 'orders'}. Best day: ${bestDate} with ${formatMoney(cents(best), currency)}.`;
}

/** Paid sales per day over 30 days, drawn with uPlot (loaded with the dashboard only), in either theme. */
export function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useThemeStore((s) => s.darkMode);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const ink = dark ? '#e5e7eb' : '#1f2937';
    const grid = dark ? '#374151' : '#e5e7eb';
    const line = dark ? '#a5b4fc' : '#4f46e5';
    const money = (value: number) => formatMoney(Math.round(value * 100), currency);
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: 220,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 1)] } },
        axes: [axis, { ...axis, size: 70, values: (_u, values) => values.map(money) }],
        series: [
          {},
          {
            label: 'Paid sales',
            stroke: line,
            width: 2,
            fill: dark ? 'rgba(165,180,252,0.15)' : 'rgba(79,70,229,0.12)',
            points: { show: true, size: 4 },
          },
        ],
      },
      [days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000), days.map((d) => cents(d) / 100)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 280), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, currency, dark]);

  return (
    <figure className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <style href="uplot" precedence="default">
        {uPlotStyles}
      </style>
      <figcaption className="mb-2 text-sm font-semibold">Paid sales, last 30 days</figcaption>
      <div ref={box} aria-hidden="true" className="w-full" />
      <p data-testid="sales-summary" className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {salesSummary(days, currency)}
      </p>
    </figure>
  );
}
