import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { readCheckoutInput } from './checkout-input.js';
import { requestHash } from './idempotency.js';

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected an error');
}

describe('readCheckoutInput', () => {
  it('reads and normalises a full body', () => {
    const input = readCheckoutInput({
      email: ' a@example.com ',
      shippingAddress: { firstName: 'A', lastName: 'B', address1: '1 St', city: 'C', postalCode: '1', country: 'us', region: 'il' },
      couponCodes: ['ten', 'TEN', ' '],
      giftCardCode: 'abcd-efgh',
      shippingOptionId: 'opt',
      payment: { provider: 'test', cardNumber: '4242' },
    });
    expect(input).toMatchObject({
      email: 'a@example.com',
      shippingAddress: { country: 'US', region: 'IL', address2: '', phone: '' },
      couponCodes: ['TEN'],
      giftCardCode: 'ABCD-EFGH',
      shippingOptionId: 'opt',
      payment: { provider: 'test', details: { cardNumber: '4242' } },
      billingAddress: null,
    });
  });

  it.each([
    [null, 'Request body must be a JSON object.'],
    [{ email: 'x' }, 'Please enter a valid email'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Please enter a valid email'],
    [{ email: 'a@example.com', couponCodes: 'TEN' }, 'couponCodes must be a list of at most 10 codes.'],
    [{ email: 'a@example.com', payment: { cardNumber: '1' } }, 'payment.provider is required.'],
    [{ email: 'a@example.com', shippingAddress: { country: 'USA' } }, 'Please complete the shipping address.'],
  ])('refuses %j: %s', (body, message) => {
    const error = errorOf(() => readCheckoutInput(body));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it('hashes bodies independently of key order', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(requestHash({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });
});
