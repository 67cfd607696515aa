/** Spec 4: commentState 1 means comments are open on the item. */
export const COMMENT_STATE_OPEN = 1;
/** commentState of an item whose comments are closed. */
export const COMMENT_STATE_CLOSED = 0;

/** What decides whether an item's comments area is shown. */
export interface CommentVisibilityInput {
  /** `websiteSettings.commentsEnabled`. */
  commentsEnabled: boolean | undefined;
  commentState: number;
  publicCommentCount: number;
}

/**
 * Spec 4: comments show when commentState equals 1 or public comments exist, and are hidden
 * whenever the site has comments turned off.
 */
export function commentsVisible(input: CommentVisibilityInput): boolean {
  if (input.commentsEnabled !== true) return false;
  return input.commentState === COMMENT_STATE_OPEN || input.publicCommentCount > 0;
}

/** The commentState of an item: open when its `structured_content.commentsOpen` is true. */
export function commentStateOf(structuredContent: Readonly<Record<string, unknown>>): number {
  return structuredContent.commentsOpen === true ? COMMENT_STATE_OPEN : COMMENT_STATE_CLOSED;
}

/** True when visitors may post: the site enables comments and the item's comments are open. */
export function acceptsComments(commentsEnabled: boolean | undefined, commentState: number): boolean {
  return commentsEnabled === true && commentState === COMMENT_STATE_OPEN;
}
