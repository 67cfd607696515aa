/** Visitor comments: moderation queue, public listing, counts and visibility rules (spec 4, 9). */
export { registerCommentRoutes, itemCommentsPath, COMMENT_QUEUE_PATH, COMMENT_RATE_LIMIT, CONTENT_POST_BODY_LIMIT } from './routes.js';
export { commentCountText, COMMENT_PENDING_MESSAGE, COMMENTS_CLOSED_MESSAGE, COMMENT_NOT_FOUND_MESSAGE } from './comment-texts.js';
export { commentsVisible, commentStateOf, acceptsComments, COMMENT_STATE_OPEN, COMMENT_STATE_CLOSED, type CommentVisibilityInput } from './comment-visibility.js';
export { parseCommentInput, isValidEmail, COMMENT_LIMITS, CommentMessages, type CommentInput } from './comment-input.js';
export {
  addComment,
  approvedComments,
  publicCommentCounts,
  commentQueue,
  moderateComment,
  MAX_COMMENTS_LISTED,
  type PublicComment,
  type QueuedComment,
} from './comment-repository.js';
export { itemCommentsContext, type ItemCommentsContext } from './comment-context.js';
