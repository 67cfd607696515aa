import { describe, expect, it } from 'vitest';
import { AddToCartMessages, addToCartAlertTitle, addToCartFailureMessage } from './add-to-cart-messages.js';

describe('add-to-cart failure texts (spec section 8)', () => {
  it.each([
    [{ status: 403, crumbFailed: true, cookiesEnabled: true }, 'Your session has expired. Please reload the page and try again.'],
    [{ status: 403, crumbFailed: true, cookiesEnabled: false }, 'Please enable cookies in your browser, reload the page, and try again.'],
    [{ status: 429, serverMessage: 'slow down' }, 'Please try again in a few seconds.'],
    [{ status: 400, serverMessage: 'Item no longer exists' }, 'Item no longer exists'],
    [{ status: 0 }, 'Please check your internet connection.'],
  ])('%j', (failure, text) => {
    expect(addToCartFailureMessage(failure)).toBe(text);
  });

  it.each([
    [{}, 'Unable to Add Item'],
    [{ expressCheckout: true }, 'Unable to Purchase Item'],
    [{ giftCard: true }, 'Unable to purchase Gift Card'],
  ])('title for %j', (mode, title) => {
    expect(addToCartAlertTitle(mode)).toBe(title);
  });

  it.each([
    ['UPDATE_QUANTITY_FAILED', 'Unable to update quantity'],
    ['REMOVE_ITEM_FAILED', 'Unable to remove item'],
    ['OPEN_FORM_FAILED', 'Unable to open form'],
    ['UPDATE_FORM_FAILED', 'Unable to update form'],
    ['CHECK_CONNECTION', 'Please check your internet connection.'],
    ['CART_EMPTY', 'You have nothing in your shopping cart.'],
    ['ADDING', 'Adding…'],
    ['ADDED', 'Added!'],
  ] as const)('%s reads %j', (key, text) => {
    expect(AddToCartMessages[key]).toBe(text);
  });
});
