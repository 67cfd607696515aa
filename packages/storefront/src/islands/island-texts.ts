import { AddToCartMessages as Cart } from '@emporium/commerce';
import { FormMessages as Form } from '@emporium/forms';
import { CheckoutTexts as Co } from '../checkout/checkout-texts.js';
import { OrderReceivedTexts } from '../checkout/order-received-texts.js';
import { DonationTexts as Do } from '../donations/donation-texts.js';
import type { IslandName } from './index.js';

/**
 * The system texts each island can show, by their English (decision 0049): the server gives an
 * island's props (`texts`) only the translations of these, and the renderer keeps only these.
 * A list names the texts the island's code asks `useText()` for as they are written (checked
 * against the code by a test) and the messages that reach it at run time (a failure's text, a
 * validation message), the texts of the components it renders among them.
 */

/** The fields of a form (an additional-fields form, a form block): their marks and validation messages. */
const FIELDS = ['(required)', 'Select an option', Form.REQUIRED, Form.CHARACTER_LIMIT, Form.EMAIL_INVALID];

/** The add-to-cart button: its states, and the messages and alert titles of a failed add. */
const ADD_TO_CART = [
  'Add To Cart',
  'sold out',
  'OK',
  Cart.ADDING,
  Cart.ADDED,
  Cart.TITLE_ADD,
  Cart.TITLE_EXPRESS,
  Cart.TITLE_GIFT_CARD,
  Cart.VARIANT_UNAVAILABLE,
  Cart.NOT_ENOUGH_STOCK,
  Cart.QUANTITY_NOT_NUMBER,
  Cart.QUANTITY_NOT_WHOLE,
  Cart.GIFT_CARD_DENOMINATION,
  Cart.SESSION_EXPIRED,
  Cart.COOKIES_DISABLED,
  Cart.RATE_LIMITED,
  Cart.CHECK_CONNECTION,
  'Please select the {option} option.',
  'Please select the {option1} and {option2} options.',
  'Please select the {optionsList} and {lastOption} options.',
  // The product form's additional fields, when one is invalid.
  Form.INVALID_FIELDS,
];

/** The product form: the variant pickers, gift-card amounts, quantity, additional fields and the add button. */
const PRODUCT_FORM = [...ADD_TO_CART, 'Subscribe', 'Amount', 'Quantity', 'Select {option}', '(Sold Out)', '(Unavailable)', ...FIELDS];

/** A form block (and a popup's form): its fields, button and the messages of a failed submission. */
const FORM_BLOCK = [
  ...FIELDS,
  'Submit',
  Form.SUBMITTING,
  Form.PROBLEM_SCROLL_DOWN,
  Form.PROBLEM_SCROLL_UP,
  Form.INVALID_FIELDS,
  Form.SUBMIT_FAILED,
  Form.NOT_CONFIGURED,
  Form.RATE_LIMITED,
  Form.SERVER_ERROR,
  Form.UNKNOWN,
  Form.PROCESSING_ERROR,
  Form.CAPTCHA_REQUIRED,
];

/** The card field of a payment form (Stripe's, or the test card number). */
const PAYMENT = ['Card number', Co.INVALID_CARD, Co.TEST_MODE, Co.PAYMENT_FORM_LOADING, Co.PAYMENT_FORM_RETRY, Co.PAYMENT_DETAILS_INCOMPLETE];

