import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AppDeps } from '../app.js';
import type { RateLimitRule } from '../http/rate-limit.js';
import { MODERATION_STATUSES, type ModerationStatus } from '../db/index.js';
import { AppError, notFound } from '../http/errors.js';
import { itemIdParam, requirePublicItem, siteOf } from '../content-api/public-item.js';
import { existingVisitorId } from '../content-api/visitor-id.js';
import { parseCommentInput } from './comment-input.js';
import { addComment, approvedComments, commentQueue, moderateComment } from './comment-repository.js';
import { COMMENT_NOT_FOUND_MESSAGE, COMMENT_PENDING_MESSAGE, COMMENTS_CLOSED_MESSAGE, commentCountText } from './comment-texts.js';
import { acceptsComments, commentStateOf, commentsVisible } from './comment-visibility.js';

/** Path of an item's comments. */
export const itemCommentsPath = (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/comments`;
/** Path of the owner's moderation queue. */
export const COMMENT_QUEUE_PATH = '/api/content/comments';

/** Largest accepted comment or review request body (bytes); the field limits are far below it. */
export const CONTENT_POST_BODY_LIMIT = 32 * 1024;

/** Comment posts allowed per site and client IP: 5 a minute. */
export const COMMENT_RATE_LIMIT = Object.freeze({ name: 'comment-post', max: 5, windowMs: 60_000, key: 'site+ip' as const });

const COMMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function commentIdParam(request: FastifyRequest): string {
  const id = (request.params as Record<string, unknown>).commentId;
  if (typeof id !== 'string' || !COMMENT_ID.test(id)) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
  return id;
}

function statusQuery(request: FastifyRequest): ModerationStatus {
  const status = (request.query as Record<string, unknown>).status ?? 'pending';
  if (!MODERATION_STATUSES.includes(status as ModerationStatus)) {
    throw new AppError('BAD_REQUEST', `status must be one of ${MODERATION_STATUSES.join(', ')}.`);
  }
  return status as ModerationStatus;
}

/**
 * Registers the comment calls: the public listing (approved comments only) and posting
 * (crumb-checked, rate-limited, queued as pending), and the owner's queue, approve and reject.
 */
export function registerCommentRoutes(app: FastifyInstance, deps: AppDeps, owner: preHandlerHookHandler, limit: RateLimitRule = COMMENT_RATE_LIMIT): void {
  const { db } = deps;

  app.get('/api/content/items/:itemId/comments', async (request, reply) => {
    const site = siteOf(request);
    const { item } = await requirePublicItem(db, site.id, itemIdParam(request));
    const list = await approvedComments(db, site.id, item.id);
    const commentState = commentStateOf(item.structuredContent);
    const commentsEnabled = site.settings.commentsEnabled === true;
    reply.header('cache-control', 'no-cache');
    return {
      itemId: item.id,
      commentState,
      publicCommentCount: list.length,
      countText: commentCountText(list.length),
      visible: commentsVisible({ commentsEnabled, commentState, publicCommentCount: list.length }),
      open: acceptsComments(commentsEnabled, commentState),
      comments: commentsEnabled ? list : [],
    };
  });

  app.post(
    '/api/content/items/:itemId/comments',
    { onRequest: deps.rateLimit({ ...limit }), bodyLimit: CONTENT_POST_BODY_LIMIT },
    async (request, reply) => {
      const site = siteOf(request);
      const { item } = await requirePublicItem(db, site.id, itemIdParam(request));
      if (!acceptsComments(site.settings.commentsEnabled, commentStateOf(item.structuredContent))) {
        throw new AppError('FORBIDDEN', COMMENTS_CLOSED_MESSAGE);
      }
      const input = parseCommentInput(request.body);
      const id = await addComment(db, site.id, item.id, input, existingVisitorId(request));
      return reply.code(202).send({ id, status: 'pending', message: COMMENT_PENDING_MESSAGE });
    },
  );

  app.get(COMMENT_QUEUE_PATH, { preHandler: owner }, async (request, reply) => {
    const site = siteOf(request);
    reply.header('cache-control', 'no-store, private');
    return { comments: await commentQueue(db, site.id, statusQuery(request)) };
  });

  for (const [action, status] of [['approve', 'approved'], ['reject', 'rejected']] as const) {
    app.post(`${COMMENT_QUEUE_PATH}/:commentId/${action}`, { preHandler: owner }, async (request) => {
      const site = siteOf(request);
      const id = commentIdParam(request);
      if (!(await moderateComment(db, site.id, id, status))) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
      return { id, status };
    });
  }
}
