import { validationFailed } from '../http/errors.js';

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

/** A validated review. */
export interface ReviewInput {
  name: string;
  rating: number;
  title: string;
  body: string;
}

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** Validates a posted review; throws a 400 with per-field errors (name, rating, title, body). */
export function parseReviewInput(raw: unknown): ReviewInput {
  const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const rating = typeof body.rating === 'string' && /^\d$/.test(body.rating) ? Number(body.rating) : body.rating;
  const input = { name: text(body, 'name'), rating: rating as number, title: text(body, 'title'), body: text(body, 'body') };
  const errors: Record<string, string> = {};
  if (!input.name) errors.name = ReviewMessages.NAME_REQUIRED;
  else if (input.name.length > REVIEW_LIMITS.nameMax) errors.name = ReviewMessages.NAME_TOO_LONG;
  if (!Number.isInteger(input.rating) || input.rating < REVIEW_LIMITS.minRating || input.rating > REVIEW_LIMITS.maxRating) {
    errors.rating = ReviewMessages.RATING_INVALID;
  }
  if (input.title.length > REVIEW_LIMITS.titleMax) errors.title = ReviewMessages.TITLE_TOO_LONG;
  if (!input.body) errors.body = ReviewMessages.BODY_REQUIRED;
  else if (input.body.length > REVIEW_LIMITS.bodyMax) errors.body = ReviewMessages.BODY_TOO_LONG;
  if (Object.keys(errors).length) throw validationFailed(ReviewMessages.INVALID, errors);
  return input;
}
