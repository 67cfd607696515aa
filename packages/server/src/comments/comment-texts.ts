/** Spec 9: comment count text 'No Comments', '1 Comment', 'N Comments'. */
export function commentCountText(count: number): string {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`A comment count must be a non-negative integer, got ${count}`);
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

/** Shown after a visitor posts a comment (it waits in the moderation queue). */
export const COMMENT_PENDING_MESSAGE = 'Thank you. Your comment will appear once the site owner approves it.';
/** Refusal when comments are off for the site or closed on the item. */
export const COMMENTS_CLOSED_MESSAGE = 'Comments are closed.';
/** Refusal for an unknown comment id (or one of another site). */
export const COMMENT_NOT_FOUND_MESSAGE = 'This comment does not exist.';

/** Limits on a posted comment (characters, after trimming). */
export const COMMENT_LIMITS = Object.freeze({
  nameMax: 100,
  bodyMax: 5000,
});

/** Field messages of a refused comment. */
export const CommentMessages = Object.freeze({
  NAME_REQUIRED: 'Please enter your name.',
  NAME_TOO_LONG: `Your name can have at most ${COMMENT_LIMITS.nameMax} characters.`,
  EMAIL_INVALID: 'Please enter a valid email',
  BODY_REQUIRED: 'Please write a comment.',
  BODY_TOO_LONG: `A comment can have at most ${COMMENT_LIMITS.bodyMax} characters.`,
  INVALID: 'Your comment could not be posted.',
});
