import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayFigures } from './analytics-types.js';

/** The lines of the chart, with the colours its legend shows. */
export const CHART_SERIES = [
  { key: 'pageViews', label: 'Page views', colour: '#24513d' },
  { key: 'visitors', label: 'Visitors', colour: '#b4551c' },
  { key: 'orders', label: 'Orders', colour: '#1a5fb4' },
] as const;

const HEIGHT = 240;
const DAY = 86_400;
/** Steps between the day labels of the x axis: uPlot picks the smallest that leaves room. */
const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 56 * DAY, 91 * DAY];
const dayLabel = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Page views, visitors and orders of each day as lines (uPlot, loaded with this module only). The
 * canvas is a picture for screen readers: `label` names it and the table beside it holds the
 * same figures.
 */
export default function DailyChart({ days, label }: { readonly days: readonly DayFigures[]; readonly label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), ...CHART_SERIES.map((series) => days.map((d) => d[series.key]))];
    const axis: uPlot.Axis = {
      stroke: '#4f5a52',
      grid: { stroke: '#e6e1d5', width: 1 },
      ticks: { stroke: '#dcd6c8', width: 1 },
      font: '12px system-ui, sans-serif',
    };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [
          { ...axis, space: 64, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map((tick) => dayLabel.format(new Date(tick * 1000))) },
          { ...axis, size: 48, values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? tick.toLocaleString() : '')) },
        ],
        series: [
          {},
          ...CHART_SERIES.map((series) => ({
            label: series.label,
            stroke: series.colour,
            width: 2,
            points: { show: days.length <= 31, size: 5, fill: series.colour },
          })),
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return (
    <figure className="daily-chart">
      <ul className="chart-legend" aria-hidden="true">
        {CHART_SERIES.map((series) => (
          <li key={series.key}>
            <span className="swatch" style={{ background: series.colour }} />
            {series.label}
          </li>
        ))}
      </ul>
      <div ref={box} role="img" aria-label={label} className="chart-canvas" />
    </figure>
  );
}
