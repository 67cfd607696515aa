import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { websites, type Db } from '../db/index.js';
import { analyticsEvents } from '../db/schema-analytics.js';
import { utcDay } from './visitor-hash.js';

/** Days raw analytics events are kept unless the site's settings say otherwise (`analyticsRetentionDays`). */
export const DEFAULT_RAW_RETENTION_DAYS = 90;
/** Bounds of the per-site retention setting. */
export const MIN_RAW_RETENTION_DAYS = 1;
export const MAX_RAW_RETENTION_DAYS = 730;

/** The raw-event retention of a site's settings, clamped to 1-730 days. */
export function rawRetentionDays(settings: Record<string, unknown>): number {
  const value = settings.analyticsRetentionDays;
  if (typeof value !== 'number' || !Number.isInteger(value)) return DEFAULT_RAW_RETENTION_DAYS;
  return Math.min(MAX_RAW_RETENTION_DAYS, Math.max(MIN_RAW_RETENTION_DAYS, value));
}

/**
 * Deletes raw events older than each site's retention, whole days at a time and at most
 * `batch` rows per statement, and returns the number deleted. Rollups are kept: reports over
 * old periods still answer.
 */
export async function pruneRawEvents(db: Db, now: Date, batch = 10_000): Promise<number> {
  const sites = await db
    .selectDistinct({ id: analyticsEvents.websiteId })
    .from(analyticsEvents)
    .where(lt(analyticsEvents.day, utcDay(new Date(now.getTime() - MIN_RAW_RETENTION_DAYS * 86_400_000))));
  if (sites.length === 0) return 0;
  const settings = await db
    .select({ id: websites.id, settings: websites.settings })
    .from(websites)
    .where(
      inArray(
        websites.id,
        sites.map((s) => s.id),
      ),
    );
  let deleted = 0;
  for (const site of settings) {
    const cutoff = utcDay(new Date(now.getTime() - rawRetentionDays(site.settings) * 86_400_000));
    for (;;) {
      const old = db
        .select({ id: analyticsEvents.id })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.websiteId, site.id), lt(analyticsEvents.day, cutoff)))
        .limit(batch);
      const rows = await db
        .delete(analyticsEvents)
        .where(inArray(analyticsEvents.id, sql`(${old})`))
        .returning({ id: analyticsEvents.id });
      deleted += rows.length;
      if (rows.length < batch) break;
    }
  }
  return deleted;
}
