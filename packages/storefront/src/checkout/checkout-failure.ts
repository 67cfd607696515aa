import { AddToCartMessages } from '@emporium/commerce';
import { ApiError } from '../api/http.js';
import type { AttemptOutcome } from './attempt-keys.js';
import { outcomeOfStatus } from './attempt-keys.js';
import type { CheckoutErrors } from './checkout-form.js';
import { serverFieldErrors } from './checkout-form.js';
import { CheckoutTexts } from './checkout-texts.js';

/** What the checkout shows after a failed attempt. */
export interface CheckoutFailure {
  readonly outcome: AttemptOutcome;
  /** The alert text: the server's message, or what went wrong on the way. */
  readonly message: string;
  /** Shown after the message when the order may have been placed: pressing Place order again is safe ({@link CheckoutTexts.RETRY_HINT}). */
  readonly retryHint?: string;
  readonly fieldErrors: CheckoutErrors;
}

/**
 * Reads a failed checkout call: the server's message at its field and in the alert; no response
 * gives 'Please check your internet connection.'; when the order may have been placed (no
 * response, 5xx, 409) the alert adds that pressing Place order again is safe (`retryHint`, a
 * system text of its own, so that the island shows each part in the page's language).
 */
export function checkoutFailure(err: unknown): CheckoutFailure {
  if (!(err instanceof ApiError)) {
    return { outcome: 'unknown', message: err instanceof Error ? err.message : String(err), retryHint: CheckoutTexts.RETRY_HINT, fieldErrors: {} };
  }
  const outcome = outcomeOfStatus(err.status);
  const text = err.status === 0 ? AddToCartMessages.CHECK_CONNECTION : err.status === 429 ? AddToCartMessages.RATE_LIMITED : err.message;
  return {
    outcome,
    message: text,
    ...(outcome === 'unknown' ? { retryHint: CheckoutTexts.RETRY_HINT } : {}),
    fieldErrors: err.status > 0 && err.status < 500 ? serverFieldErrors(err.message, err.body) : {},
  };
}
