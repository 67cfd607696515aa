import { countryOptions, type InstalmentContext, type ProductType, type SubscriptionPlan } from '@emporium/commerce';
import type { PageFields } from '@emporium/forms';
import type {
  CartPageProps,
  CartPillProps,
  CheckoutProps,
  FormBlockProps,
  InstallmentPillProps,
  ProductFormProps,
  ProductQuickViewProps,
  RestockSignupProps,
} from '@emporium/storefront';
import type { forms, products, variants } from '../../db/index.js';
import { fieldsOf } from '../../forms/index.js';
import type { Website } from '../../sites/index.js';
import type { CartContext } from './cart-context.js';
import { formMessagesOf } from './form-context.js';

type FormRow = typeof forms.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

/**
 * The props island component `P` declares, as a plain object type: the same keys and types, and
 * assignable to the page context's free `islandProps` records.
 */
export type IslandPropsOf<P> = { [K in keyof P]: P[K] };

/**
 * Props of the CartPill island: the page path and the cart figures known at render time; no
 * seed on pages shared by every visitor (the browser loads the cart).
 */
export function cartPillIslandProps(path: string, cart: Record<string, unknown> | undefined, site: Website): CartPillProps {
  return {
    path,
    seed: cart
      ? { totalQuantity: Number(cart.totalQuantity ?? 0), subtotalCents: Number(cart.subtotalCents ?? 0), currency: site.settings.currency }
      : undefined,
    currency: site.settings.currency,
    locale: site.settings.locale,
  };
}

/** Where a form sits, sent with its submissions (spec section 3, page fields). */
export function pageFieldsOf(title: string, id: string, source: 'i' | 'c', path: string): PageFields {
  return { pageTitle: title, pageId: id, contentSource: source, pagePath: path, pagePermissionTypeValue: 1 };
}

/** Props of the FormBlock island: the form in the forms package's shape and the page fields. */
export function formBlockIslandProps(row: FormRow, page: PageFields): FormBlockProps {
  return {
    form: {
      id: row.id,
      name: row.name,
      fields: fieldsOf(row),
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
): ProductFormProps {
  const currency = site.settings.currency;
  const first = rows[0];
  const express: Pick<ProductFormProps, 'expressCheckout'> = product.merchandising.expressCheckout === true ? { expressCheckout: true } : {};
  return {
    itemId,
    locale: site.settings.locale,
    storeSettings: { multipleQuantityAllowedForServices: site.settings.commerce.multipleQuantityAllowedForServices ?? true },
    product: {
      // The column's check constraint keeps it to the spec's five types.
      productType: product.productType as ProductType,
      variantOptionOrdering: optionOrdering,
      isSubscribable: product.isSubscribable,
      subscriptionPlan: (product.subscriptionPlan as SubscriptionPlan | null) ?? undefined,
      useCustomAddButtonText: product.useCustomAddButtonText,
      customAddButtonText: product.customAddButtonText,
      additionalFieldsFormId: product.additionalFieldsFormId || undefined,
      onSale: first?.onSale ?? false,
      priceMoney: first ? islandMoney(first.priceCents, currency) : undefined,
      salePriceMoney: first ? islandMoney(first.salePriceCents, currency) : undefined,
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
    additionalFields: additionalFields ? fieldsOf(additionalFields) : [],
    ...express,
  };
}

/** Props of the RestockSignup island for one sold-out variant. */
export function restockIslandProps(productId: string, variantId: string, merchandising: Record<string, unknown>): RestockSignupProps {
  const messages = (merchandising.restockNotificationMessages ?? {}) as Record<string, string>;
  return {
    productId,
    variantId,
    mailingListSignUpEnabled: merchandising.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: merchandising.mailingListOptInByDefault === true,
    successText: messages.successText || undefined,
    headline: messages.CTAText || undefined,
  };
}

/** Props of the ProductQuickView island of a product card. */
export function quickViewIslandProps(item: Record<string, unknown>): IslandPropsOf<ProductQuickViewProps> {
  return { url: String(item.fullUrl), title: String(item.title) };
}

/** Props of the CartPage island: the cart as rendered, the store's minimum and pay-later settings. */
export function cartPageIslandProps(cart: CartContext, site: Website, shopUrl: string, instalments: InstalmentContext): CartPageProps {
  return {
    cart,
    currency: site.settings.currency,
    locale: site.settings.locale,
    minimumSubtotalCents: site.settings.commerce.checkoutMinimumCents ?? 0,
    shopUrl,
    instalments,
  };
}

/** Props of the Checkout island; the country names are the server's, so the page hydrates with the same text; `stripe` when the site takes payments through Stripe. */
export function checkoutIslandProps(
  cart: CartContext,
  site: Website,
  shopUrl: string,
  defaultCountry: string,
  stripe?: CheckoutProps['stripe'],
): CheckoutProps {
  return {
    cart,
    currency: site.settings.currency,
    locale: site.settings.locale,
    shopUrl,
    defaultCountry,
    countries: countryOptions(site.settings.locale),
    testMode: site.settings.commerce.testMode === true,
    ...(stripe ? { stripe } : {}),
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
  context: InstalmentContext & { locale: string | null },
): InstallmentPillProps {
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
