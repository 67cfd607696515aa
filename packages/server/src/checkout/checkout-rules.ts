import { AddToCartMessages, minimumSubtotalError, money } from '@emporium/commerce';
import { cartEmptyError, type PricedCart } from '../cart/index.js';
import { AppError } from '../errors/index.js';
import type { Website } from '../sites/index.js';
import type { CheckoutInput } from './checkout-input.js';

/** Message when a shipping option is missing or does not serve the address. */
export const SHIPPING_OPTION_MESSAGE = 'Please choose a shipping option for this address.';
/** Message when the store does not ship to the address. */
export const NO_SHIPPING_MESSAGE = 'Sorry, we do not ship to this country.';

/**
 * Checks a priced cart before payment, in this order: something to buy, every entry still
 * available, the store's minimum subtotal ('To check out, your order subtotal must be
 * {subtotal} or more.'), a shipping address and option when the cart ships, coupons valid.
 */
export function assertCheckoutAllowed(site: Website, priced: PricedCart, input: CheckoutInput): void {
  if (priced.lines.length === 0 && priced.unavailable.length === 0) throw cartEmptyError();
  if (priced.unavailable.length > 0) throw new AppError('VALIDATION_FAILED', AddToCartMessages.VARIANT_UNAVAILABLE);
  const minimum = site.settings.commerce.checkoutMinimumCents;
  const tooSmall = minimumSubtotalError(
    money(priced.subtotalCents, priced.currency),
    typeof minimum === 'number' && minimum > 0 ? money(minimum, priced.currency) : null,
    site.settings.locale,
  );
  if (tooSmall) throw new AppError('VALIDATION_FAILED', tooSmall);
  if (priced.requiresShipping) {
    if (!input.shippingAddress) {
      throw new AppError('VALIDATION_FAILED', 'Please complete the shipping address.', { body: { errors: { shippingAddress: 'Required' } } });
    }
    if (priced.storeShippingOptionCount > 0 && priced.shippingOptions.length === 0) throw new AppError('VALIDATION_FAILED', NO_SHIPPING_MESSAGE);
    if (input.shippingOptionId && priced.selectedShippingOption?.id !== input.shippingOptionId) {
      throw new AppError('VALIDATION_FAILED', SHIPPING_OPTION_MESSAGE);
    }
  }
  const invalid = priced.couponResult.invalid[0];
  if (invalid) throw new AppError('VALIDATION_FAILED', `${invalid.code}: ${invalid.reason}`, { body: { invalidCoupons: priced.couponResult.invalid } });
}
