import { ModerationStatus } from '../comments/index.js';
import { z } from '../http/schemas.js';
import { REVIEW_LIMITS, ReviewMessages } from './review-texts.js';

export { ModerationStatus };

/** Route parameters naming a product item. The id's shape is checked by the handler (odd ids answer 404). */
export const ProductParams = z.object({ itemId: z.string().describe('The product item id') });

/** Route parameters naming a review. The id's shape is checked by the handler (odd ids answer 404). */
export const ReviewParams = z.object({ reviewId: z.string().describe('The review id') });

/** A rating: an integer from 1 to 5, also accepted as a one-digit string (form posts). */
export const Rating = z
  .union([z.number(), z.string().regex(/^\d$/).transform(Number)], { error: ReviewMessages.RATING_INVALID })
  .pipe(
    z
      .number()
      .int({ error: ReviewMessages.RATING_INVALID })
      .min(REVIEW_LIMITS.minRating, { error: ReviewMessages.RATING_INVALID })
      .max(REVIEW_LIMITS.maxRating, { error: ReviewMessages.RATING_INVALID }),
  );

/** Body of a visitor's review post; texts are trimmed, each field has its own message. */
export const ReviewBody = z.object(
  {
    name: z
      .string({ error: ReviewMessages.NAME_REQUIRED })
      .trim()
      .min(1, { error: ReviewMessages.NAME_REQUIRED })
      .max(REVIEW_LIMITS.nameMax, { error: ReviewMessages.NAME_TOO_LONG }),
    rating: Rating,
    title: z.string({ error: ReviewMessages.TITLE_TOO_LONG }).trim().max(REVIEW_LIMITS.titleMax, { error: ReviewMessages.TITLE_TOO_LONG }).default(''),
    body: z
      .string({ error: ReviewMessages.BODY_REQUIRED })
      .trim()
      .min(1, { error: ReviewMessages.BODY_REQUIRED })
      .max(REVIEW_LIMITS.bodyMax, { error: ReviewMessages.BODY_TOO_LONG }),
  },
  { error: ReviewMessages.INVALID },
);

/** A validated review. */
export type ReviewInput = z.output<typeof ReviewBody>;

/** Query of the owner's review queue. */
export const ReviewQueueQuery = z.object({ status: ModerationStatus.default('pending').describe('Which reviews to list (default pending)') });

/** A review as the public sees it. */
export const PublicReview = z.object({
  id: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdOn: z.number().describe('Epoch milliseconds'),
});
/** A review as the public sees it. */
export type PublicReview = z.output<typeof PublicReview>;

/** A review in the owner's moderation queue. */
export const QueuedReview = PublicReview.extend({ itemId: z.string(), status: ModerationStatus });
/** A review in the owner's moderation queue. */
export type QueuedReview = z.output<typeof QueuedReview>;

/** The aggregate rating of a product's approved reviews. */
export const AggregateRating = z.object({
  ratingValue: z.number().nullable().describe('Mean rating with one decimal; null without reviews'),
  reviewCount: z.number().int().nonnegative(),
  bestRating: z.number().int(),
  worstRating: z.number().int(),
});
/** Average rating of the approved reviews; `ratingValue` has one decimal, null when there are none. */
export type AggregateRating = z.output<typeof AggregateRating>;

/** A product's approved reviews, newest first, with their aggregate rating. */
export const ProductReviews = z.object({ itemId: z.string(), aggregateRating: AggregateRating, reviews: z.array(PublicReview) });

/** Answer to a post: the review waits for the owner's approval. */
export const PendingReview = z.object({ id: z.string(), status: z.literal('pending'), message: z.string() });

/** The owner's queue of reviews in one state, newest first. */
export const ReviewQueue = z.object({ reviews: z.array(QueuedReview) });

/** A review's new moderation state. */
export const ModeratedReview = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) });
