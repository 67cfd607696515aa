import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { siteOf } from '../sites/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { AppError } from '../errors/index.js';
import { adminDist, type AdminDist } from './admin-dist.js';

/** Where the owner dashboard is served. */
export const ADMIN_BASE = '/config';
/** Said when the server runs without a built dashboard. */
export const ADMIN_NOT_BUILT = 'The owner dashboard is not built. Run `npm run build` and restart the server.';

const AdminHtml = z.string().describe('The owner dashboard (HTML of a single-page app)');
const AssetFile = z.unknown().describe('A built script or stylesheet (its bytes)');
const AssetParams = z.object({ file: z.string().max(300).describe('Hashed file name') });
const AppPathParams = z.object({ '*': z.string().max(2000).describe('A dashboard path; the app routes it') });

/** Options of {@link registerAdminApp}. */
export interface AdminAppOptions {
  /** The built files (default: packages/admin/dist). */
  dist?: AdminDist;
}

/**
 * Serves the owner dashboard: its HTML for `/config` and every `/config/...` path (never
 * cached, so a new build shows at once; the page sets the crumb cookie like every page), and
 * its hashed files under `/config/assets/` cached for a year. Unknown files are 404. The
 * dashboard signs owners in itself, so the HTML is served to everyone; every call it makes
 * checks the owner.
 */
export function registerAdminApp(app: FastifyInstance, _deps: AppDeps, options: AdminAppOptions = {}): void {
  const dist = options.dist ?? adminDist();
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const sendIndex = async (reply: FastifyReply) => {
    const html = await dist.indexHtml();
    if (html === null) throw new AppError('UNAVAILABLE', ADMIN_NOT_BUILT);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(html);
  };

  const tags = ['owner dashboard'];
  routes.get(ADMIN_BASE, { schema: { tags, summary: 'The owner dashboard', response: withErrors({ 200: AdminHtml }) } }, async (request, reply) => {
    siteOf(request);
    return sendIndex(reply);
  });
  const appPath = { tags, summary: 'The owner dashboard at one of its screens', params: AppPathParams, response: withErrors({ 200: AdminHtml }) };
  routes.get(`${ADMIN_BASE}/*`, { schema: appPath }, async (request, reply) => {
    siteOf(request);
    if (request.params['*'].startsWith('assets/')) throw new AppError('NOT_FOUND', 'No such file.');
    return sendIndex(reply);
  });

  routes.get(
    `${ADMIN_BASE}/assets/:file`,
    { schema: { tags, summary: "A file of the dashboard's build (immutable)", params: AssetParams, response: withErrors({ 200: AssetFile }) } },
    async (request, reply) => {
      const asset = await dist.asset(request.params.file);
      if (!asset) throw new AppError('NOT_FOUND', 'No such file.');
      return reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
    },
  );
}
