/** Product reviews: 1-5 ratings with text, moderation, aggregate rating, display rules (spec 2). */
export { registerReviewRoutes, productReviewsPath, REVIEW_QUEUE_PATH, REVIEW_RATE_LIMIT } from './routes.js';
export { REVIEW_LIMITS, ReviewMessages, REVIEWS_UNAVAILABLE_MESSAGE, REVIEW_PENDING_MESSAGE, REVIEW_NOT_FOUND_MESSAGE } from './review-texts.js';
export { reviewableProduct } from './reviewable-product.js';
export { reviewsEnabled } from './review-settings.js';
export {
  ProductParams,
  ReviewParams,
  Rating,
  ReviewBody,
  ReviewQueueQuery,
  PublicReview,
  QueuedReview,
  AggregateRating,
  ProductReviews,
  PendingReview,
  ReviewQueue,
  ModeratedReview,
  type ReviewInput,
} from './schemas.js';
export {
  addReview,
  approvedReviews,
  aggregateRating,
  reviewQueue,
  moderateReview,
  productMerchandising,
  MAX_REVIEWS_LISTED,
} from './review-repository.js';
export { productReviewsContext, type ProductReviewsContext } from './review-context.js';
