import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.js';
import { instalmentInfoHtml } from '../instalments/index.js';
import { siteOf } from './request-site.js';

/** Path of our own pay-later info modal markup. */
export const INSTALMENT_INFO_PATH = '/api/commerce/instalments/info';

/** Registers GET /api/commerce/instalments/info?locale=en_US (HTML fragment, cacheable for an hour). */
export function registerInstalmentRoutes(app: FastifyInstance): void {
  app.get(INSTALMENT_INFO_PATH, async (request, reply) => {
    siteOf(request);
    const locale = (request.query as Record<string, unknown>).locale;
    const html = typeof locale === 'string' ? instalmentInfoHtml(locale) : null;
    if (!html) throw new AppError('NOT_FOUND', 'Instalment information is not available for this locale.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').send(html);
  });
}
