import { AppError } from '../errors/index.js';
import { errorFingerprint } from './error-fingerprint.js';
import { emptyBatch, type IngestBatch } from './ingest-batch.js';
import { pageTypeOf } from './page-type.js';
import type { ClankerSchemaName, EventContentValue, PerformanceRecordValue } from './schemas.js';
import { trafficSourceOf } from './traffic-source.js';
import { occurredAt, ownPath, type VisitContext } from './visit-context.js';
import type { VitalMetric } from './vitals-histogram.js';
import type { z } from '../http/schemas.js';
import type { ScriptErrorReports } from './schemas.js';

/** Newer-client fields that identify a person or browser: used for hashing or dropped, never stored. */
const IDENTIFYING_CONTENT = ['analytics_id', 'marketing_id', 'session_id', 'enduser_user_agent', 'member_account_id'] as const;

function withoutKeys<T extends Record<string, unknown>>(value: T, keys: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * A newer-client event: stored raw (without identifying fields); a page view also counts in
 * the visit rollups, a product view in the product counts, other schemas as named events.
 */
export async function clankerBatch(context: VisitContext, schemaName: ClankerSchemaName, content: EventContentValue): Promise<IngestBatch> {
  if (content.page_host.toLowerCase() !== context.host && content.page_host.toLowerCase() !== context.hostname) {
    throw new AppError('BAD_REQUEST', 'page_host is not this site.');
  }
  const at = occurredAt(content.event_occurrence_timestamp, context.now);
  const path = content.page_path.split('?')[0]!.split('#')[0]!;
  const sessionHash = await context.sessionHash(content.session_id);
  const batch = emptyBatch();
  batch.raw.push({
    websiteId: context.websiteId,
    occurredAt: at,
    call: 'clanker',
    name: schemaName,
    sessionHash,
    path,
    payload: { ...withoutKeys(content, IDENTIFYING_CONTENT), device: context.device, browser: context.browser },
  });
  if (schemaName === 'page_view') {
    batch.pageViews.push({
      websiteId: context.websiteId,
      at: context.now,
      path,
      pageType: pageTypeOf(path),
      source: trafficSourceOf(content.page_referrer_url, content.page_query_params, context.host),
      device: context.device,
      browser: context.browser,
      visitorHash: context.visitorHash,
      sessionHash,
    });
  } else if (schemaName === 'product_view') {
    batch.productViews.push({ websiteId: context.websiteId, at: context.now, itemId: content.object_identifier! });
  } else {
    batch.namedEvents.push({ websiteId: context.websiteId, at: context.now, name: schemaName });
  }
  return batch;
}

/** An older-client event (RecordEvent): stored raw and counted under its name. */
export function recordEventBatch(context: VisitContext, event: string, payload: Record<string, unknown>): IngestBatch {
  const batch = emptyBatch();
  const path = typeof payload.pagePath === 'string' ? payload.pagePath.split('?')[0]! : '';
  batch.raw.push({
    websiteId: context.websiteId,
    occurredAt: context.now,
    call: 'event',
    name: event,
    path,
    payload: withoutKeys(payload, ['memberAccountId']),
  });
  batch.namedEvents.push({ websiteId: context.websiteId, at: context.now, name: event });
  return batch;
}

/** A census call (button-click, button-render, form-render, overlay, RecordQuickView): stored raw and counted. */
export function censusBatch(context: VisitContext, name: string, path: string, payload: Record<string, unknown>, productId?: string): IngestBatch {
  const batch = emptyBatch();
  batch.raw.push({ websiteId: context.websiteId, occurredAt: context.now, call: 'census', name, path, payload });
  batch.namedEvents.push({ websiteId: context.websiteId, at: context.now, name });
  if (productId) batch.productViews.push({ websiteId: context.websiteId, at: context.now, itemId: productId });
  return batch;
}

/** Script error reports: stored raw and grouped by fingerprint. */
export function scriptErrorBatch(context: VisitContext, reports: z.infer<typeof ScriptErrorReports>): IngestBatch {
  const batch = emptyBatch();
  for (const report of reports) {
    const { data } = report;
    const at = occurredAt(report.timestamp, context.now);
    let page = '';
    if (data.url) page = ownPath(data.url, context, 'data.url');
    const type = data.errorType || 'Error';
    const stack = data.stack ?? '';
    batch.raw.push({
      websiteId: context.websiteId,
      occurredAt: at,
      call: 'error',
      name: report.event,
      path: page,
      payload: { ...data, browser: context.browser },
    });
    batch.errors.push({
      websiteId: context.websiteId,
      at: context.now,
      fingerprint: errorFingerprint(type, data.message, stack, context.host),
      type,
      message: data.message,
      stack,
      page,
      browser: context.browser,
    });
  }
  return batch;
}

const VITAL_FIELDS: ReadonlyArray<
  [VitalMetric, 'firstContentfulPaint' | 'largestContentfulPaint' | 'cumulativeLayoutShift' | 'interactionToNextPaint' | 'firstInputDelay' | 'responseStart']
> = [
  ['fcp', 'firstContentfulPaint'],
  ['lcp', 'largestContentfulPaint'],
  ['cls', 'cumulativeLayoutShift'],
  ['inp', 'interactionToNextPaint'],
  ['fid', 'firstInputDelay'],
  ['ttfb', 'responseStart'],
];

/** Performance records: stored raw (without ids); page_speed timings feed the web-vital histograms of the page's type. */
export function performanceBatch(context: VisitContext, records: PerformanceRecordValue[]): IngestBatch {
  const batch = emptyBatch();
  for (const record of records) {
    const at = occurredAt(record.ts, context.now);
    if (record.event !== 'page_speed') {
      batch.raw.push({
        websiteId: context.websiteId,
        occurredAt: at,
        call: 'performance',
        name: record.event,
        path: '',
        payload: { app: record.app, pageLoadId: record.pageLoadId, raw: record.raw, data: record.data },
      });
      continue;
    }
    const { data } = record;
    if (data.hostname.toLowerCase() !== context.hostname) throw new AppError('BAD_REQUEST', 'hostname is not this site.');
    const pageType = pageTypeOf(data.pathname);
    batch.raw.push({
      websiteId: context.websiteId,
      occurredAt: at,
      call: 'performance',
      name: 'page_speed',
      path: data.pathname,
      payload: {
        app: record.app,
        pageLoadId: record.pageLoadId,
        raw: record.raw,
        device: context.device,
        browser: context.browser,
        data: withoutKeys(data, ['analyticsId', 'marketingId', 'memberId']),
      },
    });
    for (const [metric, field] of VITAL_FIELDS) {
      const value = data[field];
      if (value !== undefined) batch.vitals.push({ websiteId: context.websiteId, at: context.now, pageType, metric, value });
    }
  }
  return batch;
}
