import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { wantsJson } from '../http/errors.js';
import { renderSiteListing, renderUnknownSite } from './site-listing-pages.js';
import { listWebsites } from './repository.js';
import type { SiteResolver } from './resolver.js';

function portOf(host: string | undefined): string | undefined {
  const match = /:(\d{1,5})$/.exec(host ?? '');
  return match?.[1];
}

/**
 * Resolves the website of every request from its Host header before routing. The root host
 * answers `GET /` with the site listing and 404 for anything else; unknown hosts get a 404
 * page (JSON under /api). Site requests continue with `request.site` set.
 */
export function registerSiteResolution(app: FastifyInstance, deps: { db: Db; resolver: SiteResolver; baseDomain: string }): void {
  app.decorateRequest('site', null);
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    const resolution = await deps.resolver.resolve(host);
    if (resolution.kind === 'site') {
      request.site = resolution.website;
      return;
    }
    const path = request.url.split('?')[0];
    if (resolution.kind === 'root' && path === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      const sites = await listWebsites(deps.db);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderSiteListing(sites, deps.baseDomain, portOf(host)));
    }
    if (resolution.kind === 'root') throw new AppError('NOT_FOUND', 'Not found');
    if (wantsJson(request)) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderUnknownSite(host ?? ''));
  });
}
