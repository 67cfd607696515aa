/** Product reviews: 1-5 ratings with text, moderation, aggregate rating, display rules (spec 2). */
export {
  registerReviewRoutes,
  productReviewsPath,
  REVIEW_QUEUE_PATH,
  REVIEW_RATE_LIMIT,
  REVIEWS_UNAVAILABLE_MESSAGE,
  REVIEW_PENDING_MESSAGE,
  REVIEW_NOT_FOUND_MESSAGE,
} from './routes.js';
export { reviewsEnabled } from './review-settings.js';
export { parseReviewInput, REVIEW_LIMITS, ReviewMessages, type ReviewInput } from './review-input.js';
export {
  addReview,
  approvedReviews,
  aggregateRating,
  reviewQueue,
  moderateReview,
  productMerchandising,
  MAX_REVIEWS_LISTED,
  type PublicReview,
  type QueuedReview,
  type AggregateRating,
} from './review-repository.js';
export { productReviewsContext, type ProductReviewsContext } from './review-context.js';
