/**
 * The catalogue's route schemas. Pure zod (no server code), so the admin validates its product
 * form with these very schemas through the package export `@emporium/server/catalogue/schemas`.
 */
import { z } from 'zod';
import { PageEnd } from '../http/page-end.js';

export { CollectionKind, CollectionList, CollectionSummary } from './collection-schemas.js';

/** Largest number of variants of one product (the admin's grid is built for 1,000). */
export const MAX_VARIANTS = 2000;
/** Largest number of variant price changes in one bulk call. */
export const MAX_BULK_PRICE_CHANGES = 2000;

const id = z.string().min(1).max(64);
const text = (max: number) => z.string().max(max, { error: `At most ${max} characters.` });
const minorUnits = z.number().int({ error: 'Money is a whole number of minor units (cents).' }).min(0).max(100_000_000);

/** Publication of a product: draft (hidden), scheduled (shown from publishOn) or published. */
export const Visibility = z.enum(['draft', 'scheduled', 'published']);
export type Visibility = z.infer<typeof Visibility>;

/** A variant option: its name and its values in display order. */
export const ProductOption = z.object({
  name: text(60).trim().min(1, { error: 'An option needs a name.' }),
  values: z
    .array(text(60).trim().min(1, { error: 'An option value cannot be empty.' }))
    .min(1, { error: 'An option needs at least one value.' })
    .max(100),
});
export type ProductOption = z.infer<typeof ProductOption>;

/** A variant as the owner writes it. */
export const VariantInput = z.object({
  id: id.optional().describe('An existing variant of this product; absent for a new variant'),
  sku: text(64).trim().min(1, { error: 'A variant needs a SKU.' }),
  priceCents: minorUnits,
  salePriceCents: minorUnits.default(0),
  onSale: z.boolean().default(false),
  optionValues: z.record(z.string().max(60), z.string().max(60)).default({}).describe('The value of each option, keyed by option name'),
  qtyInStock: z
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .default(0)
    .describe('Starting stock of a NEW variant; stock of existing variants changes through the inventory API'),
  unlimited: z.boolean().default(false),
  weightGrams: z.number().int().min(0).max(10_000_000).default(0),
  imageId: id.nullable().optional().describe('One of the product’s photos, shown when this variant is chosen; null for none. Absent keeps it'),
});
export type VariantInput = z.infer<typeof VariantInput>;

/** Longest SEO title and description (search engines show about 60 and 160 characters). */
export const SEO_TITLE_MAX = 100;
export const SEO_DESCRIPTION_MAX = 320;
/** Longest custom add-to-cart button text and custom sold-out text. */
export const BUTTON_TEXT_MAX = 40;

/** The title and description search engines and shared links show instead of the product's own (empty: the product's). */
export const SeoFields = z.object({
  title: text(SEO_TITLE_MAX).trim().default(''),
  description: text(SEO_DESCRIPTION_MAX).trim().default(''),
});
export type SeoFields = z.infer<typeof SeoFields>;

const message = text(200).trim().default('');

/** The texts of the restock sign-up form (spec 3 restockNotificationMessages); empty means the storefront's default. */
export const RestockMessages = z.object({
  CTAText: message,
  buttonText: message,
  placeholderText: message,
  mailingListDescription: message,
  successText: message,
});
export type RestockMessages = z.infer<typeof RestockMessages>;

