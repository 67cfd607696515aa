/** Shopping cart: storage, pricing (coupons, shipping, tax), entry changes, its JSON and its calls (the shopping cart and the subscription cart). */
export { registerCartRoutes, CartPaths, MAX_CART_COUPONS, ADD_IN_PROGRESS_MESSAGE, ADD_TO_CART_LIMIT, COUPON_LIMIT } from './routes.js';
export { SUBSCRIPTION_CART_PATH } from './subscription-routes.js';
export { shippingPatch } from './shipping-patch.js';
export * from './schemas.js';
export { CART_COOKIE, CART_MARKER_COOKIE, cartIdFromRequest, refuseCartCookie, setCartCookies, setCartCount, clearCartCookies } from './cart-cookies.js';
export { loadCatalogProducts, unitPriceCents, toProductContent, type CatalogProduct, type CatalogVariant } from './catalog.js';
export { findCart, createCart, lockOpenCart, listEntries, updateCart, type CartRow, type CartEntryRow } from './cart-repository.js';
export { priceCart, priceLines, type PricedCart, type PricedLine, type PricingSources, type TaxLine } from './cart-pricing.js';
export { cartJson, entryJson, type ShoppingCartJson, type CartEntryJson } from './cart-json.js';
export { loadPricedCart, loadCartJson } from './cart-view.js';
export { cachedPricingSources } from './cached-pricing.js';
export { readCartSnapshot, type CartSnapshot } from './cart-snapshot.js';
export { addEntry } from './add-entry.js';
export {
  changeEntryQuantity,
  removeEntry,
  updateEntryAdditionalFields,
  loadBuyableProduct,
  cartEmptyError,
  QUANTITY_TOO_LARGE,
  SINGLE_SERVICE_ONLY,
  type AddEntryInput,
  type CartChange,
} from './cart-entries.js';
export { addEntryOnce, type AddKey, type KeyedAddOutcome } from './keyed-add.js';
export { ADD_KEY_LIFETIME_HOURS, type StoredAdd } from './add-keys.js';
export { chooseVariant } from './variant-choice.js';
export { readAdditionalFields, readEntryQuantity, readQuantity } from './entry-input.js';
export { evaluateCoupons, loadCoupons, normalizeCouponCode, useCoupon, type CouponEvaluation } from './coupons.js';
export { storedShippingLocation, UNKNOWN_COUNTRY_MESSAGE, type ShippingLocation } from './shipping-location.js';
export { findShippingOption, loadShippingOptions, shippingOptionsFromRows, type ShippingOption } from './shipping-options.js';
export { applicableTaxRules, loadTaxRules, taxOn, taxRulesFromRows, type TaxRule } from './tax-rules.js';
export { createSubscriptionCart, findSubscriptionCart, loadSubscriptionCart, NOT_SUBSCRIBABLE_MESSAGE } from './subscription-cart.js';
