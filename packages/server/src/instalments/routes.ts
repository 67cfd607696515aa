import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { instalmentInfoHtml } from './info-modal.js';
import { siteOf } from '../http/request-site.js';
import { InstalmentInfoQuery } from './schemas.js';

/** Path of our own pay-later info modal markup. */
export const INSTALMENT_INFO_PATH = '/api/commerce/instalments/info';

/** Registers GET /api/commerce/instalments/info?locale=en_US (HTML fragment, cacheable for an hour). */
export function registerInstalmentRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['cart'],
    summary: 'Markup of the pay-later information modal for a locale (404 when the locale has none)',
    querystring: InstalmentInfoQuery,
    response: withErrors({ 200: z.string().describe('HTML fragment') }),
  };
  routes.get(INSTALMENT_INFO_PATH, { schema }, async (request, reply) => {
    siteOf(request);
    const { locale } = request.query;
    const html = locale === undefined ? null : instalmentInfoHtml(locale);
    if (!html) throw new AppError('NOT_FOUND', 'Instalment information is not available for this locale.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').send(html);
  });
}