const CHECKOUT = [
  ...PAYMENT,
  'Contact',
  'Email',
  'Shipping address',
  'Country',
  'Shipping method',
  'Payment',
  'Gift card code',
  'Order summary',
  Co.PLACE_ORDER,
  Co.PLACING_ORDER,
  'Back to cart',
  'Back to the shop',
  Co.INVALID_EMAIL,
  Co.FIX_FIELDS,
  Co.REQUIRED,
  'Loading your cart…',
  'Continue shopping',
  '(optional)',
  'Saved addresses',
  'First name',
  'Last name',
  'Address',
  'Apartment, suite, etc.',
  'City',
  'State / region',
  'Postal code',
  'Phone',
  'Choose a country',
  'State',
  'Province',
  'State / territory',
  'Prefecture',
  'Choose a state',
  'Choose a province',
  'Choose a state / territory',
  'Choose a prefecture',
  Co.INVALID_COUNTRY,
  Co.UNKNOWN_COUNTRY,
  Co.UNKNOWN_REGION,
  Co.ADDRESS_INCOMPLETE,
  'Coupon code',
  'Apply',
  'Remove',
  'coupon {code}',
  '{code} applied: −{amount}',
  Co.COUPON_EMPTY,
  Co.COUPON_FAILED,
  Co.SHIPPING_FAILED,
  'Free',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Total',
  'Gift card ending {digits} is applied when you place the order.',
  Co.STRIPE_TEST_MODE,
  Co.CARD_PAYMENTS_UNAVAILABLE,
  Cart.CART_EMPTY,
  Co.RETRY_HINT,
  Cart.CHECK_CONNECTION,
  Cart.RATE_LIMITED,
];

const DONATION = [
  ...PAYMENT,
  Do.DONATE,
  'Donate {amount}',
  '/month',
  Do.DONATING,
  Do.AMOUNT_LEGEND,
  Do.CUSTOM_LABEL,
  Do.FREQUENCY_LEGEND,
  Do.ONCE,
  Do.MONTHLY,
  Do.EMAIL_LABEL,
  Do.NAME_LABEL,
  Do.CHOOSE_AMOUNT,
  'Please enter a whole amount in {currency}, like 500.',
  'Please enter an amount like 25 or {example}.',
  Do.INVALID_EMAIL,
  Do.CARD_PAYMENTS_UNAVAILABLE,
  Do.RETRY_HINT,
  Cart.CHECK_CONNECTION,
  Cart.RATE_LIMITED,
];

/** The texts each island can show, by island. */
export const ISLAND_TEXTS: Readonly<Record<IslandName, readonly string[]>> = Object.freeze({
  AddToCartButton: ADD_TO_CART,
  CartPage: ['Subtotal', 'Checkout', Cart.CART_EMPTY, Cart.MINIMUM_SUBTOTAL, Cart.UPDATE_QUANTITY_FAILED, Cart.REMOVE_ITEM_FAILED],
  CartPill: [],
  Checkout: CHECKOUT,
  FormBlock: FORM_BLOCK,
  InstallmentPill: [],
  ProductForm: PRODUCT_FORM,
  // The dialog's product form, loaded from the product page, brings that page's texts with it.
  ProductQuickView: [],
  QuickView: PRODUCT_FORM,
  RestockSignup: ['Email Address', 'Sign up for news and updates', 'Sign Up', Form.RESTOCK_EMAIL_BLANK, Form.RESTOCK_EMAIL_INVALID, Form.RESTOCK_SIGNED_UP],
  Comments: [],
  Gallery: [],
  LikeButton: [],
  Lightbox: [],
  Reviews: [],
  ShareButtons: [],
  PopupOverlay: FORM_BLOCK,
  OrderReceived: Object.values(OrderReceivedTexts),
  DonationForm: DONATION,
  JoinPayment: PAYMENT,
});

/**
 * Islands whose code renders another island with that island's own props, texts among them
 * (the quick view's product form comes from the product page's JSON): those texts are not
 * theirs.
 */
export const ISLANDS_WITH_OWN_TEXTS: Readonly<Partial<Record<IslandName, readonly IslandName[]>>> = Object.freeze({ ProductQuickView: ['ProductForm'] });

/** The English of the system texts island `name` can show (none for a name that is no island). */
export function islandTextsOf(name: string): readonly string[] {
  return Object.hasOwn(ISLAND_TEXTS, name) ? ISLAND_TEXTS[name as IslandName] : [];
}

const sets = new Map<string, ReadonlySet<string>>();

/** {@link islandTextsOf} as a set, made once per island. */
export function islandTextSet(name: string): ReadonlySet<string> {
  let set = sets.get(name);
  if (!set) {
    set = new Set(islandTextsOf(name));
    sets.set(name, set);
  }
  return set;
}
