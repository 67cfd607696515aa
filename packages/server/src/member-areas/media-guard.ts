import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { MEDIA_PATH } from '../media/index.js';
import { imageAccess } from './media-access.js';

/** `/api/media/{websiteId}/{imageId}-{width}.{ext}`: the image id of a stored copy's URL. */
const STORED_COPY = new RegExp(`^${MEDIA_PATH}/[A-Za-z0-9_-]{1,64}/([0-9a-f]{32})-\\d{1,4}\\.(?:jpg|png|webp)(?:\\?|$)`);

/**
 * Guards the site's stored images: one that a member area gates (the picture or content of a
 * gated item or page) answers 404 to visitors without the area, and reaches members with
 * `cache-control: private, no-store` instead of the public immutable lifetime, so no shared cache
 * keeps it. Other requests pass untouched (one regular expression test).
 */
export function registerMediaGuard(app: FastifyInstance, deps: AppDeps, clock: () => Date): void {
  const forMembers = new WeakSet<FastifyRequest>();
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const match = STORED_COPY.exec(request.url);
    if (!match || !request.site || request.adminOrigin) return;
    const access = await imageAccess(deps.db, request.site.id, match[1]!, request.cookies, clock());
    if (access === 'denied') throw new AppError('NOT_FOUND', 'Not found');
    if (access === 'member') forMembers.add(request);
  });
  app.addHook('onSend', async (request, reply) => {
    if (forMembers.has(request)) reply.header('cache-control', 'private, no-store');
  });
}
