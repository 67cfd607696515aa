import type { FastifyInstance } from 'fastify';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import type { AppDeps } from '../app-deps.js';
import { itemCacheControl, requireOpenItem } from '../comments/index.js';
import { itemIdParam, siteOf } from '../content/index.js';
import { ensureVisitorId, existingVisitorId } from '../content/index.js';
import { AppError } from '../errors/index.js';
import { likeState, setLike } from './like-repository.js';
import { ItemParams, LikeBody, LikeState } from './schemas.js';

/** Refusal when the site has simple liking turned off. */
export const LIKES_DISABLED_MESSAGE = 'Likes are turned off on this site.';
/** Like changes allowed per site and client IP: 60 a minute. */
export const LIKE_RATE_LIMIT = Object.freeze({ name: 'item-like', max: 60, windowMs: 60_000, key: 'site+ip' as const });

/** Path of an item's like. */
export const itemLikePath = (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/like`;

/**
 * Registers GET (state) and PUT `{ liked }` (idempotent set) of an item's like. The visitor is
 * the `ss_cvr` cookie's id, issued on the first like. An item a member area keeps from the
 * visitor answers 404, as a missing one does: its count is not shown and it cannot be liked.
 */
export function registerLikeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/content/items/:itemId/like',
    {
      schema: {
        tags: ['content'],
        summary: "An item's like count and whether this visitor likes it",
        params: ItemParams,
        response: withErrors({ 200: LikeState }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { item } = await requireOpenItem(db, site.id, itemIdParam(request), request.cookies, clock());
      reply.header('cache-control', 'no-store, private');
      return { itemId: item.id, ...(await likeState(db, site.id, item.id, existingVisitorId(request))) };
    },
  );

  const putSchema = {
    tags: ['content'],
    summary: 'Like or unlike an item (idempotent)',
    params: ItemParams,
    body: LikeBody,
    response: withErrors({ 200: LikeState }),
  };
  routes.put('/api/content/items/:itemId/like', { onRequest: deps.rateLimit({ ...LIKE_RATE_LIMIT }), schema: putSchema }, async (request, reply) => {
    const site = siteOf(request);
    if (site.settings.simpleLikingEnabled !== true) throw new AppError('FORBIDDEN', LIKES_DISABLED_MESSAGE);
    const { item } = await requireOpenItem(db, site.id, itemIdParam(request), request.cookies, clock());
    const { liked } = request.body;
    const visitorId = ensureVisitorId(request, reply, deps.config.secureCookies);
    reply.header('cache-control', 'no-store, private');
    return { itemId: item.id, ...(await setLike(db, site.id, item.id, visitorId, liked)) };
  });
}
