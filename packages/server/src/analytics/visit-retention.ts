import { and, eq, inArray, lt } from 'drizzle-orm';
import { trackingEvents, websites } from '../db/schema.js';
import type { Db } from '../db/types.js';
import { CENSUS_SOURCE } from './page-view-repository.js';

/** Days a page view is kept; the owner's report covers the last 30. */
export const VISIT_RETENTION_DAYS = 90;
/** Rows deleted per statement, so that pruning never holds one long transaction. */
export const PRUNE_BATCH_SIZE = 5000;
const DAY_MS = 86_400_000;

/**
 * Deletes every site's page views older than {@link VISIT_RETENTION_DAYS} before `now`, site by
 * site and in batches of `batchSize` rows; returns the number of rows deleted.
 */
export async function pruneOldPageViews(db: Db, now: Date = new Date(), batchSize = PRUNE_BATCH_SIZE): Promise<number> {
  const cutoff = new Date(now.getTime() - VISIT_RETENTION_DAYS * DAY_MS);
  const sites = await db.select({ id: websites.id }).from(websites);
  let total = 0;
  for (const site of sites) {
    for (;;) {
      const old = db
        .select({ id: trackingEvents.id })
        .from(trackingEvents)
        .where(and(eq(trackingEvents.websiteId, site.id), eq(trackingEvents.source, CENSUS_SOURCE), lt(trackingEvents.createdAt, cutoff)))
        .limit(batchSize);
      const deleted = await db
        .delete(trackingEvents)
        .where(and(eq(trackingEvents.websiteId, site.id), inArray(trackingEvents.id, old)))
        .returning({ id: trackingEvents.id });
      total += deleted.length;
      if (deleted.length < batchSize) break;
    }
  }
  return total;
}

/** Runs {@link pruneOldPageViews} after `firstDelayMs`, then every `everyMs`; never two at once. */
export class PageViewPruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly options: { firstDelayMs: number; everyMs: number; onError: (error: unknown) => void; onPruned: (rows: number) => void },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.options.firstDelayMs);
  }

  /** Stops the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.running = pruneOldPageViews(this.db)
        .then((rows) => this.options.onPruned(rows), this.options.onError)
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.options.everyMs);
        });
    }, ms);
    this.timer.unref();
  }
}
