import type { VitalName } from './analytics-types.js';

/** How a web vital is named, measured and judged: spec 9's thresholds (INP from issue 13, TTFB from web.dev as decision 0020 says). */
export interface VitalInfo {
  readonly name: VitalName;
  readonly short: string;
  readonly long: string;
  readonly good: number;
  readonly poor: number;
  /** 'ms', or '' for CLS (unitless). */
  readonly unit: 'ms' | '';
}

/** The vitals in the order the table shows them. */
export const VITALS: readonly VitalInfo[] = [
  { name: 'lcp', short: 'LCP', long: 'Largest contentful paint', good: 2500, poor: 4000, unit: 'ms' },
  { name: 'fcp', short: 'FCP', long: 'First contentful paint', good: 1800, poor: 3000, unit: 'ms' },
  { name: 'cls', short: 'CLS', long: 'Cumulative layout shift', good: 0.1, poor: 0.25, unit: '' },
  { name: 'inp', short: 'INP', long: 'Interaction to next paint', good: 200, poor: 500, unit: 'ms' },
  { name: 'ttfb', short: 'TTFB', long: 'Time to first byte', good: 800, poor: 1800, unit: 'ms' },
  { name: 'fid', short: 'FID', long: 'First input delay', good: 100, poor: 300, unit: 'ms' },
];

export type Rating = 'good' | 'needs-improvement' | 'poor';

/** The words shown beside the colour of a rating. */
export const RATING_WORDS: Readonly<Record<Rating, string>> = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' };

/** 'good' up to the good threshold, 'poor' above the poor one, 'needs-improvement' between. */
export function rate(vital: VitalInfo, value: number): Rating {
  if (value <= vital.good) return 'good';
  return value <= vital.poor ? 'needs-improvement' : 'poor';
}

/** A vital's value as text: '1,240 ms', or '0.08' for CLS. */
export function formatVital(vital: VitalInfo, value: number): string {
  if (vital.unit === '') return value.toFixed(2);
  return `${Math.round(value).toLocaleString()} ms`;
}

/** A threshold as text ('2,500 ms', '0.1'). */
export function formatThreshold(vital: VitalInfo, value: number): string {
  return vital.unit === '' ? String(value) : `${value.toLocaleString()} ms`;
}
