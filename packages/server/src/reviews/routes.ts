import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { CONTENT_POST_BODY_LIMIT, itemCacheControl } from '../comments/index.js';
import { existingVisitorId, itemIdParam, siteOf } from '../content/index.js';
import { notFound } from '../errors/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import type { RateLimitRule } from '../http/rate-limit.js';
import { EmptyBody, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { addReview, aggregateRating, approvedReviews, moderateReview, reviewQueue } from './review-repository.js';
import { REVIEW_NOT_FOUND_MESSAGE, REVIEW_PENDING_MESSAGE } from './review-texts.js';
import { reviewableProduct } from './reviewable-product.js';
import { ModeratedReview, PendingReview, ProductParams, ProductReviews, ReviewBody, ReviewParams, ReviewQueue, ReviewQueueQuery } from './schemas.js';

/** Review posts allowed per site and client IP: 5 a minute. */
export const REVIEW_RATE_LIMIT = Object.freeze({ name: 'review-post', max: 5, windowMs: 60_000, key: 'site+ip' as const });
/** Path of the owner's review queue. */
export const REVIEW_QUEUE_PATH = '/api/content/reviews';
/** Path of a product's reviews. */
export const productReviewsPath = (itemId: string) => `/api/content/products/${encodeURIComponent(itemId)}/reviews`;

const REVIEW_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Registers product reviews: the public listing with its aggregate rating, posting (crumb,
 * rate limit, moderation queue), both answering 404 for a product a member area keeps from the
 * visitor, and the owner's queue, approve and reject (the owner check
 * runs before the request is validated).
 */
export function registerReviewRoutes(app: FastifyInstance, deps: AppDeps, limit: RateLimitRule = REVIEW_RATE_LIMIT): void {
  const readQueue = requireOwner(deps.db, deps.config.ownerToken, 'moderation:read');
  const moderate = requireOwner(deps.db, deps.config.ownerToken, 'moderation:write');
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];

  const listSchema = {
    tags,
    summary: "A product's approved reviews and aggregate rating",
    params: ProductParams,
    response: withErrors({ 200: ProductReviews }),
  };
  routes.get('/api/content/products/:itemId/reviews', { schema: listSchema }, async (request, reply) => {
    const site = siteOf(request);
    const { itemId, access } = await reviewableProduct(db, site, itemIdParam(request), { cookies: request.cookies, now: clock() });
    const [reviews, aggregate] = await Promise.all([approvedReviews(db, site.id, itemId), aggregateRating(db, site.id, itemId)]);
    itemCacheControl(reply, access, 'no-cache');
    return { itemId, aggregateRating: aggregate, reviews };
  });

  const postSchema = {
    tags,
    summary: 'Post a product review (it waits for the owner’s approval)',
    params: ProductParams,
    body: ReviewBody,
    response: withErrors({ 202: PendingReview }),
  };
  routes.post(
    '/api/content/products/:itemId/reviews',
    { onRequest: deps.rateLimit({ ...limit }), bodyLimit: CONTENT_POST_BODY_LIMIT, schema: postSchema },
    async (request, reply) => {
      const site = siteOf(request);
      const { itemId } = await reviewableProduct(db, site, itemIdParam(request), { cookies: request.cookies, now: clock() });
      const id = await addReview(db, site.id, itemId, request.body, existingVisitorId(request));
      return reply.code(202).send({ id, status: 'pending' as const, message: REVIEW_PENDING_MESSAGE });
    },
  );

  const queueSchema = {
    tags,
    summary: "The owner's reviews in one moderation state, newest first",
    querystring: ReviewQueueQuery,
    response: withErrors({ 200: ReviewQueue }),
  };
  routes.get(REVIEW_QUEUE_PATH, { preValidation: readQueue, schema: queueSchema }, async (request, reply) => {
    const site = siteOf(request);
    reply.header('cache-control', 'no-store, private');
    return { reviews: await reviewQueue(db, site.id, request.query.status) };
  });

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    const schema = {
      tags,
      summary: `${action === 'approve' ? 'Approve' : 'Reject'} a review (owner)`,
      params: ReviewParams,
      body: EmptyBody,
      response: withErrors({ 200: ModeratedReview }),
    };
    routes.post(`${REVIEW_QUEUE_PATH}/:reviewId/${action}`, { preValidation: moderate, schema }, async (request) => {
      const site = siteOf(request);
      const id = request.params.reviewId;
      if (!REVIEW_ID.test(id) || !(await moderateReview(db, site.id, id, status))) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
      return { id, status };
    });
  }
}
