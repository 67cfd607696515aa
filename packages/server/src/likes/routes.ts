import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.js';
import { itemIdParam, requirePublicItem, siteOf } from '../content-api/public-item.js';
import { ensureVisitorId, existingVisitorId } from '../content-api/visitor-id.js';
import { AppError } from '../http/errors.js';
import { likeState, setLike } from './like-repository.js';

/** Refusal when the site has simple liking turned off. */
export const LIKES_DISABLED_MESSAGE = 'Likes are turned off on this site.';
/** Like changes allowed per site and client IP: 60 a minute. */
export const LIKE_RATE_LIMIT = Object.freeze({ name: 'item-like', max: 60, windowMs: 60_000, key: 'site+ip' as const });

/** Path of an item's like. */
export const itemLikePath = (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/like`;

function likedFrom(body: unknown): boolean {
  const liked = body && typeof body === 'object' ? (body as Record<string, unknown>).liked : undefined;
  if (typeof liked !== 'boolean') throw new AppError('VALIDATION_FAILED', 'liked must be true or false.');
  return liked;
}

/**
 * Registers GET (state) and PUT `{ liked }` (idempotent set) of an item's like. The visitor is
 * the `ss_cvr` cookie's id, issued on the first like.
 */
export function registerLikeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/content/items/:itemId/like', async (request, reply) => {
    const site = siteOf(request);
    const { item } = await requirePublicItem(db, site.id, itemIdParam(request));
    reply.header('cache-control', 'no-store, private');
    return { itemId: item.id, ...(await likeState(db, site.id, item.id, existingVisitorId(request))) };
  });

  app.put('/api/content/items/:itemId/like', { onRequest: deps.rateLimit({ ...LIKE_RATE_LIMIT }) }, async (request, reply) => {
    const site = siteOf(request);
    if (site.settings.simpleLikingEnabled !== true) throw new AppError('FORBIDDEN', LIKES_DISABLED_MESSAGE);
    const { item } = await requirePublicItem(db, site.id, itemIdParam(request));
    const liked = likedFrom(request.body);
    const visitorId = ensureVisitorId(request, reply, deps.config.secureCookies);
    reply.header('cache-control', 'no-store, private');
    return { itemId: item.id, ...(await setLike(db, site.id, item.id, visitorId, liked)) };
  });
}
