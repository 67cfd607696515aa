import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AppDeps } from '../app.js';
import type { RateLimitRule } from '../http/rate-limit.js';
import { itemIdParam, requirePublicItem, siteOf } from '../content-api/public-item.js';
import { existingVisitorId } from '../content-api/visitor-id.js';
import { MODERATION_STATUSES, type ModerationStatus } from '../db/index.js';
import { CONTENT_POST_BODY_LIMIT } from '../comments/index.js';
import { AppError, notFound } from '../http/errors.js';
import type { Website } from '../sites/website.js';
import { parseReviewInput } from './review-input.js';
import { addReview, aggregateRating, approvedReviews, moderateReview, productMerchandising, reviewQueue } from './review-repository.js';
import { reviewsEnabled } from './review-settings.js';

/** Refusal when reviews are not shown for a product (settings off or kill switch set). */
export const REVIEWS_UNAVAILABLE_MESSAGE = 'Reviews are not available for this product.';
/** Shown after a visitor posts a review. */
export const REVIEW_PENDING_MESSAGE = 'Thank you. Your review will appear once the site owner approves it.';
/** Refusal for an unknown review id (or one of another site). */
export const REVIEW_NOT_FOUND_MESSAGE = 'This review does not exist.';
/** Review posts allowed per site and client IP: 5 a minute. */
export const REVIEW_RATE_LIMIT = Object.freeze({ name: 'review-post', max: 5, windowMs: 60_000, key: 'site+ip' as const });
/** Path of the owner's review queue. */
export const REVIEW_QUEUE_PATH = '/api/content/reviews';
/** Path of a product's reviews. */
export const productReviewsPath = (itemId: string) => `/api/content/products/${encodeURIComponent(itemId)}/reviews`;

const REVIEW_ID = /^[A-Za-z0-9_-]{1,64}$/;

async function reviewableProduct(deps: AppDeps, site: Website, request: FastifyRequest): Promise<string> {
  const { item } = await requirePublicItem(deps.db, site.id, itemIdParam(request));
  const merchandising = await productMerchandising(deps.db, site.id, item.id);
  if (!merchandising) throw notFound(REVIEWS_UNAVAILABLE_MESSAGE);
  if (!reviewsEnabled(merchandising, site.settings)) throw new AppError('FORBIDDEN', REVIEWS_UNAVAILABLE_MESSAGE);
  return item.id;
}

/**
 * Registers product reviews: the public listing with its aggregate rating, posting (crumb,
 * rate limit, moderation queue), and the owner's queue, approve and reject.
 */
export function registerReviewRoutes(app: FastifyInstance, deps: AppDeps, owner: preHandlerHookHandler, limit: RateLimitRule = REVIEW_RATE_LIMIT): void {
  const { db } = deps;

  app.get('/api/content/products/:itemId/reviews', async (request, reply) => {
    const site = siteOf(request);
    const itemId = await reviewableProduct(deps, site, request);
    const [reviews, aggregate] = await Promise.all([approvedReviews(db, site.id, itemId), aggregateRating(db, site.id, itemId)]);
    reply.header('cache-control', 'no-cache');
    return { itemId, aggregateRating: aggregate, reviews };
  });

  app.post('/api/content/products/:itemId/reviews', { onRequest: deps.rateLimit({ ...limit }), bodyLimit: CONTENT_POST_BODY_LIMIT }, async (request, reply) => {
    const site = siteOf(request);
    const itemId = await reviewableProduct(deps, site, request);
    const input = parseReviewInput(request.body);
    const id = await addReview(db, site.id, itemId, input, existingVisitorId(request));
    return reply.code(202).send({ id, status: 'pending', message: REVIEW_PENDING_MESSAGE });
  });

  app.get(REVIEW_QUEUE_PATH, { preHandler: owner }, async (request, reply) => {
    const site = siteOf(request);
    const status = (request.query as Record<string, unknown>).status ?? 'pending';
    if (!MODERATION_STATUSES.includes(status as ModerationStatus)) throw new AppError('BAD_REQUEST', `status must be one of ${MODERATION_STATUSES.join(', ')}.`);
    reply.header('cache-control', 'no-store, private');
    return { reviews: await reviewQueue(db, site.id, status as ModerationStatus) };
  });

  for (const [action, status] of [['approve', 'approved'], ['reject', 'rejected']] as const) {
    app.post(`${REVIEW_QUEUE_PATH}/:reviewId/${action}`, { preHandler: owner }, async (request) => {
      const site = siteOf(request);
      const id = (request.params as Record<string, unknown>).reviewId;
      if (typeof id !== 'string' || !REVIEW_ID.test(id) || !(await moderateReview(db, site.id, id, status))) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
      return { id, status };
    });
  }
}
