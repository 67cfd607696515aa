import { AddToCartMessages } from '@emporium/commerce';
import { FormMessages } from '@emporium/forms';

/** A fixed text of the storefront that visitors read: its stable id, where it shows, its English text and the template's `localizedStrings` key when the theme prints it. */
export interface SystemText {
  readonly id: string;
  readonly where: 'Product page' | 'Cart' | 'Checkout' | 'Forms' | 'Restock sign-up';
  readonly en: string;
  readonly templateKey?: string;
}

const product = (id: string, en: string, templateKey?: string): SystemText => ({
  id: `product.${id}`,
  where: 'Product page',
  en,
  ...(templateKey ? { templateKey } : {}),
});
const cart = (id: string, en: string): SystemText => ({ id: `cart.${id}`, where: 'Cart', en });
const checkout = (id: string, en: string): SystemText => ({ id: `checkout.${id}`, where: 'Checkout', en });
const form = (id: string, en: string): SystemText => ({ id: `form.${id}`, where: 'Forms', en });
const restock = (id: string, en: string): SystemText => ({ id: `restock.${id}`, where: 'Restock sign-up', en });

/**
 * The storefront's fixed texts a visitor reads on the product page, the cart, the checkout and
 * forms (issue 29): the buttons and labels the theme and the islands print and the spec's
 * messages, in English as the storefront writes them. Each is a translation subject of type
 * `system` keyed by its id (field `text`); a page in another language shows the owner's
 * translation, else the built-in catalogue of that language, else this text.
 *
 * A text may hold placeholders (`{option}`, `{subtotal}`): the values filled in where it is
 * shown, already formatted in the page's language (money by its CLDR rules). A translation
 * must hold the same placeholders (checked when it is saved or imported).
 */
export const SYSTEM_TEXTS: readonly SystemText[] = Object.freeze([
  product('addToCart', 'Add To Cart', 'productAddToCartText'),
  product('subscribe', 'Subscribe', 'productSubscribeText'),
  product('soldOut', 'sold out', 'productSoldOutText'),
  product('sale', 'sale', 'productSaleText'),
  product('quantity', 'Quantity', 'productQuantityInputLabel'),
  product('quickView', 'Quick View', 'productQuickViewText'),
  product('priceFrom', 'from {fromPrice}', 'productPriceFromText'),
  product('optionSoldOut', '(Sold Out)'),
  product('optionUnavailable', '(Unavailable)'),
  product('amount', 'Amount'),
  product('adding', AddToCartMessages.ADDING),
  product('added', AddToCartMessages.ADDED),
  product('ok', 'OK'),
  product('variantUnavailable', AddToCartMessages.VARIANT_UNAVAILABLE),
  product('notEnoughStock', AddToCartMessages.NOT_ENOUGH_STOCK),
  product('quantityNotNumber', AddToCartMessages.QUANTITY_NOT_NUMBER),
  product('quantityNotWhole', AddToCartMessages.QUANTITY_NOT_WHOLE),
  product('giftCardDenomination', AddToCartMessages.GIFT_CARD_DENOMINATION),
  product('sessionExpired', AddToCartMessages.SESSION_EXPIRED),
  product('cookiesDisabled', AddToCartMessages.COOKIES_DISABLED),
  product('rateLimited', AddToCartMessages.RATE_LIMITED),
  product('titleAdd', AddToCartMessages.TITLE_ADD),
  product('titleExpress', AddToCartMessages.TITLE_EXPRESS),
  product('titleGiftCard', AddToCartMessages.TITLE_GIFT_CARD),
  product('checkConnection', AddToCartMessages.CHECK_CONNECTION),
  product('selectOption', 'Please select the {option} option.'),
  product('selectTwoOptions', 'Please select the {option1} and {option2} options.'),
  product('selectOptions', 'Please select the {optionsList} and {lastOption} options.'),
  cart('subtotal', 'Subtotal'),
  cart('checkout', 'Checkout'),
  cart('empty', AddToCartMessages.CART_EMPTY),
  cart('updateQuantityFailed', AddToCartMessages.UPDATE_QUANTITY_FAILED),
  cart('removeItemFailed', AddToCartMessages.REMOVE_ITEM_FAILED),
  cart('minimumSubtotal', AddToCartMessages.MINIMUM_SUBTOTAL),
  checkout('contact', 'Contact'),
  checkout('email', 'Email'),
  checkout('shippingAddress', 'Shipping address'),
  checkout('country', 'Country'),
  checkout('shippingMethod', 'Shipping method'),
  checkout('payment', 'Payment'),
  checkout('giftCardCode', 'Gift card code'),
  checkout('cardNumber', 'Card number'),
  checkout('orderSummary', 'Order summary'),
  checkout('placeOrder', 'Place order'),
  checkout('placingOrder', 'Placing order…'),
  checkout('backToCart', 'Back to cart'),
  checkout('backToShop', 'Back to the shop'),
  checkout('invalidEmail', 'Please enter a valid email'),
  checkout('fixFields', 'Please check the highlighted fields.'),
  form('required', '(required)'),
  form('selectOption', 'Select an option'),
  form('submit', 'Submit'),
  form('requiredMessage', FormMessages.REQUIRED),
  form('characterLimit', FormMessages.CHARACTER_LIMIT),
  form('emailInvalid', FormMessages.EMAIL_INVALID),
  form('submitFailed', FormMessages.SUBMIT_FAILED),
  form('notConfigured', FormMessages.NOT_CONFIGURED),
  form('rateLimited', FormMessages.RATE_LIMITED),
  form('serverError', FormMessages.SERVER_ERROR),
  form('unknown', FormMessages.UNKNOWN),
  form('processingError', FormMessages.PROCESSING_ERROR),
  form('captchaRequired', FormMessages.CAPTCHA_REQUIRED),
  form('invalidFields', FormMessages.INVALID_FIELDS),
  form('problemScrollDown', FormMessages.PROBLEM_SCROLL_DOWN),
  form('problemScrollUp', FormMessages.PROBLEM_SCROLL_UP),
  form('submitting', FormMessages.SUBMITTING),
  restock('email', 'Email Address'),
  restock('join', 'Sign up for news and updates'),
  restock('signUp', 'Sign Up'),
  restock('emailBlank', FormMessages.RESTOCK_EMAIL_BLANK),
  restock('emailInvalid', FormMessages.RESTOCK_EMAIL_INVALID),
  restock('signedUp', FormMessages.RESTOCK_SIGNED_UP),
]);

/** The field of a system text subject. */
export const SYSTEM_TEXT_FIELD = 'text';
