/** Texts of the add-to-cart flow (spec sections 5 and 8), exactly as specified. */
export const AddToCartMessages = Object.freeze({
  VARIANT_UNAVAILABLE: 'Sorry, that item variant is unavailable. Please select another variant.',
  NOT_ENOUGH_STOCK: 'Sorry, we do not have enough of that item available.',
  QUANTITY_NOT_NUMBER: 'Quantity must be a number.',
  QUANTITY_NOT_WHOLE: 'Quantity must be a whole number',
  GIFT_CARD_DENOMINATION: 'Select a denomination for the Gift Card',
  SESSION_EXPIRED: 'Your session has expired. Please reload the page and try again.',
  COOKIES_DISABLED: 'Please enable cookies in your browser, reload the page, and try again.',
  RATE_LIMITED: 'Please try again in a few seconds.',
  TITLE_ADD: 'Unable to Add Item',
  TITLE_EXPRESS: 'Unable to Purchase Item',
  TITLE_GIFT_CARD: 'Unable to purchase Gift Card',
  UPDATE_QUANTITY_FAILED: 'Unable to update quantity',
  REMOVE_ITEM_FAILED: 'Unable to remove item',
  OPEN_FORM_FAILED: 'Unable to open form',
  UPDATE_FORM_FAILED: 'Unable to update form',
  CHECK_CONNECTION: 'Please check your internet connection.',
  MINIMUM_SUBTOTAL: 'To check out, your order subtotal must be {subtotal} or more.',
  CART_EMPTY: 'You have nothing in your shopping cart.',
  ADDING: 'Adding…',
  ADDED: 'Added!',
} as const);

/** 'Please select the {option} option.' in its one-, two- and many-option forms. */
export function selectOptionsMessage(options: ReadonlyArray<string>): string {
  if (options.length === 0) throw new RangeError('selectOptionsMessage needs at least one option');
  if (options.length === 1) return `Please select the ${options[0]} option.`;
  if (options.length === 2) return `Please select the ${options[0]} and ${options[1]} options.`;
  const last = options[options.length - 1];
  return `Please select the ${options.slice(0, -1).join(', ')} and ${last} options.`;
}

/** The minimum-subtotal text with the formatted amount filled in. */
export function minimumSubtotalMessage(formattedSubtotal: string): string {
  return AddToCartMessages.MINIMUM_SUBTOTAL.replace('{subtotal}', formattedSubtotal);
}

/** Which alert title an add-to-cart failure uses. */
export function addToCartAlertTitle(mode: { expressCheckout?: boolean; giftCard?: boolean }): string {
  if (mode.giftCard) return AddToCartMessages.TITLE_GIFT_CARD;
  if (mode.expressCheckout) return AddToCartMessages.TITLE_EXPRESS;
  return AddToCartMessages.TITLE_ADD;
}

/** Facts about a failed add-to-cart request, used to choose the visitor-facing text. */
export interface AddToCartFailure {
  readonly status: number;
  readonly serverMessage?: string;
  /** The server rejected the CSRF crumb. */
  readonly crumbFailed?: boolean;
  readonly cookiesEnabled?: boolean;
}

/** Maps a failed add-to-cart request to its text: crumb failure, 429, else the server message. */
export function addToCartFailureMessage(failure: AddToCartFailure): string {
  if (failure.crumbFailed) {
    return failure.cookiesEnabled === false ? AddToCartMessages.COOKIES_DISABLED : AddToCartMessages.SESSION_EXPIRED;
  }
  if (failure.status === 429) return AddToCartMessages.RATE_LIMITED;
  if (failure.status === 0) return AddToCartMessages.CHECK_CONNECTION;
  return failure.serverMessage ?? AddToCartMessages.CHECK_CONNECTION;
}
