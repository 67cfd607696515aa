import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { itemIdParam, siteOf, existingVisitorId } from '../content/index.js';
import { AppError, notFound } from '../errors/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import type { RateLimitRule } from '../http/rate-limit.js';
import { EmptyBody, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { addComment, approvedComments, commentQueue, moderateComment } from './comment-repository.js';
import { COMMENT_NOT_FOUND_MESSAGE, COMMENT_PENDING_MESSAGE, COMMENTS_CLOSED_MESSAGE, commentCountText } from './comment-texts.js';
import { acceptsComments, commentStateOf, commentsVisible } from './comment-visibility.js';
import { itemCacheControl, requireOpenItem } from './open-item.js';
import { CommentBody, CommentParams, CommentQueue, CommentQueueQuery, ItemComments, ItemParams, ModeratedComment, PendingComment } from './schemas.js';

/** Path of an item's comments. */
export const itemCommentsPath = (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/comments`;
/** Path of the owner's moderation queue. */
export const COMMENT_QUEUE_PATH = '/api/content/comments';

/** Largest accepted comment or review request body (bytes); the field limits are far below it. */
export const CONTENT_POST_BODY_LIMIT = 32 * 1024;

/** Comment posts allowed per site and client IP: 5 a minute. */
export const COMMENT_RATE_LIMIT = Object.freeze({ name: 'comment-post', max: 5, windowMs: 60_000, key: 'site+ip' as const });

const COMMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A comment id of the expected shape; other shapes answer 404 (no probing with odd ids). */
function commentId(id: string): string {
  if (!COMMENT_ID.test(id)) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
  return id;
}

/**
 * Registers the comment calls: the public listing (approved comments only) and posting
 * (crumb-checked, rate-limited, queued as pending), both answering 404 for an item a member area
 * keeps from the visitor, and the owner's queue, approve and reject (the owner check runs before
 * the request is validated).
 */
export function registerCommentRoutes(app: FastifyInstance, deps: AppDeps, limit: RateLimitRule = COMMENT_RATE_LIMIT): void {
  const readQueue = requireOwner(deps.db, deps.config.ownerToken, 'moderation:read');
  const moderate = requireOwner(deps.db, deps.config.ownerToken, 'moderation:write');
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];

  const listSchema = {
    tags,
    summary: "An item's approved comments and whether the comments area shows",
    params: ItemParams,
    response: withErrors({ 200: ItemComments }),
  };
  routes.get('/api/content/items/:itemId/comments', { schema: listSchema }, async (request, reply) => {
    const site = siteOf(request);
    const { item, access } = await requireOpenItem(db, site.id, itemIdParam(request), request.cookies, clock());
    const list = await approvedComments(db, site.id, item.id);
    const commentState = commentStateOf(item.structuredContent);
    const commentsEnabled = site.settings.commentsEnabled === true;
    itemCacheControl(reply, access, 'no-cache');
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

  const postSchema = {
    tags,
    summary: 'Post a comment (it waits for the owner’s approval)',
    params: ItemParams,
    body: CommentBody,
    response: withErrors({ 202: PendingComment }),
  };
  routes.post(
    '/api/content/items/:itemId/comments',
    { onRequest: deps.rateLimit({ ...limit }), bodyLimit: CONTENT_POST_BODY_LIMIT, schema: postSchema },
    async (request, reply) => {
      const site = siteOf(request);
      const { item } = await requireOpenItem(db, site.id, itemIdParam(request), request.cookies, clock());
      if (!acceptsComments(site.settings.commentsEnabled, commentStateOf(item.structuredContent))) {
        throw new AppError('FORBIDDEN', COMMENTS_CLOSED_MESSAGE);
      }
      const id = await addComment(db, site.id, item.id, request.body, existingVisitorId(request));
      return reply.code(202).send({ id, status: 'pending' as const, message: COMMENT_PENDING_MESSAGE });
    },
  );

  const queueSchema = {
    tags,
    summary: "The owner's comments in one moderation state, newest first",
    querystring: CommentQueueQuery,
    response: withErrors({ 200: CommentQueue }),
  };
  routes.get(COMMENT_QUEUE_PATH, { preValidation: readQueue, schema: queueSchema }, async (request, reply) => {
    const site = siteOf(request);
    reply.header('cache-control', 'no-store, private');
    return { comments: await commentQueue(db, site.id, request.query.status) };
  });

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    const schema = {
      tags,
      summary: `${action === 'approve' ? 'Approve' : 'Reject'} a comment (owner)`,
      params: CommentParams,
      body: EmptyBody,
      response: withErrors({ 200: ModeratedComment }),
    };
    routes.post(`${COMMENT_QUEUE_PATH}/:commentId/${action}`, { preValidation: moderate, schema }, async (request) => {
      const site = siteOf(request);
      const id = commentId(request.params.commentId);
      if (!(await moderateComment(db, site.id, id, status))) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
      return { id, status };
    });
  }
}
