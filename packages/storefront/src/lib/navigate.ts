/** Path of the checkout page. */
export const CHECKOUT_PATH = '/checkout';
/** Path of the subscription checkout page; the cart token is added as `cartToken`. */
export const SUBSCRIPTION_CHECKOUT_PATH = '/checkout/subscription';
/** Path of the cart page. */
export const CART_PATH = '/cart';

type Navigator = (url: string) => void;

let current: Navigator = (url) => window.location.assign(url);

/** Sends the browser to `url`. */
export function navigate(url: string): void {
  current(url);
}

/** Replaces the navigation function (tests); returns the previous one. */
export function setNavigator(next: Navigator): Navigator {
  const previous = current;
  current = next;
  return previous;
}
