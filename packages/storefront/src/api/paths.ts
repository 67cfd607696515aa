/** API paths: spec section 7 plus the server's cart-edit, coupon, shipping and checkout calls. */
export const ApiPaths = Object.freeze({
  CART: '/api/commerce/shopping-cart',
  CART_ENTRIES: '/api/commerce/shopping-cart/entries',
  cartEntry: (entryId: string) => `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`,
  CART_COUPONS: '/api/commerce/shopping-cart/coupons',
  cartCoupon: (code: string) => `/api/commerce/shopping-cart/coupons/${encodeURIComponent(code)}`,
  CART_SHIPPING: '/api/commerce/shopping-cart/shipping',
  CHECKOUT: '/api/commerce/checkout',
  SUBSCRIPTION_CHECKOUT: '/api/commerce/checkout/subscription',
  SUBSCRIPTION_SHIPPING: '/api/commerce/checkout/subscription/shipping',
  cartEntryAdditionalFields: (entryId: string) => `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/additionalFields`,
  SUBSCRIPTION_CART: '/api/3/commerce/cart/subscription',
  STOCK: '/api/commerce/inventory/stock/',
  FORM_SUBMISSION_KEY: '/api/form/FormSubmissionKey',
  SAVE_FORM_SUBMISSION: '/api/form/SaveFormSubmission',
  validateForm: (formId: string) => `/api/rest/forms/validate/${encodeURIComponent(formId)}`,
  RESTOCK: '/api/site-users/account/notifications/restock',
} as const);
