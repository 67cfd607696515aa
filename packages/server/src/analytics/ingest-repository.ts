import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import {
  analyticsDailyEvents,
  analyticsDailyPages,
  analyticsDailyProducts,
  analyticsErrorDays,
  analyticsErrors,
  analyticsEvents,
  analyticsHourly,
  analyticsSessions,
  analyticsVitals,
} from '../db/schema-analytics.js';
import type { IngestBatch, PageViewFact } from './ingest-batch.js';
import { utcDay } from './visitor-hash.js';
import { bucketOf } from './vitals-histogram.js';

/** Pages and browsers remembered per error group. */
const ERROR_PAGES_KEPT = 20;
const ERROR_BROWSERS_KEPT = 10;
/** Rows per INSERT statement. */
const CHUNK = 500;

function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/** Groups items by key, folding each group; the groups come out sorted by key so concurrent writers lock rows in one order. */
function fold<T, A>(items: readonly T[], key: (item: T) => string, start: (item: T) => A, add: (acc: A, item: T) => void): A[] {
  const groups = new Map<string, A>();
  for (const item of items) {
    const k = key(item);
    const acc = groups.get(k);
    if (acc === undefined) groups.set(k, start(item));
    else add(acc, item);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const hourlyKey = (p: PageViewFact) =>
  [
    p.websiteId,
    hourOf(p.at).toISOString(),
    p.pageType,
    p.source.referrer,
    p.source.utmSource,
    p.source.utmMedium,
    p.source.utmCampaign,
    p.device,
    p.browser,
  ].join('\u0000');

/** Upserts the sessions of the page views and returns the keys of the sessions this batch started. */
async function writeSessions(tx: DbOrTx, pageViews: PageViewFact[]): Promise<Set<string>> {
  const sessions = fold(
    pageViews,
    (p) => `${p.websiteId}\u0000${p.sessionHash}`,
    (p) => ({
      websiteId: p.websiteId,
      sessionHash: p.sessionHash,
      day: utcDay(p.at),
      visitorHash: p.visitorHash,
      startedAt: p.at,
      lastSeenAt: p.at,
      pageViews: 1,
    }),
    (s, p) => {
      s.pageViews += 1;
      if (p.at < s.startedAt) s.startedAt = p.at;
      if (p.at > s.lastSeenAt) s.lastSeenAt = p.at;
    },
  );
  const started = new Set<string>();
  for (const rows of chunks(sessions)) {
    const result = await tx
      .insert(analyticsSessions)
      .values(rows)
      .onConflictDoUpdate({
        target: [analyticsSessions.websiteId, analyticsSessions.sessionHash],
        set: {
          pageViews: sql`${analyticsSessions.pageViews} + excluded.page_views`,
          lastSeenAt: sql`greatest(${analyticsSessions.lastSeenAt}, excluded.last_seen_at)`,
        },
      })
      .returning({ websiteId: analyticsSessions.websiteId, sessionHash: analyticsSessions.sessionHash, inserted: sql<boolean>`(xmax = 0)` });
    for (const row of result) if (row.inserted) started.add(`${row.websiteId}\u0000${row.sessionHash}`);
  }
  return started;
}

async function writePageViews(tx: DbOrTx, pageViews: PageViewFact[]): Promise<void> {
  if (pageViews.length === 0) return;
  const started = await writeSessions(tx, pageViews);
  const entryOf = new Set<PageViewFact>();
  const seen = new Set<string>();
  for (const p of [...pageViews].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const key = `${p.websiteId}\u0000${p.sessionHash}`;
    if (started.has(key) && !seen.has(key)) entryOf.add(p);
    seen.add(key);
  }
  const hourly = fold(
    pageViews,
    hourlyKey,
    (p) => ({
      websiteId: p.websiteId,
      hour: hourOf(p.at),
      pageType: p.pageType,
      referrer: p.source.referrer,
      utmSource: p.source.utmSource,
      utmMedium: p.source.utmMedium,
      utmCampaign: p.source.utmCampaign,
      device: p.device,
      browser: p.browser,
      pageViews: 1,
      entries: entryOf.has(p) ? 1 : 0,
    }),
    (h, p) => {
      h.pageViews += 1;
      if (entryOf.has(p)) h.entries += 1;
    },
  );
  for (const rows of chunks(hourly)) {
    await tx
      .insert(analyticsHourly)
      .values(rows)
      .onConflictDoUpdate({
        target: [
          analyticsHourly.websiteId,
          analyticsHourly.hour,
          analyticsHourly.pageType,
          analyticsHourly.referrer,
          analyticsHourly.utmSource,
          analyticsHourly.utmMedium,
          analyticsHourly.utmCampaign,
          analyticsHourly.device,
          analyticsHourly.browser,
        ],
        set: { pageViews: sql`${analyticsHourly.pageViews} + excluded.page_views`, entries: sql`${analyticsHourly.entries} + excluded.entries` },
      });
  }
  const pages = fold(
    pageViews,
    (p) => `${p.websiteId}\u0000${utcDay(p.at)}\u0000${p.path}`,
    (p) => ({ websiteId: p.websiteId, day: utcDay(p.at), path: p.path, pageType: p.pageType, views: 1 }),
    (r) => void (r.views += 1),
  );
  for (const rows of chunks(pages)) {
    await tx
      .insert(analyticsDailyPages)
      .values(rows)
      .onConflictDoUpdate({
        target: [analyticsDailyPages.websiteId, analyticsDailyPages.day, analyticsDailyPages.path],
        set: { views: sql`${analyticsDailyPages.views} + excluded.views` },
      });
  }
}

async function writeCounters(tx: DbOrTx, batch: IngestBatch): Promise<void> {
  const products = fold(
    batch.productViews,
    (p) => `${p.websiteId}\u0000${utcDay(p.at)}\u0000${p.itemId}`,
    (p) => ({ websiteId: p.websiteId, day: utcDay(p.at), itemId: p.itemId, views: 1 }),
    (r) => void (r.views += 1),
  );
  for (const rows of chunks(products)) {
    await tx
      .insert(analyticsDailyProducts)
      .values(rows)
      .onConflictDoUpdate({
        target: [analyticsDailyProducts.websiteId, analyticsDailyProducts.day, analyticsDailyProducts.itemId],
        set: { views: sql`${analyticsDailyProducts.views} + excluded.views` },
      });
  }
  const events = fold(
    batch.namedEvents,
    (e) => `${e.websiteId}\u0000${utcDay(e.at)}\u0000${e.name}`,
    (e) => ({ websiteId: e.websiteId, day: utcDay(e.at), name: e.name, count: 1 }),
    (r) => void (r.count += 1),
  );
  for (const rows of chunks(events)) {
    await tx
      .insert(analyticsDailyEvents)
      .values(rows)
      .onConflictDoUpdate({
        target: [analyticsDailyEvents.websiteId, analyticsDailyEvents.day, analyticsDailyEvents.name],
        set: { count: sql`${analyticsDailyEvents.count} + excluded.count` },
      });
  }
  const vitals = fold(
    batch.vitals.map((v) => ({ ...v, bucket: bucketOf(v.metric, v.value) })),
    (v) => [v.websiteId, utcDay(v.at), v.pageType, v.metric, String(v.bucket).padStart(4, '0')].join('\u0000'),
    (v) => ({ websiteId: v.websiteId, day: utcDay(v.at), pageType: v.pageType, metric: v.metric, bucket: v.bucket, count: 1 }),
    (r) => void (r.count += 1),
  );
  for (const rows of chunks(vitals)) {
    await tx
      .insert(analyticsVitals)
      .values(rows)
      .onConflictDoUpdate({
        target: [analyticsVitals.websiteId, analyticsVitals.day, analyticsVitals.pageType, analyticsVitals.metric, analyticsVitals.bucket],
        set: { count: sql`${analyticsVitals.count} + excluded.count` },
      });
  }
}

async function writeErrors(tx: DbOrTx, batch: IngestBatch): Promise<void> {
  const groups = fold(
    batch.errors,
    (e) => `${e.websiteId}\u0000${e.fingerprint}`,
    (e) => ({
      websiteId: e.websiteId,
      fingerprint: e.fingerprint,
      errorType: e.type,
      message: e.message,
      exampleStack: e.stack,
      count: 1,
      firstSeen: e.at,
      lastSeen: e.at,
      pages: [e.page],
      browsers: [e.browser as string],
    }),
    (g, e) => {
      g.count += 1;
      if (e.at < g.firstSeen) g.firstSeen = e.at;
      if (e.at > g.lastSeen) g.lastSeen = e.at;
      if (!g.pages.includes(e.page) && g.pages.length < ERROR_PAGES_KEPT) g.pages.push(e.page);
      if (!g.browsers.includes(e.browser) && g.browsers.length < ERROR_BROWSERS_KEPT) g.browsers.push(e.browser);
    },
  );
  const merged = (column: typeof analyticsErrors.pages | typeof analyticsErrors.browsers, limit: number) =>
    sql`array(SELECT DISTINCT v FROM unnest(${column} || excluded.${sql.identifier(column.name)}) AS v ORDER BY v LIMIT ${limit})`;
  for (const rows of chunks(groups)) {
    await tx
      .insert(analyticsErrors)
      .values(rows)
      .onConflictDoUpdate({
        target: [analyticsErrors.websiteId, analyticsErrors.fingerprint],
        set: {
          count: sql`${analyticsErrors.count} + excluded.count`,
          firstSeen: sql`least(${analyticsErrors.firstSeen}, excluded.first_seen)`,
          lastSeen: sql`greatest(${analyticsErrors.lastSeen}, excluded.last_seen)`,
          pages: merged(analyticsErrors.pages, ERROR_PAGES_KEPT),
          browsers: merged(analyticsErrors.browsers, ERROR_BROWSERS_KEPT),
        },
      });
  }
  const days = fold(
    batch.errors,
    (e) => `${e.websiteId}\u0000${utcDay(e.at)}\u0000${e.fingerprint}`,
    (e) => ({ websiteId: e.websiteId, day: utcDay(e.at), fingerprint: e.fingerprint, count: 1 }),
    (r) => void (r.count += 1),
  );
  for (const rows of chunks(days)) {
    await tx
      .insert(analyticsErrorDays)
      .values(rows)
      .onConflictDoUpdate({
        target: [analyticsErrorDays.websiteId, analyticsErrorDays.day, analyticsErrorDays.fingerprint],
        set: { count: sql`${analyticsErrorDays.count} + excluded.count` },
      });
  }
}

/**
 * Writes a batch inside the caller's transaction: the raw events, then every rollup (sessions,
 * hourly, pages, products, named events, vitals, errors), each statement's rows sorted by key.
 */
export async function writeBatch(tx: DbOrTx, batch: IngestBatch): Promise<void> {
  for (const rows of chunks(batch.raw)) {
    await tx.insert(analyticsEvents).values(
      rows.map((r) => ({
        websiteId: r.websiteId,
        day: utcDay(r.occurredAt),
        occurredAt: r.occurredAt,
        call: r.call,
        name: r.name,
        sessionHash: r.sessionHash ?? null,
        path: r.path,
        payload: r.payload,
      })),
    );
  }
  await writePageViews(tx, batch.pageViews);
  await writeCounters(tx, batch);
  await writeErrors(tx, batch);
}
