import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { siteOf } from '../content/index.js';
import { textResponse, withErrors } from '../http/schemas.js';
import { languageAlternates, siteLanguagesOf } from '../multilingual/index.js';
import { canonicalOrigin } from '../sites/index.js';
import { readPageTranslations } from '../translations/index.js';
import { publicSiteUrls } from './site-urls.js';
import { buildRobotsTxt, buildSitemapXml } from './sitemap.js';

/** Crawlers may cache the sitemap and robots.txt for an hour. */
export const SEO_CACHE_CONTROL = 'public, max-age=3600';

/** Registers `/sitemap.xml` (every public page, collection and item of the site, in each published language) and `/robots.txt`. */
export function registerSeoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const tags = ['seo'];
  const sitemapSchema = {
    tags,
    summary: "The site's sitemap: every public page, collection and item, in each published language with its hreflang alternates",
    response: withErrors({ 200: textResponse('application/xml', 'Sitemap (sitemaps.org 0.9)') }),
  };
  app.get('/sitemap.xml', { schema: sitemapSchema }, async (request, reply) => {
    const site = siteOf(request);
    const [urls, { localizer }] = await Promise.all([publicSiteUrls(deps.db, site.id), readPageTranslations(deps.db, site, undefined)]);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', SEO_CACHE_CONTROL)
      .send(buildSitemapXml(canonicalOrigin(site, deps.config), urls, languageAlternates(siteLanguagesOf(site.settings)), localizer.pathIn));
  });

  const robotsSchema = { tags, summary: "The site's robots.txt, naming the sitemap", response: withErrors({ 200: textResponse('text/plain', 'robots.txt') }) };
  app.get('/robots.txt', { schema: robotsSchema }, async (request, reply) => {
    const site = siteOf(request);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', SEO_CACHE_CONTROL)
      .send(buildRobotsTxt(canonicalOrigin(site, deps.config), languageAlternates(siteLanguagesOf(site.settings))));
  });
}
