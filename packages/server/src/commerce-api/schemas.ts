import { AddToCartMessages, isCountryCode, ProductType, type CartEntryJson, type ShoppingCartJson } from '@emporium/commerce';
import { UNKNOWN_COUNTRY_MESSAGE } from '../cart/index.js';
import { z } from '../http/schemas.js';
import { DownloadLink } from '../downloads/index.js';

/** Largest accepted `additionalFields` JSON string, in characters. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 10_000;

/** Route parameters naming a cart entry. The id's shape is checked by the handler (odd ids answer 404, not 400). */
export const EntryParams = z.object({ entryId: z.string().describe('The cart entry id') });

/** Route parameters naming a coupon code on the cart. */
export const CouponParams = z.object({ code: z.string().describe('The coupon code, in any case') });

const itemId = z
  .string({ error: 'itemId is required.' })
  .trim()
  .min(1, { error: 'itemId is required.' })
  .max(128, { error: 'itemId is required.' })
  .describe('The product item id');

const sku = z
  .string({ error: 'sku must be a string or null.' })
  .max(128, { error: 'sku must be a string or null.' })
  .nullish()
  .transform((value) => value || null)
  .describe('The chosen variant; null when the product has one variant or none is chosen');

const quantity = z
  .union([z.number(), z.string()], { error: AddToCartMessages.QUANTITY_NOT_NUMBER })
  .describe('Whole number 1-9999 (a numeric string is accepted); the quantity rules of spec 8 apply');

const additionalFields = z
  .string({ error: 'additionalFields must be a JSON string.' })
  .max(MAX_ADDITIONAL_FIELDS_LENGTH, { error: 'additionalFields is too long.' })
  .nullish()
  .describe('The additional-field answers as a JSON string (spec 7)');

const requestObject = { error: 'Request body must be a JSON object.' };

/** Body of POST /api/commerce/shopping-cart/entries (spec 7). Missing quantity means 1. */
export const AddEntryBody = z.object({ itemId, sku, quantity: quantity.nullish(), additionalFields }, requestObject);

/** Body of POST /api/3/commerce/cart/subscription (spec 7: the quantity is `qty`). */
export const SubscriptionCartBody = z.object({ itemId, sku, qty: quantity.nullish(), additionalFields }, requestObject);

/** Body of PUT .../entries/{entryId}: the new quantity, 0 removes the entry. */
export const ChangeQuantityBody = z.object({ quantity }, requestObject);

/** Body of PUT .../entries/{entryId}/additionalFields. */
export const EntryFieldsBody = z.object({ itemId, sku, additionalFields }, requestObject);

/** Message when a coupon call carries no code. */
export const COUPON_CODE_MISSING = 'Please enter a coupon code.';

/** Body of POST .../coupons. */
export const CouponBody = z.object({ code: z.string({ error: COUPON_CODE_MISSING }).max(256, { error: COUPON_CODE_MISSING }) }, requestObject);

/** A shipping location as a visitor sends it; region and postal code may be left out. */
export const ShippingLocationInput = z.object(
  {
    country: z
      .string({ error: 'Country must be a two-letter country code.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter country code.' })
      .refine(isCountryCode, { error: UNKNOWN_COUNTRY_MESSAGE })
      .describe('ISO 3166-1 alpha-2'),
    region: z.string({ error: 'region must be a string.' }).trim().toUpperCase().max(64, { error: 'region is too long.' }).optional(),
    postalCode: z.string({ error: 'postalCode must be a string.' }).trim().max(32, { error: 'postalCode is too long.' }).optional(),
  },
  { error: 'shippingLocation must be an object with a country.' },
);

const shippingOptionId = z
  .string({ error: 'shippingOptionId must be a string.' })
  .max(64, { error: 'shippingOptionId must be a string.' })
  .describe('Id of one of the cart’s shipping options');

/** Body of PUT .../shopping-cart/shipping: either part may be left out. */
export const ShippingBody = z.object({ shippingLocation: ShippingLocationInput.optional(), shippingOptionId: shippingOptionId.optional() }, requestObject);

/** Body of PUT /api/commerce/checkout/subscription/shipping: the subscription cart's token and its shipping. */
export const SubscriptionShippingBody = ShippingBody.extend({ cartToken: z.string().max(64).optional().describe('Token from the subscription cart call') });

