/** Visitor comments: moderation queue, public listing, counts and visibility rules (spec 4, 9). */
export { registerCommentRoutes, itemCommentsPath, COMMENT_QUEUE_PATH, COMMENT_RATE_LIMIT, CONTENT_POST_BODY_LIMIT } from './routes.js';
export {
  commentCountText,
  COMMENT_PENDING_MESSAGE,
  COMMENTS_CLOSED_MESSAGE,
  COMMENT_NOT_FOUND_MESSAGE,
  COMMENT_LIMITS,
  CommentMessages,
} from './comment-texts.js';
export {
  commentsVisible,
  commentStateOf,
  acceptsComments,
  COMMENT_STATE_OPEN,
  COMMENT_STATE_CLOSED,
  type CommentVisibilityInput,
} from './comment-visibility.js';
export {
  CommentBody,
  CommentParams,
  CommentQueueQuery,
  CommentQueue,
  ItemComments,
  ModeratedComment,
  ModerationStatus,
  PendingComment,
  PublicComment,
  QueuedComment,
  type CommentInput,
} from './schemas.js';
export {
  addComment,
  approvedComments,
  publicCommentCounts,
  commentQueue,
  moderateComment,
  MAX_COMMENTS_LISTED,
} from './comment-repository.js';
export { itemCommentsContext, type ItemCommentsContext } from './comment-context.js';
export { requireOpenItem, itemCacheControl, type OpenItem } from './open-item.js';
