/** Visit recording: the census page-view beacon and page-view counts for the owner. */
export { registerCensusRoutes, RECORD_HIT_PATH, CENSUS_HIT_RATE_LIMIT, UNKNOWN_HIT_TARGET_MESSAGE } from './routes.js';
export { censusHitOf, PAGE_VIEW_EVENT, CENSUS_HIT_BODY_LIMIT, type CensusHit } from './census-hit.js';
export { CensusHitForm, CensusHitData } from './schemas.js';
export { pageViewsByPath, recordPageView, CENSUS_SOURCE, type PathViews } from './page-view-repository.js';
export { isDeclaredRobot, isUnrecordedPath, VIEWER_ROLE, SEARCH_PATH } from './visit-policy.js';
export { pruneOldPageViews, PageViewPruner, VISIT_RETENTION_DAYS } from './visit-retention.js';
export { isUncountedVisitor } from './uncounted-visitor.js';
