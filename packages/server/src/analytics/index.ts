/** Visitor analytics: the census page-view beacon (RecordHit) and the tracking calls of spec 7, who is counted, their storage and retention, and the owner's report. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerCensusRoutes } from './census-routes.js';
import { registerIngestRoutes } from './ingest-routes.js';
import { IngestWriter } from './ingest-writer.js';
import { registerRecordingRoutes } from './recording-routes.js';
import { registerReportRoutes } from './report-routes.js';
import { registerVisitReportRoutes } from './visit-report-routes.js';
import { pruneRawEvents } from './retention.js';
import { DailySalt } from './visitor-hash.js';

export { TRACKING_PATHS, TRACKING_RATE_LIMIT, TRACKING_BODY_LIMITS, UNKNOWN_PRODUCT_MESSAGE } from './ingest-routes.js';
export { RECORDING_ID_PATH } from './recording-routes.js';
export { ANALYTICS_REPORT_PATH, ANALYTICS_CSV_PATH } from './report-routes.js';
export { VISIT_REPORT_DAYS } from './visit-report-routes.js';
export { analyticsReport, type AnalyticsReport, type ReportPeriod } from './report-repository.js';
export { NO_PAYLOAD_MESSAGE, CLANKER_SCHEMAS } from './schemas.js';
export { VITAL_THRESHOLDS } from './vitals-histogram.js';
export { pruneRawEvents, DEFAULT_RAW_RETENTION_DAYS } from './retention.js';
export { IngestWriter } from './ingest-writer.js';
export { RECORD_HIT_PATH, CENSUS_HIT_RATE_LIMIT, UNKNOWN_HIT_TARGET_MESSAGE } from './census-routes.js';
export { censusHitOf, PAGE_VIEW_EVENT, CENSUS_HIT_BODY_LIMIT, type CensusHit } from './census-hit.js';
export { CensusHitForm, CensusHitData } from './census-schemas.js';
export { pageViewsByPath, recordPageView, CENSUS_SOURCE, type PathViews } from './page-view-repository.js';
export { isDeclaredRobot, isUnrecordedPath, VIEWER_ROLE, SEARCH_PATH } from './visit-policy.js';
export { pruneOldPageViews, PageViewPruner, VISIT_RETENTION_DAYS } from './visit-retention.js';
export { isUncountedVisitor } from './uncounted-visitor.js';

/** Raw events past retention are pruned 2 minutes after start, then every 6 hours. */
const PRUNE_FIRST_DELAY_MS = 120_000;
const PRUNE_EVERY_MS = 6 * 3_600_000;

/** Registers the census beacon and the tracking calls, the session-recording id, the owner's reports and the retention jobs. */
export function registerAnalytics(app: FastifyInstance, deps: AppDeps): void {
  registerCensusRoutes(app, deps);
  const writer = new IngestWriter(deps.db);
  registerIngestRoutes(app, { app: deps, salt: new DailySalt(deps.db), writer });
  registerRecordingRoutes(app);
  registerReportRoutes(app, deps);
  registerVisitReportRoutes(app, deps);
  let timer: NodeJS.Timeout | undefined;
  const prune = () => {
    pruneRawEvents(deps.db, new Date())
      .then((rows) => rows > 0 && app.log.info({ rows }, 'pruned old analytics events'))
      .catch((error) => app.log.warn({ err: error }, 'pruning old analytics events failed'))
      .finally(() => {
        timer = setTimeout(prune, PRUNE_EVERY_MS);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(prune, PRUNE_FIRST_DELAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