/** The merchandising settings of a product (spec 3 productMerchandisingContext) as the owner writes them. */
export const MerchandisingFields = z.object({
  scarcityEnabled: z.boolean().default(false).describe('Show “Only N left” when a variant is low'),
  scarcityThreshold: z
    .number({ error: 'Enter a whole number of units.' })
    .int({ error: 'Enter a whole number of units.' })
    .min(1, { error: 'Show the low-stock message at 1 unit or more.' })
    .max(1000, { error: 'Show the low-stock message at 1,000 units or fewer.' })
    .default(5)
    .describe('Stock at or below which the scarcity message shows'),
  scarcityText: text(200).trim().default('').describe('Scarcity message; {qtyInStock} is replaced by the units left. Empty: “Only {qtyInStock} left in stock”'),
  restockNotificationsEnabled: z.boolean().default(false).describe('Offer an email when a sold-out variant is back'),
  restockNotificationMessages: RestockMessages.default({ CTAText: '', buttonText: '', placeholderText: '', mailingListDescription: '', successText: '' }),
  mailingListSignUpEnabled: z.boolean().default(false).describe('The restock form also offers the newsletter'),
  mailingListOptInByDefault: z.boolean().default(false),
  customSoldOutText: text(BUTTON_TEXT_MAX).trim().default('').describe('Shown instead of “Sold out”; empty for the default'),
  nativeReviewsDisplayEnabled: z.boolean().optional().describe('Shoppers may review the product and its approved reviews show (spec 2); absent keeps it'),
});
export type MerchandisingFields = z.infer<typeof MerchandisingFields>;

/** Billing period units of a subscription plan (spec 3). */
export const BillingUnit = z.enum(['WEEK', 'MONTH', 'YEAR'], { error: 'Choose weeks, months or years.' });

/** A subscription plan (spec 3 Subscription): billed every `billingPeriod`, `numBillingCycles` times (0: until cancelled). */
export const SubscriptionPlanFields = z.object({
  billingPeriod: z.object({
    value: z
      .number({ error: 'Enter how often the plan bills, as a whole number.' })
      .int({ error: 'Enter how often the plan bills, as a whole number.' })
      .min(1, { error: 'A plan bills at least every 1 week, month or year.' })
      .max(52, { error: 'A plan bills at most every 52 weeks, months or years.' }),
    unit: BillingUnit,
  }),
  numBillingCycles: z
    .number({ error: 'Enter how many times the plan bills, as a whole number (0 until cancelled).' })
    .int({ error: 'Enter how many times the plan bills, as a whole number (0 until cancelled).' })
    .min(0, { error: 'Enter how many times the plan bills, as a whole number (0 until cancelled).' })
    .max(1000, { error: 'A plan bills at most 1,000 times.' })
    .default(0)
    .describe('How many times the plan bills; 0 renews until cancelled'),
});
export type SubscriptionPlanFields = z.infer<typeof SubscriptionPlanFields>;

/** The fields of a product the owner writes (create, and full update with its version). */
export const ProductFields = z.object({
  collectionId: id.optional().describe('The store (products collection); default: the site’s first store'),
  title: text(200).trim().min(1, { error: 'A product needs a title.' }),
  description: text(100_000).default('').describe('Rich-text (HTML) description'),
  excerpt: text(10_000).default(''),
  urlId: text(80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'The URL slug may hold lower-case letters, digits and single hyphens.' })
    .optional()
    .describe('URL slug; derived from the title when absent, with -1, -2 … on a collision'),
  productType: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])
    .default(1)
    .describe('physical 1, digital 2, service 3, gift card 4, paywall 5'),
  tags: z.array(text(80).trim().min(1)).max(50).default([]),
  categories: z.array(text(80).trim().min(1)).max(50).default([]),
  visibility: Visibility.default('draft'),
  publishOn: z.iso.datetime({ offset: true }).optional().describe('When a scheduled product appears (required for scheduled)'),
  imageUrl: text(2000).nullable().optional().describe('Main image'),
  options: z.array(ProductOption).max(6).default([]),
  variants: z.array(VariantInput).min(1, { error: 'A product needs at least one variant.' }).max(MAX_VARIANTS),
  seo: SeoFields.optional().describe('SEO title and description; absent keeps them'),
  useCustomAddButtonText: z.boolean().optional().describe('Show customAddButtonText on the add-to-cart button; absent keeps it'),
  customAddButtonText: text(BUTTON_TEXT_MAX).trim().optional(),
  merchandising: MerchandisingFields.optional().describe('Scarcity, restock and sold-out settings; absent keeps them'),
  isSubscribable: z.boolean().optional().describe('Sold as a subscription (physical products and services); absent keeps it'),
  subscriptionPlan: SubscriptionPlanFields.nullable().optional().describe('Required when isSubscribable; absent keeps it'),
});
export type ProductFields = z.infer<typeof ProductFields>;

