/** The site owner's calls under /api/owner (forms, submissions and CSV exports, visits, outbox). */
export { registerOwnerRoutes, VISIT_REPORT_DAYS, type OwnerRouteOptions } from './routes.js';
export * from './schemas.js';
