import { AddToCartMessages, entrySubtotal, formatMoney, isCartInstalmentEligible, minimumSubtotalError, money } from '@emporium/commerce';
import type { CartJson, CartLineJson } from '../api/cart-json.js';
import { cartCurrency } from '../api/cart-json.js';

/** One cart line ready to show. */
export interface CartLineView {
  readonly id: string;
  readonly itemId: string;
  readonly title: string;
  /** 'Colour: Oat, Size: M', or '' for a product without options. */
  readonly variantText: string;
  readonly imageUrl: string;
  /** WebP copies of the image with their widths (an uploaded image), else ''. */
  readonly imageSrcset: string;
  readonly url: string;
  readonly quantity: number;
  readonly unitPrice: string;
  readonly lineTotal: string;
}

/** What the cart page shows below the lines. */
export interface CartSummaryView {
  readonly empty: boolean;
  readonly emptyMessage: string;
  readonly subtotal: string;
  /** 'To check out, your order subtotal must be {subtotal} or more.' when below the minimum. */
  readonly minimumMessage: string | null;
  /** Every item is physical and the cart is not empty (spec 5, instalments). */
  readonly payLaterEligible: boolean;
  readonly canCheckout: boolean;
}

/** The variant's options as 'Name: value' pairs, in the product's option order when known. */
export function variantText(line: CartLineJson): string {
  const variant = line.chosenVariant;
  if (!variant) return '';
  const pairs = variant.optionValues?.map((o) => [o.optionName, o.value] as const) ?? Object.entries(variant.attributes);
  return pairs.map(([name, value]) => `${name}: ${value}`).join(', ');
}

/** The lines of `cart` with formatted prices. */
export function cartLineViews(cart: CartJson | null, fallbackCurrency: string, locale?: string): CartLineView[] {
  if (!cart) return [];
  const currency = cartCurrency(cart, fallbackCurrency);
  return cart.entries.map((line) => ({
    id: line.id,
    itemId: line.itemId,
    title: line.title ?? '',
    variantText: variantText(line),
    imageUrl: line.assetUrl ?? '',
    imageSrcset: line.assetUrl && line.srcset ? line.srcset : '',
    url: line.fullUrl ?? '',
    quantity: line.quantity,
    unitPrice: formatMoney(money(line.purchasePriceCents, currency), locale),
    lineTotal: formatMoney(money(line.subTotal ?? entrySubtotal(line), currency), locale),
  }));
}

/**
 * Subtotal, minimum-subtotal message, pay-later eligibility and whether checkout may start.
 * `minimumSubtotalCents` of 0 or less means no minimum.
 */
export function cartSummaryView(cart: CartJson | null, fallbackCurrency: string, minimumSubtotalCents = 0, locale?: string): CartSummaryView {
  const entries = cart?.entries ?? [];
  const currency = cartCurrency(cart, fallbackCurrency);
  const subtotal = money(cart?.subtotalCents ?? 0, currency);
  const empty = entries.length === 0;
  const minimumMessage = empty ? null : minimumSubtotalError(subtotal, minimumSubtotalCents > 0 ? money(minimumSubtotalCents, currency) : null, locale);
  return {
    empty,
    emptyMessage: AddToCartMessages.CART_EMPTY,
    subtotal: formatMoney(subtotal, locale),
    minimumMessage,
    payLaterEligible: isCartInstalmentEligible(entries),
    canCheckout: !empty && minimumMessage === null,
  };
}
