import { chartNumber } from '../../block-kinds/index.js';

/** The drawing area of a chart's SVG (its viewBox), in user units. */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 320;
const PAD = { left: 48, right: 16, top: 16, bottom: 40 };
/** Series get colour classes `chart__series--1` … `--6`, then start again. */
const SERIES_COLOURS = 6;

export interface ChartShape {
  readonly kind: 'bar' | 'line' | 'pie';
  readonly series: { readonly name: string; readonly colour: number }[];
  readonly bars: { x: number; y: number; width: number; height: number; colour: number; label: string }[];
  readonly lines: { points: string; colour: number; name: string }[];
  readonly slices: { d: string; colour: number; label: string }[];
  readonly xLabels: { x: number; y: number; text: string }[];
  readonly yTicks: { y: number; text: string }[];
  readonly baseline: number;
}

const round = (n: number) => Math.round(n * 10) / 10;
const colourOf = (index: number) => (index % SERIES_COLOURS) + 1;

/** A short form of a tick value (1200 → 1.2k). */
function tickText(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${round(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${round(value / 1_000)}k`;
  return String(round(value));
}

/** A pie slice from `start` to `end` (fractions of the circle) as an SVG path. */
function slicePath(start: number, end: number, cx: number, cy: number, r: number): string {
  if (end - start >= 0.9999) return `M ${cx} ${cy - r} A ${r} ${r} 0 1 1 ${cx - 0.01} ${cy - r} Z`;
  const point = (t: number) => [round(cx + r * Math.sin(t * 2 * Math.PI)), round(cy - r * Math.cos(t * 2 * Math.PI))];
  const [x1, y1] = point(start);
  const [x2, y2] = point(end);
  return `M ${cx} ${cy} L ${x1} ${y1} A ${r} ${r} 0 ${end - start > 0.5 ? 1 : 0} 1 ${x2} ${y2} Z`;
}

/**
 * The shapes of a chart of `data` (header row, then a label and one value per series per row),
 * computed on the server so the theme's template only draws them: bars per row and series,
 * a polyline per series, or pie slices of the first series.
 */
export function chartShape(kind: 'bar' | 'line' | 'pie', data: readonly (readonly string[])[]): ChartShape {
  const [header = [], ...rows] = data;
  const names = header.slice(1);
  const values = rows.map((row) => names.map((_, i) => chartNumber(row[i + 1] ?? '')).map((n) => (Number.isFinite(n) ? n : 0)));
  const labels = rows.map((row) => row[0] ?? '');
  const series = names.map((name, i) => ({ name, colour: colourOf(i) }));
  const empty = { kind, series, bars: [], lines: [], slices: [], xLabels: [], yTicks: [], baseline: CHART_HEIGHT - PAD.bottom };
  if (kind === 'pie') {
    const first = values.map((v) => Math.max(0, v[0] ?? 0));
    const total = first.reduce((a, b) => a + b, 0) || 1;
    let at = 0;
    const slices = first.map((value, i) => {
      const start = at;
      at += value / total;
      return { d: slicePath(start, at, CHART_WIDTH / 2, CHART_HEIGHT / 2, CHART_HEIGHT / 2 - 8), colour: colourOf(i), label: `${labels[i]}: ${value}` };
    });
    return { ...empty, series: labels.map((name, i) => ({ name, colour: colourOf(i) })), slices };
  }
  const all = values.flat();
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const plotW = CHART_WIDTH - PAD.left - PAD.right;
  const plotH = CHART_HEIGHT - PAD.top - PAD.bottom;
  const yOf = (v: number) => round(PAD.top + ((max - v) / span) * plotH);
  const group = plotW / Math.max(1, rows.length);
  const xLabels = labels.map((text, i) => ({ x: round(PAD.left + group * (i + 0.5)), y: CHART_HEIGHT - PAD.bottom + 20, text }));
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((t) => ({ y: yOf(min + span * t), text: tickText(min + span * t) }));
  const baseline = yOf(0);
  if (kind === 'line') {
    const lines = names.map((name, s) => ({
      name,
      colour: colourOf(s),
      points: values.map((row, i) => `${round(PAD.left + group * (i + 0.5))},${yOf(row[s] ?? 0)}`).join(' '),
    }));
    return { ...empty, lines, xLabels, yTicks, baseline };
  }
  const barWidth = (group * 0.8) / Math.max(1, names.length);
  const bars = values.flatMap((row, i) =>
    row.map((value, s) => ({
      x: round(PAD.left + group * i + group * 0.1 + barWidth * s),
      y: Math.min(yOf(value), baseline),
      width: round(barWidth),
      height: round(Math.abs(yOf(value) - baseline)),
      colour: colourOf(s),
      label: `${labels[i]}, ${names[s]}: ${value}`,
    })),
  );
  return { ...empty, bars, xLabels, yTicks, baseline };
}
