import { AddToCartMessages, isCountryCode, ProductType, type CartEntryJson, type ShoppingCartJson } from '@emporium/commerce';
import { UNKNOWN_COUNTRY_MESSAGE } from './shipping-location.js';
import { z } from '../http/schemas.js';

/** Largest accepted `additionalFields` JSON string, in characters. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 10_000;

/** Route parameters naming a cart entry. The id's shape is checked by the handler (odd ids answer 404, not 400). */
export const EntryParams = z.object({ entryId: z.string().describe('The cart entry id') });

/** Route parameters naming a coupon code on the cart. */
export const CouponParams = z.object({ code: z.string().describe('The coupon code, in any case') });

/** A product item id as a cart call names it. */
export const ItemId = z
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

/** Refusal of a body that is not a JSON object. */
export const REQUEST_OBJECT = { error: 'Request body must be a JSON object.' };

/** Body of POST /api/commerce/shopping-cart/entries (spec 7). Missing quantity means 1. */
export const AddEntryBody = z.object({ itemId: ItemId, sku, quantity: quantity.nullish(), additionalFields }, REQUEST_OBJECT);

/** Body of POST /api/3/commerce/cart/subscription (spec 7: the quantity is `qty`). */
export const SubscriptionCartBody = z.object({ itemId: ItemId, sku, qty: quantity.nullish(), additionalFields }, REQUEST_OBJECT);

/** Body of PUT .../entries/{entryId}: the new quantity, 0 removes the entry. */
export const ChangeQuantityBody = z.object({ quantity }, REQUEST_OBJECT);

/** Body of PUT .../entries/{entryId}/additionalFields. */
export const EntryFieldsBody = z.object({ itemId: ItemId, sku, additionalFields }, REQUEST_OBJECT);

/** Message when a coupon call carries no code. */
export const COUPON_CODE_MISSING = 'Please enter a coupon code.';

/** Body of POST .../coupons. */
export const CouponBody = z.object({ code: z.string({ error: COUPON_CODE_MISSING }).max(256, { error: COUPON_CODE_MISSING }) }, REQUEST_OBJECT);

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
export const ShippingBody = z.object({ shippingLocation: ShippingLocationInput.optional(), shippingOptionId: shippingOptionId.optional() }, REQUEST_OBJECT);

/** An amount in minor units with its currency. */
export const Money = z.object({ value: z.number().int().describe('Minor units'), currency: z.string().describe('ISO 4217') });

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

/** Answer of the subscription cart call. */
export const SubscriptionCartAnswer = z.object({ cartToken: z.string().describe('Names the subscription cart at checkout') });
