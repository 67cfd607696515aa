import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { siteOf } from '../content/index.js';
import { canonicalOrigin } from './site-origin.js';
import { publicSiteUrls } from './site-urls.js';
import { buildRobotsTxt, buildSitemapXml } from './sitemap.js';

/** Crawlers may cache the sitemap and robots.txt for an hour. */
export const SEO_CACHE_CONTROL = 'public, max-age=3600';

/** Registers `/sitemap.xml` (every public page, collection and item of the site) and `/robots.txt`. */
export function registerSeoRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/sitemap.xml', async (request, reply) => {
    const site = siteOf(request);
    const urls = await publicSiteUrls(deps.db, site.id);
    return reply.type('application/xml; charset=utf-8').header('cache-control', SEO_CACHE_CONTROL).send(buildSitemapXml(canonicalOrigin(site, deps.config), urls));
  });

  app.get('/robots.txt', async (request, reply) => {
    const site = siteOf(request);
    return reply.type('text/plain; charset=utf-8').header('cache-control', SEO_CACHE_CONTROL).send(buildRobotsTxt(canonicalOrigin(site, deps.config)));
  });
}
