/** Web vitals the reports show, with spec 9's good / poor thresholds (INP from the issue). */
export const VITAL_THRESHOLDS = Object.freeze({
  fcp: { good: 1800, poor: 3000 },
  lcp: { good: 2500, poor: 4000 },
  fid: { good: 100, poor: 300 },
  cls: { good: 0.1, poor: 0.25 },
  inp: { good: 200, poor: 500 },
  ttfb: { good: 800, poor: 1800 },
});
export type VitalMetric = keyof typeof VITAL_THRESHOLDS;
export const VITAL_METRICS = Object.keys(VITAL_THRESHOLDS) as VitalMetric[];

/** CLS is unitless (0.1 is poor-ish); it is histogrammed in thousandths so one scale fits all metrics. */
const SCALE: Record<VitalMetric, number> = { fcp: 1, lcp: 1, fid: 1, cls: 1000, inp: 1, ttfb: 1 };
/** Each bucket is 5% wider than the one before: a p75 read from buckets is within 2.5% of the true value. */
const GROWTH = 1.05;
const LOG_GROWTH = Math.log(GROWTH);
/** Largest bucket (about 5 minutes in ms, or a CLS of 300): larger samples land in it. */
export const MAX_BUCKET = 260;

/** The log-scale bucket of a sample: bucket b holds scaled values in [GROWTH^(b-1), GROWTH^b), bucket 0 holds values below 1. */
export function bucketOf(metric: VitalMetric, value: number): number {
  const scaled = value * SCALE[metric];
  if (!(scaled >= 1)) return 0;
  return Math.min(MAX_BUCKET, Math.floor(Math.log(scaled) / LOG_GROWTH) + 1);
}

/** The value a bucket stands for: the geometric middle of its range, in the metric's unit. */
export function bucketValue(metric: VitalMetric, bucket: number): number {
  if (bucket <= 0) return 0;
  const middle = Math.pow(GROWTH, bucket - 0.5);
  return metric === 'cls' ? Math.round((middle / SCALE.cls) * 1000) / 1000 : Math.round(middle);
}

/**
 * The 75th percentile of a histogram given as (bucket, count) pairs: the value of the bucket in
 * which the cumulative count first reaches 75% of all samples. Null without samples.
 */
export function p75(metric: VitalMetric, histogram: ReadonlyArray<{ bucket: number; count: number }>): number | null {
  const total = histogram.reduce((sum, h) => sum + h.count, 0);
  if (total === 0) return null;
  const target = total * 0.75;
  let seen = 0;
  for (const h of [...histogram].sort((a, b) => a.bucket - b.bucket)) {
    seen += h.count;
    if (seen >= target) return bucketValue(metric, h.bucket);
  }
  return null;
}

/** 'good', 'needs-improvement' or 'poor' by the metric's thresholds. */
export function vitalRating(metric: VitalMetric, value: number): 'good' | 'needs-improvement' | 'poor' {
  const t = VITAL_THRESHOLDS[metric];
  return value <= t.good ? 'good' : value <= t.poor ? 'needs-improvement' : 'poor';
}
