import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.js';
import { checkoutFailure } from './checkout-failure.js';

const HINT = 'Your order may not have been placed. Press Place order again to retry safely; you will not be charged twice.';

describe('checkoutFailure', () => {
  it('shows a declined card at the card field, as a clear refusal', () => {
    expect(checkoutFailure(new ApiError(422, 'Your card was declined.', { message: 'Your card was declined.' }))).toEqual({
      outcome: 'refused',
      message: 'Your card was declined.',
      fieldErrors: { cardNumber: 'Your card was declined.' },
    });
  });

  it('puts address errors at their fields', () => {
    const failure = checkoutFailure(new ApiError(400, 'Please complete the shipping address.', { errors: { 'shippingAddress.city': 'Required' } }));
    expect(failure.fieldErrors).toEqual({ 'address.city': 'Required' });
    expect(failure.message).toBe('Please complete the shipping address.');
  });

  it('asks to check the connection and allows a safe retry when no response came', () => {
    expect(checkoutFailure(new ApiError(0, 'Failed to fetch', null))).toEqual({
      outcome: 'unknown',
      message: 'Please check your internet connection.',
      retryHint: HINT,
      fieldErrors: {},
    });
  });

  it('treats 5xx and 409 as unknown outcomes', () => {
    expect(checkoutFailure(new ApiError(500, 'Something went wrong', null))).toMatchObject({
      outcome: 'unknown',
      message: 'Something went wrong',
      retryHint: HINT,
      fieldErrors: {},
    });
    expect(checkoutFailure(new ApiError(409, 'Sorry, we do not have enough of that item available.', null)).outcome).toBe('unknown');
    expect(checkoutFailure(new ApiError(422, 'Your card was declined.', null)).retryHint).toBeUndefined();
  });

  it('maps 429 to the rate-limit text', () => {
    expect(checkoutFailure(new ApiError(429, 'Too many', null)).message).toBe('Please try again in a few seconds.');
  });
});
