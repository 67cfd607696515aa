import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { serverSecrets, type Db } from '../db/index.js';
import { analyticsDailyEvents, analyticsEvents, analyticsHourly } from '../db/schema-analytics.js';
import { createWebsite } from '../sites/repository.js';
import { emptyBatch, type IngestBatch } from './ingest-batch.js';
import { IngestWriter } from './ingest-writer.js';
import { pruneRawEvents } from './retention.js';
import { DailySalt } from './visitor-hash.js';

function eventBatch(websiteId: string, name: string, at = new Date()): IngestBatch {
  const batch = emptyBatch();
  batch.raw.push({ websiteId, occurredAt: at, call: 'event', name, path: '/', payload: {} });
  batch.namedEvents.push({ websiteId, at, name });
  batch.pageViews.push({
    websiteId,
    at,
    path: '/',
    pageType: 'home',
    source: { referrer: '', utmSource: '', utmMedium: '', utmCampaign: '' },
    device: 'desktop',
    browser: 'Chrome',
    visitorHash: `v-${name}`,
    sessionHash: `s-${name}`,
  });
  return batch;
}

describe('ingestion storage (acknowledge only after commit)', () => {
  let t: TestDb;
  let siteId: string;
  beforeAll(async () => {
    t = await createTestDb();
    siteId = (await createWebsite(t.db, { identifier: 'writer-site', title: 'W' })).id;
  });
  afterAll(() => t.close());

  it('writes calls that arrive together in fewer transactions and resolves each only once committed', async () => {
    let transactions = 0;
    const counting = { transaction: (fn: Parameters<Db['transaction']>[0]) => (transactions++, t.db.transaction(fn)) } as unknown as Db;
    const writer = new IngestWriter(counting);
    await Promise.all(Array.from({ length: 40 }, (_, i) => writer.write(eventBatch(siteId, `grouped-${i}`))));
    expect(transactions).toBeLessThan(40);
    const rows = await t.db.select().from(analyticsEvents).where(like(analyticsEvents.name, 'grouped-%'));
    expect(rows).toHaveLength(40);
    const [hourly] = await t.db.select().from(analyticsHourly).where(eq(analyticsHourly.websiteId, siteId));
    expect(hourly).toMatchObject({ pageViews: 40, entries: 40 });
  });

  it('rejects only the call that cannot be stored, stores none of it, and stores the calls that shared its transaction', async () => {
    const writer = new IngestWriter(t.db);
    const results = await Promise.allSettled([
      writer.write(eventBatch(siteId, 'first')),
      writer.write(eventBatch(siteId, 'doomed-ok')),
      writer.write(eventBatch('no-such-site', 'doomed-bad')),
    ]);
    expect(results[0]!.status).toBe('fulfilled');
    expect(results[1]!.status).toBe('fulfilled');
    expect(results[2]!.status).toBe('rejected');
    expect((await t.db.select().from(analyticsEvents).where(like(analyticsEvents.name, 'doomed-%'))).map((r) => r.name)).toEqual(['doomed-ok']);
    expect(await t.db.select().from(analyticsDailyEvents).where(eq(analyticsDailyEvents.name, 'doomed-bad'))).toHaveLength(0);
    await writer.write(eventBatch(siteId, 'after'));
    expect(await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'after'))).toHaveLength(1);
  });

  it("prunes raw events past the site's retention and keeps the rollups", async () => {
    const site = await createWebsite(t.db, { identifier: 'retention-site', title: 'R', settings: { analyticsRetentionDays: 30 } });
    const now = new Date('2026-11-24T12:00:00Z');
    const writer = new IngestWriter(t.db);
    await writer.write(eventBatch(site.id, 'old', new Date('2026-10-20T12:00:00Z')));
    await writer.write(eventBatch(site.id, 'recent', new Date('2026-11-20T12:00:00Z')));
    expect(await pruneRawEvents(t.db, now, 1)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.websiteId, site.id));
    expect(left.map((r) => r.name)).toEqual(['recent']);
    expect(await t.db.select().from(analyticsDailyEvents).where(eq(analyticsDailyEvents.websiteId, site.id))).toHaveLength(2);
  });

  it('hashes visitors under a salt of the day, deleting earlier salts', async () => {
    const salt = new DailySalt(t.db);
    const day1 = new Date('2026-11-23T10:00:00Z');
    const day2 = new Date('2026-11-24T10:00:00Z');
    const first = await salt.visitorHash(day1, siteId, '198.51.100.1', 'UA');
    expect(await salt.visitorHash(new Date('2026-11-23T23:00:00Z'), siteId, '198.51.100.1', 'UA')).toBe(first);
    expect(await salt.visitorHash(day1, siteId, '198.51.100.2', 'UA')).not.toBe(first);
    expect(await salt.visitorHash(day2, siteId, '198.51.100.1', 'UA')).not.toBe(first);
    const salts = await t.db.select({ name: serverSecrets.name }).from(serverSecrets).where(like(serverSecrets.name, 'analytics-salt:%'));
    expect(salts.map((s) => s.name)).toEqual(['analytics-salt:2026-11-24']);
    expect(await salt.sessionHash(day2, siteId, 'v', undefined)).toBe('v');
    expect(await salt.sessionHash(day2, siteId, 'v', 'tab-1')).not.toBe('v');
  });
});
