import type { TrafficSource } from './traffic-source.js';
import type { Device, BrowserFamily } from './user-agent.js';
import type { VitalMetric } from './vitals-histogram.js';

/** One accepted tracking event, stored raw (no IP address, user agent or client ids). */
export interface RawEvent {
  websiteId: string;
  /** The client's timestamp when plausible, else the time it was received. */
  occurredAt: Date;
  /** Which call brought it: clanker, event, census, error, performance. */
  call: string;
  name: string;
  sessionHash?: string;
  path: string;
  payload: Record<string, unknown>;
}

/** A page view, with what the rollups count it under. */
export interface PageViewFact {
  websiteId: string;
  at: Date;
  path: string;
  pageType: string;
  source: TrafficSource;
  device: Device;
  browser: BrowserFamily;
  visitorHash: string;
  sessionHash: string;
}

/** A script error report. */
export interface ErrorFact {
  websiteId: string;
  at: Date;
  fingerprint: string;
  type: string;
  message: string;
  stack: string;
  page: string;
  browser: BrowserFamily;
}

/** What one or more tracking calls add: raw rows and the increments of every rollup. */
export interface IngestBatch {
  raw: RawEvent[];
  pageViews: PageViewFact[];
  productViews: Array<{ websiteId: string; at: Date; itemId: string }>;
  namedEvents: Array<{ websiteId: string; at: Date; name: string }>;
  vitals: Array<{ websiteId: string; at: Date; pageType: string; metric: VitalMetric; value: number }>;
  errors: ErrorFact[];
}

/** A batch with nothing in it. */
export function emptyBatch(): IngestBatch {
  return { raw: [], pageViews: [], productViews: [], namedEvents: [], vitals: [], errors: [] };
}

/** Appends the contents of `from` to `into`. */
export function mergeBatch(into: IngestBatch, from: IngestBatch): void {
  into.raw.push(...from.raw);
  into.pageViews.push(...from.pageViews);
  into.productViews.push(...from.productViews);
  into.namedEvents.push(...from.namedEvents);
  into.vitals.push(...from.vitals);
  into.errors.push(...from.errors);
}

/** Number of raw events in a batch. */
export function batchSize(batch: IngestBatch): number {
  return batch.raw.length;
}
