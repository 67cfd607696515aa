import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { reportCsv } from './report-csv.js';
import { analyticsReport } from './report-repository.js';
import { AnalyticsReportBody, ReportCsv, ReportQuery } from './report-schemas.js';

/** Path of the owner's analytics report (JSON); `.csv` for the export. */
export const ANALYTICS_REPORT_PATH = '/api/owner/analytics';
export const ANALYTICS_CSV_PATH = '/api/owner/analytics.csv';
/** Report calls allowed per site and client: 120 a minute. */
export const REPORT_RATE_LIMIT = Object.freeze({ name: 'analytics-report', max: 120, windowMs: 60_000, key: 'site+ip' as const });

/** Registers the owner's report (JSON and CSV), for owners whose role may read reports. */
export function registerReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireOwner(deps.db, deps.config.ownerToken, 'reports:read');
  const limit = deps.rateLimit({ ...REPORT_RATE_LIMIT });
  const siteId = (site: { id: string } | null | undefined) => {
    if (!site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
    return site.id;
  };

  routes.get(
    ANALYTICS_REPORT_PATH,
    {
      onRequest: limit,
      preValidation: guard,
      schema: {
        tags: ['owner'],
        summary: 'Visitors, sessions, funnel, revenue, top pages and products, referrers, devices, web vitals and errors for a period',
        querystring: ReportQuery,
        response: withErrors({ 200: AnalyticsReportBody }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store, private');
      const report = await analyticsReport(deps.db, siteId(request.site), request.query);
      return { ...report, currency: request.site!.settings.currency };
    },
  );

  routes.get(
    ANALYTICS_CSV_PATH,
    {
      onRequest: limit,
      preValidation: guard,
      schema: { tags: ['owner'], summary: 'The analytics report for a period as CSV', querystring: ReportQuery, response: withErrors({ 200: ReportCsv }) },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = reportCsv(await analyticsReport(deps.db, siteId(request.site), request.query), request.site!.settings.currency);
      return reply
        .header('cache-control', 'no-store, private')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${from}-${to}.csv"`)
        .send(csv);
    },
  );
}
