import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { wantsJson } from './errors.js';
import { DASHBOARD_SITES, getWebsite, listWebsites, renderSiteListing, renderUnknownSite, type SiteResolver, type Website } from '../sites/index.js';

/** Header naming the site a dashboard call works on (its identifier), on the admin origin only. */
export const SITE_HEADER = 'x-emporium-site';
/** Query parameter naming the site of a download link on the admin origin (GET only). */
export const SITE_PARAM = '_site';

/** A stored image copy, `/api/media/{website id}/{name}`: the dashboard shows product photos from its own origin. */
const MEDIA_COPY = /^\/api\/media\/([A-Za-z0-9_-]{1,64})\/[^/]+$/;

/**
 * Paths the admin origin answers: the dashboard's pages and files, the owner API, the spec's
 * own owner-side calls (store creation, restock sign-ups and sends, site layout, header and
 * footer, commerce preferences, multilingual settings) at their exact paths, the
 * moderation queues of comments and reviews, and image copies. Nothing of a storefront is served there.
 */
const ADMIN_PATHS = [
  /^\/$/,
  new RegExp(`^${DASHBOARD_SITES}(?:/|$)`),
  /^\/config\/assets\//,
  /^\/api\/owner(?:\/|$)/,
  /^\/api\/content-service\//,
  /^\/api\/site-users\/account\/notifications\/restock(?:\/|$)/,
  /^\/api\/content\/(?:comments|reviews)(?:\/|$)/,
  /^\/api\/(?:commondata\/GetSiteLayout|widget\/UpdateNavigation|site-header-footer|v1\/commerce-preferences\/[^/]+)$/,
  /^\/api\/multilingual\/(?:settings|status|languages|connection)$/,
  MEDIA_COPY,
  // The generated illustrations are the same on every origin and hold nothing of a site: the
  // editor shows them as thumbnails of the blocks that use them.
  /^\/assets\/illustrations\/[^/]+$/,
];

function portOf(host: string | undefined): string | undefined {
  const match = /:(\d{1,5})$/.exec(host ?? '');
  return match?.[1];
}

/** True for GET and HEAD, which change nothing. */
function reads(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/**
 * The site a request on the admin origin works on: the one its X-Emporium-Site header names,
 * else, for a read, the one a download link names (`?_site=demo`; a followed link carries no
 * header) or an image copy's path names; undefined when it names none.
 */
async function siteOnAdminOrigin(deps: { db: Db; resolver: SiteResolver }, request: FastifyRequest, path: string): Promise<Website | undefined> {
  const header = request.headers[SITE_HEADER];
  const query = request.url.indexOf('?');
  const named =
    typeof header === 'string' && header !== ''
      ? header
      : reads(request) && query >= 0
        ? new URLSearchParams(request.url.slice(query + 1)).get(SITE_PARAM)
        : null;
  if (named) {
    const website = await deps.resolver.byIdentifier(named.trim().toLowerCase());
    if (!website) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
    return website;
  }
  const imageSite = reads(request) ? MEDIA_COPY.exec(path)?.[1] : undefined;
  if (!imageSite) return undefined;
  const website = await getWebsite(deps.db, imageSite);
  if (!website) throw new AppError('NOT_FOUND', 'Not found');
  return website;
}

/**
 * Resolves the website of every request from its Host header before routing. The root host
 * answers `GET /` with the site listing and 404 for anything else; unknown hosts get a 404
 * page (JSON under /api). Site requests continue with `request.site` set. On the admin origin
 * only the dashboard's paths are answered, and the site is the one the X-Emporium-Site header
 * names (none for the dashboard's own pages). On a site's origin no owner cookie is ever read
 * (see owner-sessions), so the owner API there answers only to a token the request carries.
 */
export function registerSiteResolution(app: FastifyInstance, deps: { db: Db; resolver: SiteResolver; baseDomain: string }): void {
  app.decorateRequest('site', null);
  app.decorateRequest('adminOrigin', false);
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    const resolution = await deps.resolver.resolve(host);
    const path = request.url.split('?')[0]!;
    if (resolution.kind === 'site') {
      request.site = resolution.website;
      return;
    }
    if (resolution.kind === 'admin') {
      if (!ADMIN_PATHS.some((pattern) => pattern.test(path))) throw new AppError('NOT_FOUND', 'Not found');
      request.adminOrigin = true;
      request.site = (await siteOnAdminOrigin(deps, request, path)) ?? null;
      return;
    }
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
