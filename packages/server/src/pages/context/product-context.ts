import { isOnSale, isStockedType, minorToDecimal, type ProductContent } from '@emporium/commerce';
import type { products, variants } from '../../db/index.js';
import type { ContextMoney, FormContext, MerchandisingContext, ProductStructuredContent, SubscriptionPlanContext, VariantContext } from './schemas.js';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

/** Builds {@link ContextMoney} from integer minor units. */
export function contextMoney(cents: number, currency: string): ContextMoney {
  return { value: minorToDecimal(cents, currency), currency };
}

/** Orders a product's option names: the owner's ordering first, then any others by first use. */
export function optionNames(ordering: readonly string[], rows: readonly Pick<VariantRow, 'attributes'>[]): string[] {
  const names = [...ordering];
  for (const row of rows) for (const name of Object.keys(row.attributes)) if (!names.includes(name)) names.push(name);
  return names;
}

/** One variant row as the template context shows it. */
export function variantContext(row: VariantRow, names: readonly string[], currency: string): VariantContext {
  return {
    id: row.id,
    sku: row.sku,
    price: row.priceCents,
    salePrice: row.salePriceCents,
    priceMoney: contextMoney(row.priceCents, currency),
    salePriceMoney: contextMoney(row.salePriceCents, currency),
    onSale: row.onSale,
    qtyInStock: row.qtyInStock,
    unlimited: row.unlimited,
    attributes: { ...row.attributes },
    optionValues: names.filter((name) => row.attributes[name] !== undefined).map((name) => ({ optionName: name, value: row.attributes[name]! })),
  };
}

/** The product part of an item's `structuredContent` (spec section 3, Product item). */
export function productStructuredContent(
  product: ProductRow,
  rows: readonly VariantRow[],
  currency: string,
  extra: Pick<ProductStructuredContent, 'details'>,
  additionalFieldsForm: FormContext | undefined,
): ProductStructuredContent {
  const names = optionNames(product.variantOptionOrdering, rows);
  const variantList = rows.map((row) => variantContext(row, names, currency));
  const first = variantList[0];
  const content: ProductStructuredContent = {
    ...extra,
    // The table's check keeps product types to the spec's 1-5.
    productType: product.productType as ProductStructuredContent['productType'],
    variants: variantList,
    variantOptionOrdering: names,
    isSubscribable: product.isSubscribable,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText,
    onSale: isOnSale(asProductContent(product, rows)),
  };
  // Written through the catalogue's plan schema (billing period and cycles).
  if (product.subscriptionPlan) content.subscriptionPlan = product.subscriptionPlan as SubscriptionPlanContext;
  if (first) {
    content.priceMoney = first.priceMoney;
    content.salePriceMoney = first.salePriceMoney;
  }
  if (product.additionalFieldsFormId) {
    content.additionalFieldsFormId = product.additionalFieldsFormId;
    if (additionalFieldsForm) content.additionalFieldsForm = additionalFieldsForm;
  }
  return content;
}

/** The commerce-rules view of a product, for `@emporium/commerce` predicates. */
export function asProductContent(product: ProductRow, rows: readonly VariantRow[]): ProductContent {
  return {
    productType: product.productType as ProductContent['productType'],
    variants: rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      attributes: r.attributes,
      qtyInStock: r.qtyInStock,
      unlimited: r.unlimited,
      onSale: r.onSale,
    })),
    onSale: rows[0]?.onSale ?? false,
  };
}

/** Merchandising settings an owner keeps in `products.merchandising`. */
interface Merchandising {
  scarcityEnabled?: boolean;
  scarcityThreshold?: number;
  scarcityText?: string;
  customSoldOutText?: string;
  restockNotificationsEnabled?: boolean;
  restockNotificationMessages?: Record<string, string>;
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
  nativeReviewsDisplayEnabled?: boolean;
  importedReviewsDisplayEnabled?: boolean;
}

const DEFAULT_SCARCITY_THRESHOLD = 5;

/**
 * The `productMerchandisingContext` entry of one product: scarcity views for low-stock
 * variants and restock sign-up views for sold-out variants. With a single variant the
 * view carries no attributes, so it shows without any script.
 */
export function merchandisingContext(product: ProductRow, rows: readonly VariantRow[]): MerchandisingContext {
  const m = product.merchandising as Merchandising;
  const single = rows.length === 1;
  const out: MerchandisingContext = {
    ...(m.customSoldOutText ? { customSoldOutText: m.customSoldOutText } : {}),
    nativeReviewsDisplayEnabled: m.nativeReviewsDisplayEnabled === true,
    importedReviewsDisplayEnabled: m.importedReviewsDisplayEnabled === true,
  };
  if (m.scarcityEnabled) {
    const threshold = m.scarcityThreshold ?? DEFAULT_SCARCITY_THRESHOLD;
    out.scarcityEnabled = true;
    out.scarcityText = m.scarcityText ?? 'Only {qtyInStock} left in stock';
    out.scarcityShownByDefault = single;
    out.scarcityTemplateViews = rows
      .filter((r) => !r.unlimited && r.qtyInStock > 0 && r.qtyInStock <= threshold)
      .map((r) => (single ? { qtyInStock: r.qtyInStock } : { qtyInStock: r.qtyInStock, attributes: { ...r.attributes } }));
  }
  const stocked = isStockedType(product.productType);
  if (m.restockNotificationsEnabled && stocked) {
    out.mailingListSignUpEnabled = m.mailingListSignUpEnabled ?? false;
    out.mailingListOptInByDefault = m.mailingListOptInByDefault ?? false;
    out.restockNotificationMessages = {
      buttonText: 'Sign up',
      CTAText: 'Get an email when this is back in stock',
      placeholderText: 'Email address',
      mailingListDescription: 'Also send me the newsletter',
      successText: 'Signed up!',
      ...m.restockNotificationMessages,
    };
    out.restockNotificationViews = rows.filter((r) => !r.unlimited && r.qtyInStock === 0).map((r) => ({ variantId: r.id, hiddenByDefault: !single }));
  }
  return out;
}
