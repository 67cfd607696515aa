import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.js';
import { readCheckoutInput } from './checkout-input.js';
import { requestHash } from '../http/idempotency-key.js';

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
      email: 'a@example.com',
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
    [
      { email: 'a@example.com', shippingAddress: { country: 'USA' } },
      { 'shippingAddress.firstName': 'Required', 'shippingAddress.country': 'Country must be a two-letter country code.' },
    ],
    [{ email: 'a@example.com', shippingAddress: {} }, { 'shippingAddress.city': 'Required' }],
    [{ email: 'a@example.com', billingAddress: { firstName: 'A' } }, { 'billingAddress.lastName': 'Required' }],
  ])('refuses the incomplete address of %j', (body, errors) => {
    const error = errorOf(() => readCheckoutInput(body));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Please complete the shipping address.');
    expect(error.body.errors).toMatchObject(errors);
  });

  it('hashes bodies independently of key order', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(requestHash({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });
});
