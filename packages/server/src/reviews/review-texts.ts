/** Rating bounds and text limits of a review. */
export const REVIEW_LIMITS = Object.freeze({ minRating: 1, maxRating: 5, nameMax: 100, titleMax: 150, bodyMax: 5000 });

/** Field messages of a refused review. */
export const ReviewMessages = Object.freeze({
  NAME_REQUIRED: 'Please enter your name.',
  NAME_TOO_LONG: `Your name can have at most ${REVIEW_LIMITS.nameMax} characters.`,
  RATING_INVALID: `Please choose a rating from ${REVIEW_LIMITS.minRating} to ${REVIEW_LIMITS.maxRating}.`,
  TITLE_TOO_LONG: `A review title can have at most ${REVIEW_LIMITS.titleMax} characters.`,
  BODY_REQUIRED: 'Please write your review.',
  BODY_TOO_LONG: `A review can have at most ${REVIEW_LIMITS.bodyMax} characters.`,
  INVALID: 'Your review could not be posted.',
});

/** Refusal when reviews are not shown for a product (settings off or kill switch set). */
export const REVIEWS_UNAVAILABLE_MESSAGE = 'Reviews are not available for this product.';
/** Shown after a visitor posts a review. */
export const REVIEW_PENDING_MESSAGE = 'Thank you. Your review will appear once the site owner approves it.';
/** Refusal for an unknown review id (or one of another site). */
export const REVIEW_NOT_FOUND_MESSAGE = 'This review does not exist.';
