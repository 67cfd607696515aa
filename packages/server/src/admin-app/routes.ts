import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { ADMIN_LABEL, DASHBOARD_SITES, dashboardUrl, siteOf } from '../sites/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { AppError } from '../errors/index.js';
import { preferredEncoding } from '../pages/index.js';
import { adminDist, type AdminDist } from './admin-dist.js';

/** Where a site's origin used to serve the dashboard; it now sends owners to the admin origin. */
export const ADMIN_BASE = '/config';
/** Where the dashboard's built files are served on the admin origin. */
export const ADMIN_ASSETS = '/config/assets';
/** Said when the server runs without a built dashboard. */
export const ADMIN_NOT_BUILT = 'The owner dashboard is not built. Run `npm run build` and restart the server.';

const AdminHtml = z.string().describe('The owner dashboard (HTML of a single-page app)');
const AssetFile = z.unknown().describe('A built script or stylesheet (its bytes)');
const AssetParams = z.object({ file: z.string().max(300).describe('Hashed file name') });
const AppPathParams = z.object({ '*': z.string().max(2000).describe('A dashboard path; the app routes it') });
const SitePathParams = z.object({ site: z.string().max(63).describe("The site's identifier") });
const SiteAppPathParams = SitePathParams.extend({ '*': z.string().max(2000).describe('A dashboard path; the app routes it') });

/** Options of {@link registerAdminApp}. */
export interface AdminAppOptions {
  /** The built files (default: packages/admin/dist). */
  dist?: AdminDist;
}

/**
 * The dashboard path and query a site's `/config/{rest}?{query}` leads to, every segment and
 * parameter encoded again (so no character of the request can reach the Location header as it
 * came); null when a segment cannot be encoded (a lone surrogate).
 */
export function dashboardPath(rest: string, url: string): string | null {
  try {
    const segments = rest.split('/').filter((segment) => segment !== '');
    const path = segments.length === 0 ? '' : `/${segments.map(encodeURIComponent).join('/')}`;
    const at = url.indexOf('?');
    const query = at < 0 ? '' : new URLSearchParams(url.slice(at + 1)).toString();
    return query === '' ? path : `${path}?${query}`;
  } catch {
    return null;
  }
}

function adminOnly(request: FastifyRequest): void {
  if (!request.adminOrigin) throw new AppError('NOT_FOUND', 'Not found');
}

/**
 * Serves the owner dashboard on the admin origin: its HTML for `/` (sign-in and the site
 * switcher) and every `/sites/{identifier}/...` path (never cached, so a new build shows at
 * once; the page sets the dashboard's crumb cookie), and its hashed files under
 * `/config/assets/` cached for a year, brotli or gzip when the browser takes them. On a site's
 * origin `/config` and every `/config/...` path redirect to the same screen of that site's
 * dashboard, so no owner screen, cookie or crumb ever lives on a site's origin.
 */
export function registerAdminApp(app: FastifyInstance, deps: AppDeps, options: AdminAppOptions = {}): void {
  const dist = options.dist ?? adminDist();
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const sendIndex = async (reply: FastifyReply) => {
    const html = await dist.indexHtml();
    if (html === null) throw new AppError('UNAVAILABLE', ADMIN_NOT_BUILT);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(html);
  };
  const toDashboard = (request: FastifyRequest, reply: FastifyReply, rest: string) => {
    const site = siteOf(request);
    const target = dashboardPath(rest, request.url);
    if (target === null) throw new AppError('NOT_FOUND', 'Not found');
    return reply.header('cache-control', 'no-store').redirect(dashboardUrl(site.identifier, deps.config, target), 302);
  };

  // The dashboard's own routes answer only on the admin origin (whatever the port), beside the
  // site pages that share their paths.
  const constraints = { host: new RegExp(`^${ADMIN_LABEL}\\.${deps.config.baseDomain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(:\\d{1,5})?$`, 'i') };
  const tags = ['owner dashboard'];
  const redirect = { tags, summary: "Sends owners to this site's dashboard on the admin origin", response: withErrors({ 302: z.null() }) };
  routes.get(ADMIN_BASE, { schema: redirect }, async (request, reply) => toDashboard(request, reply, ''));
  routes.get(`${ADMIN_BASE}/*`, { schema: { ...redirect, params: AppPathParams } }, async (request, reply) => {
    if (request.adminOrigin) throw new AppError('NOT_FOUND', 'No such file.');
    return toDashboard(request, reply, request.params['*']);
  });

  const html = { tags, summary: 'The owner dashboard (admin origin)', response: withErrors({ 200: AdminHtml }) };
  routes.get('/', { constraints, schema: html }, async (_request, reply) => {
    return sendIndex(reply);
  });
  routes.get(`${DASHBOARD_SITES}/:site`, { constraints, schema: { ...html, params: SitePathParams } }, async (_request, reply) => {
    return sendIndex(reply);
  });
  routes.get(`${DASHBOARD_SITES}/:site/*`, { constraints, schema: { ...html, params: SiteAppPathParams } }, async (_request, reply) => {
    return sendIndex(reply);
  });

  routes.get(
    `${ADMIN_ASSETS}/:file`,
    { schema: { tags, summary: "A file of the dashboard's build (immutable)", params: AssetParams, response: withErrors({ 200: AssetFile }) } },
    async (request, reply) => {
      adminOnly(request);
      const asset = await dist.asset(request.params.file, preferredEncoding(request.headers['accept-encoding']));
      if (!asset) throw new AppError('NOT_FOUND', 'No such file.');
      reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
      if (asset.encoding) reply.header('content-encoding', asset.encoding);
      return reply.send(asset.body);
    },
  );
}
