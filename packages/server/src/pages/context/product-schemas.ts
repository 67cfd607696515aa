import { ProductType } from '@emporium/commerce';
import { z } from 'zod';
import { formContextSchema } from './form-schemas.js';

/** Money as the page context carries it (spec 3, Money: value and currency), for the `money` formatter. */
export const contextMoneySchema = z.strictObject({
  value: z.string().describe('Decimal amount in the currency’s fraction digits, such as `12.50` (`1250` for JPY 1250)'),
  currency: z.string().describe('ISO 4217'),
});
export type ContextMoney = z.infer<typeof contextMoneySchema>;

/** A variant of a product (spec 3, Variant). */
export const variantContextSchema = z.strictObject({
  id: z.string(),
  sku: z.string(),
  price: z.number().int().describe('Price in minor units (`priceMoney` is the same as money)'),
  salePrice: z.number().int().describe('Sale price in minor units; 0 when none is set'),
  priceMoney: contextMoneySchema,
  salePriceMoney: contextMoneySchema,
  onSale: z.boolean(),
  qtyInStock: z.number().int().describe('0 for an unlimited variant'),
  unlimited: z.boolean().describe('Never runs out (digital products, services)'),
  attributes: z.record(z.string(), z.string()).describe('Its value of each option, by option name'),
  optionValues: z
    .array(z.strictObject({ optionName: z.string(), value: z.string() }))
    .describe('Its option values in the product’s option order (`variantOptionOrdering`)'),
});
export type VariantContext = z.infer<typeof variantContextSchema>;

/** A subscription product’s plan (spec 3, Subscription). */
export const subscriptionPlanSchema = z.looseObject({
  billingPeriod: z.looseObject({ value: z.number().int().describe('How many units between payments'), unit: z.enum(['WEEK', 'MONTH', 'YEAR']) }),
  numBillingCycles: z.number().int().describe('Payments in all; 0 renews until cancelled'),
});
export type SubscriptionPlanContext = z.infer<typeof subscriptionPlanSchema>;

/** A line of a product’s details table, as the owner wrote it. */
export const productDetailSchema = z.looseObject({ label: z.string(), value: z.string() });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** A store item’s `structuredContent` (spec 3, Product item): the product, its variants and prices. */
export const productStructuredContentSchema = z.strictObject({
  details: z.array(productDetailSchema).optional().describe('The owner’s details table (material, care...)'),
  productType: z.literal(Object.values(ProductType)).describe('Spec product type: 1 physical, 2 digital, 3 service, 4 gift card, 5 paywall'),
  variants: z.array(variantContextSchema).describe('In display order'),
  variantOptionOrdering: z.array(z.string()).describe('Option names in the order selectors show them'),
  isSubscribable: z.boolean(),
  subscriptionPlan: subscriptionPlanSchema.optional().describe('Subscribable products only'),
  useCustomAddButtonText: z.boolean(),
  customAddButtonText: z.string(),
  priceMoney: contextMoneySchema.optional().describe('The first variant’s price; absent without variants'),
  salePriceMoney: contextMoneySchema.optional().describe('The first variant’s sale price; absent without variants'),
  onSale: z.boolean().describe('Spec 4: physical and service products when any variant is on sale; digital its own flag; gift cards never'),
  additionalFieldsFormId: z.string().optional().describe('The form a shopper fills in when adding it to the cart'),
  additionalFieldsForm: formContextSchema.optional().describe('That form, when it exists'),
});
export type ProductStructuredContent = z.infer<typeof productStructuredContentSchema>;

/**
 * A product’s entry in `productMerchandisingContext` (spec 3): the scarcity message for
 * low-stock variants, the restock sign-up for sold-out ones, the sold-out text and whether
 * reviews show. A part the owner has switched off is absent.
 */
export const merchandisingContextSchema = z.strictObject({
  customSoldOutText: z.string().optional().describe('Replaces the sold-out badge text'),
  nativeReviewsDisplayEnabled: z.boolean(),
  importedReviewsDisplayEnabled: z.boolean(),
  scarcityEnabled: z.boolean().optional(),
  scarcityText: z.string().optional().describe('With `{qtyInStock}` for the count'),
  scarcityShownByDefault: z.boolean().optional().describe('True for a single-variant product (no script needed)'),
  scarcityTemplateViews: z
    .array(z.strictObject({ qtyInStock: z.number().int(), attributes: z.record(z.string(), z.string()).optional() }))
    .optional()
    .describe('One per low-stock variant; `attributes` names the variant when there are several'),
  mailingListSignUpEnabled: z.boolean().optional(),
  mailingListOptInByDefault: z.boolean().optional(),
  restockNotificationMessages: z
    .record(z.string(), z.string())
    .optional()
    .describe('buttonText, CTAText, placeholderText, mailingListDescription, successText'),
  restockNotificationViews: z
    .array(z.strictObject({ variantId: z.string(), hiddenByDefault: z.boolean() }))
    .optional()
    .describe('One per sold-out variant of a physical or service product'),
});
export type MerchandisingContext = z.infer<typeof merchandisingContextSchema>;
