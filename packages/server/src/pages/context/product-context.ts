import { isOnSale, isStockedType, minorToDecimal, type ProductContent } from '@emporium/commerce';
import type { products, variants } from '../../db/index.js';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

/** Money as the template context carries it: a decimal string and a currency code. */
export interface ContextMoney {
  value: string;
  currency: string;
}

/** A variant in the template context (spec section 3, Variant). */
export interface ContextVariant {
  id: string;
  sku: string;
  price: number;
  salePrice: number;
  priceMoney: ContextMoney;
  salePriceMoney: ContextMoney;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  attributes: Record<string, string>;
  optionValues: { optionName: string; value: string }[];
}

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
export function variantContext(row: VariantRow, names: readonly string[], currency: string): ContextVariant {
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
  extra: Record<string, unknown>,
  additionalFieldsForm: unknown,
): Record<string, unknown> {
  const names = optionNames(product.variantOptionOrdering, rows);
  const variantList = rows.map((row) => variantContext(row, names, currency));
  const first = variantList[0];
  const content: Record<string, unknown> = {
    ...extra,
    productType: product.productType,
    variants: variantList,
    variantOptionOrdering: names,
    isSubscribable: product.isSubscribable,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText,
  };
  if (product.subscriptionPlan) content.subscriptionPlan = product.subscriptionPlan;
  if (first) {
    content.priceMoney = first.priceMoney;
    content.salePriceMoney = first.salePriceMoney;
  }
  content.onSale = isOnSale(asProductContent(product, rows));
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
export function merchandisingContext(product: ProductRow, rows: readonly VariantRow[]): Record<string, unknown> {
  const m = product.merchandising as Merchandising;
  const single = rows.length === 1;
  const out: Record<string, unknown> = {};
  if (m.customSoldOutText) out.customSoldOutText = m.customSoldOutText;
  out.nativeReviewsDisplayEnabled = m.nativeReviewsDisplayEnabled === true;
  out.importedReviewsDisplayEnabled = m.importedReviewsDisplayEnabled === true;
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