/** Query of GET /api/commerce/inventory/stock/. */
export const StockQuery = z.object({ itemId });

/** Query of GET /api/commerce/instalments/info. */
export const InstalmentInfoQuery = z.object({ locale: z.string().max(35).optional().describe('Locale such as en_US') });

const Money = z.object({ value: z.number().int().describe('Minor units'), currency: z.string().describe('ISO 4217') });

/** One cart entry as the cart API sends it (spec 3); money in minor units. */
export const CartEntrySchema = z.object({
  id: z.string(),
  itemId: z.string(),
  quantity: z.number().int(),
  chosenVariant: z.object({
    sku: z.string(),
    attributes: z.record(z.string(), z.string()),
    optionValues: z
      .array(z.object({ optionName: z.string(), value: z.string() }))
      .optional()
      .describe('Page context only'),
  }),
  title: z.string(),
  subTotal: z.number().int().describe('Unit price times quantity'),
  purchasePriceCents: z.number().int(),
  productType: z.literal(Object.values(ProductType)).describe('1 physical, 2 digital, 3 service, 4 gift card, 5 paywall'),
  additionalFields: z.unknown().describe('The additional-field answers, parsed (null when none)'),
  fullUrl: z.string().optional().describe('Page context only'),
  assetUrl: z.string().optional().describe('Page context only'),
  srcset: z.string().optional().describe('Page context only: WebP copies of an uploaded product image with their widths'),
});

const ShippingOptionSchema = z.object({ id: z.string(), name: z.string(), costCents: z.number().int() });

/** The shopping cart (spec 3, field names exactly as specified); money in minor units. */
export const ShoppingCartSchema = z
  .object({
    id: z.string().describe('Empty when the visitor has no cart'),
    websiteId: z.string(),
    orderId: z.string().nullable(),
    created: z.number().describe('Milliseconds since the epoch (0 without a cart)'),
    isPurchased: z.boolean(),
    entries: z.array(CartEntrySchema),
    shippingOptions: z.array(ShippingOptionSchema),
    selectedShippingOption: ShippingOptionSchema.nullable(),
    shippingLocation: z.object({ country: z.string(), region: z.string().optional(), postalCode: z.string().optional() }).nullable(),
    applicableTaxRules: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        country: z.string(),
        region: z.string(),
        rateBasisPoints: z.number().describe('Hundredths of a percent, with one decimal for a rate like 8.875 % (887.5)'),
        taxCents: z.number().int(),
      }),
    ),
    coupons: z.array(z.string()),
    validCoupons: z.array(
      z.object({ code: z.string(), kind: z.enum(['PERCENT', 'FIXED', 'FREE_SHIPPING']), amount: z.number(), discountCents: z.number().int() }),
    ),
    invalidCoupons: z.array(z.object({ code: z.string(), reason: z.string() })),
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    shippingCostCents: z.number().int(),
    discountCents: z.number().int(),
    grandTotalCents: z.number().int(),
    totalQuantity: z.number().int(),
    subtotalAmount: Money,
    currency: z.string().optional(),
    hasDigital: z.boolean(),
    purelyDigital: z.boolean(),
    requiresShipping: z.boolean(),
  })
  .describe('A shopping cart');

/** Fails to compile unless every value of `Parsed` is a `Declared` and the schema names every field of `Declared`. */
type Matches<Parsed, Declared> = [Parsed] extends [Declared] ? ([Exclude<keyof Declared, keyof Parsed>] extends [never] ? true : never) : never;
const entryMatches: Matches<z.infer<typeof CartEntrySchema>, CartEntryJson> = true;
const cartMatches: Matches<z.infer<typeof ShoppingCartSchema>, ShoppingCartJson> = true;
void entryMatches;
void cartMatches;

/** Answer of GET /api/commerce/shopping-cart and of the coupon and shipping calls' `shoppingCart`. */
export const CartAnswer = z.object({ shoppingCart: ShoppingCartSchema });

/** Answer of an add to cart: the cart and the entry the add made or grew. */
export const AddEntryAnswer = z.object({ shoppingCart: ShoppingCartSchema, newlyAdded: CartEntrySchema.nullable() });

/** Answer of a quantity or additional-fields change: the cart and the entry (null when removed). */
export const EntryChangeAnswer = z.object({ shoppingCart: ShoppingCartSchema, updatedEntry: CartEntrySchema.nullable() });

