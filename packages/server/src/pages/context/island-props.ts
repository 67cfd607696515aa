import { countryOptions } from '@emporium/commerce';
import type { forms, products, variants } from '../../db/index.js';
import type { Website } from '../../sites/index.js';
import { formMessagesOf } from './form-context.js';

type FormRow = typeof forms.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

/**
 * Props of the CartPill island: the page path and the cart figures known at render time; no
 * seed on pages shared by every visitor (the browser loads the cart).
 */
export function cartPillIslandProps(path: string, cart: Record<string, unknown> | undefined, site: Website): Record<string, unknown> {
  return {
    path,
    ...(cart
      ? { seed: { totalQuantity: Number(cart.totalQuantity ?? 0), subtotalCents: Number(cart.subtotalCents ?? 0), currency: site.settings.currency } }
      : {}),
    currency: site.settings.currency,
    locale: site.settings.locale,
  };
}

/** Where a form sits, sent with its submissions (spec section 3, page fields). */
export function pageFieldsOf(title: string, id: string, source: 'i' | 'c', path: string): Record<string, unknown> {
  return { pageTitle: title, pageId: id, contentSource: source, pagePath: path, pagePermissionTypeValue: 1 };
}

/** Props of the FormBlock island: the form in the forms package's shape and the page fields. */
export function formBlockIslandProps(row: FormRow, page: Record<string, unknown>): Record<string, unknown> {
  return {
    form: {
      id: row.id,
      name: row.name,
      fields: row.fields,
      submitLabel: row.submitLabel,
      ...formMessagesOf(row),
      successRedirect: row.successRedirect,
      captchaEnabled: row.captchaEnabled,
    },
    page,
  };
}

function islandMoney(cents: number, currency: string): { value: number; currency: string } {
  return { value: cents, currency };
}

/**
 * Props of the ProductForm island: the product in the commerce package's shape (money in
 * minor units), store settings, the additional-fields form and variant images. A product whose
 * merchandising settings have `expressCheckout: true` sends a successful add straight to checkout.
 */
export function productFormIslandProps(
  itemId: string,
  product: ProductRow,
  rows: readonly VariantRow[],
  site: Website,
  additionalFields: FormRow | undefined,
  optionOrdering: readonly string[],
): Record<string, unknown> {
  const currency = site.settings.currency;
  const first = rows[0];
  return {
    itemId,
    locale: site.settings.locale,
    storeSettings: { multipleQuantityAllowedForServices: site.settings.commerce.multipleQuantityAllowedForServices ?? true },
    product: {
      productType: product.productType,
      variantOptionOrdering: optionOrdering,
      isSubscribable: product.isSubscribable,
      ...(product.subscriptionPlan ? { subscriptionPlan: product.subscriptionPlan } : {}),
      useCustomAddButtonText: product.useCustomAddButtonText,
      customAddButtonText: product.customAddButtonText,
      ...(product.additionalFieldsFormId ? { additionalFieldsFormId: product.additionalFieldsFormId } : {}),
      onSale: first?.onSale ?? false,
      ...(first ? { priceMoney: islandMoney(first.priceCents, currency), salePriceMoney: islandMoney(first.salePriceCents, currency) } : {}),
      variants: rows.map((v) => ({
        id: v.id,
        sku: v.sku,
        attributes: v.attributes,
        qtyInStock: v.qtyInStock,
        unlimited: v.unlimited,
        onSale: v.onSale,
        priceMoney: islandMoney(v.priceCents, currency),
        salePriceMoney: islandMoney(v.salePriceCents, currency),
      })),
    },
    additionalFields: additionalFields?.fields ?? [],
    ...(product.merchandising.expressCheckout === true ? { expressCheckout: true } : {}),
  };
}

/** Props of the RestockSignup island for one sold-out variant. */
export function restockIslandProps(productId: string, variantId: string, merchandising: Record<string, unknown>): Record<string, unknown> {
  const messages = (merchandising.restockNotificationMessages ?? {}) as Record<string, string>;
  return {
    productId,
    variantId,
    mailingListSignUpEnabled: merchandising.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: merchandising.mailingListOptInByDefault === true,
    ...(messages.successText ? { successText: messages.successText } : {}),
    ...(messages.CTAText ? { headline: messages.CTAText } : {}),
  };
}

/** Props of the ProductQuickView island of a product card. */
export function quickViewIslandProps(item: Record<string, unknown>): Record<string, unknown> {
  return { url: String(item.fullUrl), title: String(item.title) };
}

/** Props of the CartPage island: the cart as rendered, the store's minimum and pay-later settings. */
export function cartPageIslandProps(
  cart: Record<string, unknown>,
  site: Website,
  shopUrl: string,
  instalments: Record<string, unknown>,
): Record<string, unknown> {
  return {
    cart,
    currency: site.settings.currency,
    locale: site.settings.locale,
    minimumSubtotalCents: site.settings.commerce.checkoutMinimumCents ?? 0,
    shopUrl,
    instalments,
  };
}

/** Props of the Checkout island; the country names are the server's, so the page hydrates with the same text. */
export function checkoutIslandProps(cart: Record<string, unknown>, site: Website, shopUrl: string, defaultCountry: string): Record<string, unknown> {
  return {
    cart,
    currency: site.settings.currency,
    locale: site.settings.locale,
    shopUrl,
    defaultCountry,
    countries: countryOptions(site.settings.locale),
    testMode: site.settings.commerce.testMode === true,
  };
}

/**
 * Props of the InstallmentPill island of a product: the first variant's price, and each
 * variant's price (sale price when on sale) so the pill follows the variant the shopper chooses.
 */
export function instalmentIslandProps(
  itemId: string,
  productType: number,
  rows: readonly Pick<VariantRow, 'id' | 'onSale' | 'priceCents' | 'salePriceCents'>[],
  site: Website,
  context: { afterPayAvailable: boolean; afterPayMin: number; afterPayMax: number; locale: string | null },
): Record<string, unknown> {
  const priceOf = (v: (typeof rows)[number]) => (v.onSale ? v.salePriceCents : v.priceCents);
  return {
    productType,
    priceCents: rows[0] ? priceOf(rows[0]) : 0,
    itemId,
    variantPrices: Object.fromEntries(rows.map((v) => [v.id, priceOf(v)])),
    currency: site.settings.currency,
    locale: context.locale ?? site.settings.locale,
    context: { afterPayAvailable: context.afterPayAvailable, afterPayMin: context.afterPayMin, afterPayMax: context.afterPayMax },
  };
}
