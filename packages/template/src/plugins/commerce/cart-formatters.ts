import { mapFormatter } from '../../plugin-api.js';
import { asArray, asNumber, get } from './values.js';

/** Path of the cart page. */
export const CART_URL = '/cart';

/** `cart-quantity`: the number of units across cart entries, as `<span class="sqs-cart-quantity">N</span>`. */
export const cartQuantityFormatter = mapFormatter((cart) => {
  let count = 0;
  for (const entry of asArray(get(cart, 'entries'))) {
    const quantity = asNumber(get(entry, 'quantity'));
    if (Number.isFinite(quantity)) count += quantity;
  }
  return `<span class="sqs-cart-quantity">${count}</span>`;
});

/** `cart-subtotal`: retired; always the text `deprecated, do not use`. */
export const cartSubtotalFormatter = mapFormatter(() => 'deprecated, do not use');

/** `cart-url`: the cart page path. */
export const cartUrlFormatter = mapFormatter(() => CART_URL);