/** Answer of the stock call: one result per variant in display order. */
export const StockAnswer = z.object({
  results: z.array(z.object({ unlimited: z.boolean(), qtyInStock: z.number().int().describe('0 when unlimited') })),
});

/** Answer of the subscription cart call. */
export const SubscriptionCartAnswer = z.object({ cartToken: z.string().describe('Names the subscription cart at checkout') });

const INVALID_EMAIL = 'Please enter a valid email';
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const addressField = z.string({ error: 'Address fields must be text.' }).trim().max(200, { error: 'Address fields hold at most 200 characters.' }).optional();

/** A postal address as a visitor sends it; which fields are required is checked at checkout ('Required' per field). */
export const AddressInput = z.object(
  {
    firstName: addressField,
    lastName: addressField,
    address1: addressField,
    address2: addressField,
    city: addressField,
    region: addressField,
    postalCode: addressField,
    country: addressField.describe('ISO 3166-1 alpha-2'),
    phone: addressField,
  },
  { error: 'An address must be an object.' },
);

/** Body of POST /api/commerce/checkout. */
export const CheckoutBody = z.object(
  {
    email: z.string({ error: INVALID_EMAIL }).trim().min(3, { error: INVALID_EMAIL }).max(256, { error: INVALID_EMAIL }).regex(EMAIL, { error: INVALID_EMAIL }),
    shippingAddress: AddressInput.nullish().describe('Required when the cart ships'),
    billingAddress: AddressInput.nullish(),
    shippingOptionId: z.string({ error: 'shippingOptionId must be a string.' }).trim().max(64, { error: 'shippingOptionId must be a string.' }).nullish(),
    couponCodes: z
      .array(z.string(), { error: 'couponCodes must be a list of at most 10 codes.' })
      .max(10, { error: 'couponCodes must be a list of at most 10 codes.' })
      .nullish()
      .describe('Codes to use; left out keeps the codes already on the cart'),
    giftCardCode: z.string({ error: 'giftCardCode must be a string.' }).trim().max(64, { error: 'This gift card code is not valid.' }).nullish(),
    payment: z
      .looseObject(
        {
          provider: z
            .string({ error: 'payment.provider is required.' })
            .min(1, { error: 'payment.provider is required.' })
            .describe('Payment provider id, e.g. test'),
        },
        { error: 'payment must be an object.' },
      )
      .nullish()
      .describe('The provider and its own details (the test provider reads cardNumber)'),
  },
  requestObject,
);

/** Body of POST /api/commerce/checkout/subscription: the checkout body and the subscription cart's token. */
export const SubscriptionCheckoutBody = CheckoutBody.extend({ cartToken: z.string().max(64).optional().describe('Token from the subscription cart call') });

const OrderItem = z.object({
  itemId: z.string(),
  sku: z.string().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: Money,
  lineTotal: Money,
  additionalFields: z.unknown(),
});

const OpenRecord = z.record(z.string(), z.unknown());

/** An order as the checkout answers it (spec 3 Order fields and what the confirmation page shows); money in minor units. */
export const OrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.number().int(),
    websiteId: z.string(),
    purchasedCartId: z.string().nullable(),
    testMode: z.boolean(),
    status: z.string(),
    createdOn: z.number(),
    customerEmail: z.string(),
    shippingAddress: OpenRecord.nullable(),
    billingAddress: OpenRecord.nullable(),
    currency: z.string(),
    items: z.array(OrderItem),
    subtotal: Money,
    discountTotal: Money,
    shippingTotal: Money,
    taxTotal: Money,
    grandTotal: Money,
    coupons: z.array(z.unknown()),
    shippingOption: OpenRecord.nullable(),
    taxLines: z.array(z.unknown()),
    giftCardPayment: z.object({ codeEnding: z.string(), amount: Money }).nullable(),
    payment: OpenRecord,
    purchasedGiftCards: z.array(z.object({ code: z.string(), amount: Money })),
    subscription: OpenRecord.nullable().describe('The plan when the order is a subscription'),
  })
  .describe('An order');

/** Answer of the checkout calls. */
export const CheckoutAnswer = z.object({
  order: OrderSchema,
  confirmationUrl: z.string().describe('The order-confirmed page'),
  statusUrl: z.string().describe('Unguessable link of the order status page'),
  downloads: z.array(DownloadLink).describe("Download links of the order's digital products"),
});
