import { isValidEmail } from '@emporium/forms';
import { MODERATION_STATUSES } from '../db/index.js';
import { z } from '../http/schemas.js';
import { CommentMessages, COMMENT_LIMITS } from './comment-texts.js';

/** Route parameters naming an item. The id's shape is checked by the handler (odd ids answer 404, not 400). */
export const ItemParams = z.object({ itemId: z.string().describe('The item (blog post, event) id') });

/** Route parameters naming a comment. The id's shape is checked by the handler (odd ids answer 404). */
export const CommentParams = z.object({ commentId: z.string().describe('The comment id') });

/** Body of a visitor's comment post; texts are trimmed, each field has its own message. */
export const CommentBody = z.object(
  {
    name: z
      .string({ error: CommentMessages.NAME_REQUIRED })
      .trim()
      .min(1, { error: CommentMessages.NAME_REQUIRED })
      .max(COMMENT_LIMITS.nameMax, { error: CommentMessages.NAME_TOO_LONG }),
    email: z
      .string({ error: CommentMessages.EMAIL_INVALID })
      .trim()
      .refine(isValidEmail, { error: CommentMessages.EMAIL_INVALID })
      .describe('Not shown to the public'),
    body: z
      .string({ error: CommentMessages.BODY_REQUIRED })
      .trim()
      .min(1, { error: CommentMessages.BODY_REQUIRED })
      .max(COMMENT_LIMITS.bodyMax, { error: CommentMessages.BODY_TOO_LONG }),
  },
  { error: CommentMessages.INVALID },
);

/** A validated comment. */
export type CommentInput = z.output<typeof CommentBody>;

/** Moderation states an owner can list. */
export const ModerationStatus = z.enum(MODERATION_STATUSES, { error: `status must be one of ${MODERATION_STATUSES.join(', ')}.` });

/** Query of the owner's comment queue. */
export const CommentQueueQuery = z.object({ status: ModerationStatus.default('pending').describe('Which comments to list (default pending)') });

/** A comment as the public sees it (no email). */
export const PublicComment = z.object({
  id: z.string(),
  authorName: z.string(),
  body: z.string(),
  addedOn: z.number().describe('Epoch milliseconds'),
});
/** A comment as the public sees it. */
export type PublicComment = z.output<typeof PublicComment>;

/** A comment in the owner's moderation queue. */
export const QueuedComment = PublicComment.extend({ itemId: z.string(), authorEmail: z.string(), status: ModerationStatus });
/** A comment in the owner's moderation queue. */
export type QueuedComment = z.output<typeof QueuedComment>;

/** An item's approved comments with the count text and the spec 4 visibility rule. */
export const ItemComments = z.object({
  itemId: z.string(),
  commentState: z.number().int().describe('1 when open, 0 when closed'),
  publicCommentCount: z.number().int().nonnegative(),
  countText: z.string().describe("'No Comments', '1 Comment' or 'N Comments'"),
  visible: z.boolean().describe('Whether the comments area shows'),
  open: z.boolean().describe('Whether visitors may post'),
  comments: z.array(PublicComment).describe('Approved comments, oldest first (empty when the site has comments off)'),
});

/** Answer to a post: the comment waits for the owner's approval. */
export const PendingComment = z.object({ id: z.string(), status: z.literal('pending'), message: z.string() });

/** The owner's queue of comments in one state, newest first. */
export const CommentQueue = z.object({ comments: z.array(QueuedComment) });

/** A comment's new moderation state. */
export const ModeratedComment = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) });
