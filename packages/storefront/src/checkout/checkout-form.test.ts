import { describe, expect, it } from 'vitest';
import { testCart, testLine } from '../api/test-cart.js';
import type { CheckoutFormState } from './checkout-form.js';
import { cardDigits, checkoutRequest, emptyAddress, serverFieldErrors, validateCheckoutForm } from './checkout-form.js';

const filled: CheckoutFormState = {
  email: ' ada@example.com ',
  address: { ...emptyAddress('us'), firstName: 'Ada', lastName: 'Byron', address1: '1 Loom St', city: 'Hudson', region: 'NY', postalCode: '12534' },
  shippingOptionId: null,
  giftCardCode: '',
  cardNumber: '4242 4242 4242 4242',
};

describe('validateCheckoutForm', () => {
  it('accepts a complete form', () => {
    expect(validateCheckoutForm(filled, { shipping: true, payment: true })).toEqual({});
  });

  it('requires a valid email, the required address fields and a card', () => {
    const errors = validateCheckoutForm({ ...filled, email: 'nope', address: emptyAddress(''), cardNumber: '' }, { shipping: true, payment: true });
    expect(errors).toEqual({
      email: 'Please enter a valid email',
      'address.firstName': 'Required',
      'address.lastName': 'Required',
      'address.address1': 'Required',
      'address.city': 'Required',
      'address.postalCode': 'Required',
      'address.country': 'Required',
      cardNumber: 'Please enter a valid card number.',
    });
  });

  it('skips the address when nothing ships, and the card when nothing is due or a gift card is given', () => {
    const bare = { ...filled, address: emptyAddress(''), cardNumber: '' };
    expect(validateCheckoutForm(bare, { shipping: false, payment: false })).toEqual({});
    expect(validateCheckoutForm({ ...bare, giftCardCode: 'GIFT-1234' }, { shipping: false, payment: true })).toEqual({});
  });

  it.each([
    ['4242 4242 4242 4242', '4242424242424242'],
    ['4000-0000-0000-0002', '4000000000000002'],
    ['4242', null],
    ['4242 abcd 4242 4242', null],
  ])('card %j', (text, digits) => {
    expect(cardDigits(text)).toBe(digits);
    expect(validateCheckoutForm({ ...filled, cardNumber: text }, { shipping: true, payment: true }).cardNumber).toBe(
      digits ? undefined : 'Please enter a valid card number.',
    );
  });

  it('checks the country code shape', () => {
    expect(validateCheckoutForm({ ...filled, address: { ...filled.address, country: 'USA' } }, { shipping: true, payment: true })).toEqual({
      'address.country': 'Country must be a two-letter country code.',
    });
  });

  it.each([
    ['XX', 'NY', { 'address.country': 'Please choose a country from the list.' }],
    ['US', '', { 'address.region': 'Required' }],
    ['US', 'ON', { 'address.region': 'Please choose a state or region from the list.' }],
    ['CA', 'on', {}],
    ['GB', '', {}],
    ['GB', 'West Yorkshire', {}],
  ])('#24: country %s with region %j', (country, region, errors) => {
    expect(validateCheckoutForm({ ...filled, address: { ...filled.address, country, region } }, { shipping: true, payment: true })).toEqual(errors);
  });
});

describe('checkoutRequest', () => {
  it('sends trimmed values, the upper-case country, valid coupons only and the test card', () => {
    const cart = testCart([testLine('a', 1, 1000)], {
      selectedShippingOption: { id: 'std', name: 'Standard', costCents: 500 },
      validCoupons: [{ code: 'TENOFF', kind: 'FIXED', amount: 100, discountCents: 100 }],
      invalidCoupons: [{ code: 'OLD', reason: 'This coupon has expired.' }],
    });
    expect(checkoutRequest(filled, cart)).toEqual({
      email: 'ada@example.com',
      shippingAddress: { ...filled.address, country: 'US' },
      shippingOptionId: 'std',
      couponCodes: ['TENOFF'],
      giftCardCode: null,
      payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' },
    });
  });

  it('leaves out the address and shipping for a cart that does not ship, and the payment without a card', () => {
    const cart = testCart([testLine('a', 1, 1000, { productType: 2 })]);
    const request = checkoutRequest({ ...filled, cardNumber: ' ', giftCardCode: ' gift-1 ' }, cart);
    expect(request).toMatchObject({ shippingAddress: null, shippingOptionId: null, giftCardCode: 'gift-1', payment: null });
  });
});

describe('serverFieldErrors', () => {
  it('maps per-field address errors to the form fields', () => {
    expect(serverFieldErrors('Please complete the shipping address.', { errors: { 'shippingAddress.city': 'Required', shippingAddress: 'Required' } })).toEqual(
      {
        'address.city': 'Required',
        'address.address1': 'Required',
      },
    );
  });

  it.each([
    ['Your card was declined.', 'cardNumber'],
    ['Payment details are required.', 'cardNumber'],
    ['This gift card code is not valid.', 'giftCardCode'],
    ['Please enter a valid email', 'email'],
    ['Sorry, we do not ship to this country.', 'shippingOptionId'],
  ])('puts %j at %s', (message, field) => {
    expect(serverFieldErrors(message, { message })).toEqual({ [field]: message });
  });

  it('has no field for a cart-wide message', () => {
    expect(serverFieldErrors('You have nothing in your shopping cart.', null)).toEqual({});
  });
});