/** Body of a product update: every field, and the version the owner read. */
export const ProductUpdate = ProductFields.extend({
  version: z.number().int().min(0).describe('The version this edit started from; a different current version is refused (409)'),
});
export type ProductUpdate = z.infer<typeof ProductUpdate>;

/** A variant as the catalogue answers it. */
export const VariantView = z.object({
  id: z.string(),
  sku: z.string(),
  priceCents: z.number().int(),
  salePriceCents: z.number().int(),
  onSale: z.boolean(),
  optionValues: z.record(z.string(), z.string()),
  qtyInStock: z.number().int(),
  unlimited: z.boolean(),
  weightGrams: z.number().int(),
  imageId: z.string().nullable(),
});
export type VariantView = z.infer<typeof VariantView>;

/** A product with its variants. */
export const ProductView = z.object({
  id: z.string(),
  version: z.number().int(),
  collectionId: z.string(),
  title: z.string(),
  description: z.string(),
  excerpt: z.string(),
  urlId: z.string(),
  productType: z.number().int(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  visibility: Visibility,
  publishOn: z.string(),
  imageUrl: z.string().nullable(),
  options: z.array(ProductOption),
  variants: z.array(VariantView),
  seo: z.object({ title: z.string(), description: z.string() }),
  useCustomAddButtonText: z.boolean(),
  customAddButtonText: z.string(),
  merchandising: MerchandisingFields,
  isSubscribable: z.boolean(),
  subscriptionPlan: z.object({ billingPeriod: z.object({ value: z.number().int(), unit: BillingUnit }), numBillingCycles: z.number().int() }).nullable(),
  updatedAt: z.string(),
});
export type ProductView = z.infer<typeof ProductView>;

/** One row of the product list. */
export const ProductSummary = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  urlId: z.string(),
  productType: z.number().int(),
  visibility: Visibility,
  imageUrl: z.string().nullable(),
  variantCount: z.number().int(),
  minPriceCents: z.number().int().nullable(),
  maxPriceCents: z.number().int().nullable(),
  totalStock: z.number().int().describe('Units in stock over the limited variants'),
  unlimited: z.boolean().describe('Whether any variant has unlimited stock'),
  updatedAt: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

/** Query of the product list. */
export const ProductListQuery = z.object({
  q: text(200).optional().describe('Words of the title, or a SKU'),
  visibility: Visibility.optional(),
  productType: z.enum(['1', '2', '3', '4', '5']).optional(),
  collectionId: id.optional(),
  stock: z.enum(['in', 'out', 'low']).optional().describe('in: some stock; out: sold out; low: a limited variant at or below lowStockAt'),
  lowStockAt: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'lowStockAt must be a whole number.' })
    .optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.string().optional().describe('Page size, 1 to 100 (default 50)'),
});

/** A page of the product list. */
export const ProductPage = z.object({ products: z.array(ProductSummary), ...PageEnd });

/** Route parameters naming a product. */
export const ProductParams = z.object({ productId: id });

/** Query of a product delete: the version the owner read. */
export const DeleteQuery = z.object({ version: z.string().regex(/^\d{1,9}$/, { error: 'version must be a whole number.' }) });

/** Body of a bulk price change. */
export const BulkPriceBody = z.object({
  changes: z
    .array(
      z.object({
        variantId: id,
        priceCents: minorUnits.optional(),
        salePriceCents: minorUnits.optional(),
        onSale: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(MAX_BULK_PRICE_CHANGES),
});
export type BulkPriceBody = z.infer<typeof BulkPriceBody>;

/** Answer of a bulk price change: variants changed, and the new version of each product touched. */
export const BulkPriceResult = z.object({
  updated: z.number().int(),
  products: z.array(z.object({ id: z.string(), version: z.number().int() })),
});

/** Answer of a delete. */
export const Deleted = z.object({ id: z.string(), deleted: z.literal(true) });
