/** The site owner's /config pages, CSV exports and JSON calls under /api/owner. */
export { registerOwnerRoutes, VISIT_REPORT_DAYS, type OwnerRouteOptions } from './routes.js';
export { csvCell, toCsv } from './csv.js';
export * from './schemas.js';
