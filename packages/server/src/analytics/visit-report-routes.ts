import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf, type Website } from '../sites/index.js';
import { pageViewsByPath } from './page-view-repository.js';
import { VisitReport } from './report-schemas.js';

/** The owner's visit report covers the last 30 days. */
export const VISIT_REPORT_DAYS = 30;

async function visitReport(db: AppDeps['db'], site: Website) {
  const since = new Date(Date.now() - VISIT_REPORT_DAYS * 24 * 60 * 60 * 1000);
  return { days: VISIT_REPORT_DAYS, since: since.toISOString(), paths: await pageViewsByPath(db, site.id, since) };
}

/** Registers GET /api/owner/visits: page views and visitors by path over the last {@link VISIT_REPORT_DAYS} days. */
export function registerVisitReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/owner/visits',
    {
      preValidation: requireOwner(db, config.ownerToken, 'reports:read'),
      schema: {
        tags: ['owner'],
        summary: `Page views and visitors by path over the last ${VISIT_REPORT_DAYS} days`,
        response: withErrors({ 200: VisitReport }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return visitReport(db, siteOf(request));
    },
  );
}
