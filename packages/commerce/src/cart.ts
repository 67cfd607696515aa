import { minimumSubtotalMessage } from './add-to-cart-messages.js';
import { DEFAULT_CURRENCY } from './currencies.js';
import type { Money } from './money.js';
import { money } from './money.js';
import { formatMoney } from './money-format.js';
import { ProductType } from './product-type.js';

/** One line of a shopping cart. */
export interface CartEntry {
  readonly id: string;
  readonly itemId: string;
  readonly quantity: number;
  readonly chosenVariant?: { readonly sku: string; readonly attributes: Readonly<Record<string, string>> };
  readonly title?: string;
  /** Price of one unit in minor units. */
  readonly purchasePriceCents: number;
  readonly productType?: ProductType;
}

/** A shopping cart as the storefront reads it. */
export interface ShoppingCart {
  readonly id: string;
  readonly websiteId?: string;
  readonly entries: ReadonlyArray<CartEntry>;
  readonly subtotalCents: number;
  readonly totalQuantity: number;
  readonly currency?: string;
  readonly taxCents?: number;
  readonly shippingCostCents?: number;
  readonly discountCents?: number;
  readonly grandTotalCents?: number;
  readonly hasDigital?: boolean;
  readonly purelyDigital?: boolean;
  readonly requiresShipping?: boolean;
}

/** Subtotal of one entry in minor units: unit price times quantity. */
export function entrySubtotal(entry: CartEntry): number {
  if (!Number.isSafeInteger(entry.purchasePriceCents) || !Number.isSafeInteger(entry.quantity)) {
    throw new RangeError(`Cart entry ${entry.id} has a non-integer price or quantity`);
  }
  return entry.purchasePriceCents * entry.quantity;
}

/** Sum of entry subtotals in minor units. */
export function subtotalCents(entries: ReadonlyArray<CartEntry>): number {
  return entries.reduce((sum, e) => sum + entrySubtotal(e), 0);
}

/** Number of units in the cart. */
export function totalQuantity(entries: ReadonlyArray<CartEntry>): number {
  return entries.reduce((sum, e) => sum + e.quantity, 0);
}

/** True when any entry is a digital product. */
export function hasDigital(entries: ReadonlyArray<CartEntry>): boolean {
  return entries.some((e) => e.productType === ProductType.DIGITAL);
}

/** True when the cart is non-empty and every entry is digital. */
export function purelyDigital(entries: ReadonlyArray<CartEntry>): boolean {
  return entries.length > 0 && entries.every((e) => e.productType === ProductType.DIGITAL);
}

/** True when any entry is a physical product that has to be shipped. */
export function requiresShipping(entries: ReadonlyArray<CartEntry>): boolean {
  return entries.some((e) => e.productType === ProductType.PHYSICAL);
}

/** Derived cart totals and flags. */
export interface CartSummary {
  readonly subtotalCents: number;
  readonly subtotalAmount: Money;
  readonly totalQuantity: number;
  readonly hasDigital: boolean;
  readonly purelyDigital: boolean;
  readonly requiresShipping: boolean;
}

/** Computes the derived fields of a cart from its entries. */
export function summarizeCart(entries: ReadonlyArray<CartEntry>, currency: string = DEFAULT_CURRENCY): CartSummary {
  const cents = subtotalCents(entries);
  return {
    subtotalCents: cents,
    subtotalAmount: money(cents, currency),
    totalQuantity: totalQuantity(entries),
    hasDigital: hasDigital(entries),
    purelyDigital: purelyDigital(entries),
    requiresShipping: requiresShipping(entries),
  };
}

/**
 * Checks the cart subtotal against the store's minimum. Returns null when checkout may proceed,
 * else 'To check out, your order subtotal must be {subtotal} or more.' with the minimum formatted.
 */
export function minimumSubtotalError(subtotal: Money, minimum: Money | null | undefined, locale?: string): string | null {
  if (!minimum || minimum.value <= 0) return null;
  if (subtotal.currency !== minimum.currency) throw new RangeError('Minimum subtotal currency differs from the cart');
  return subtotal.value >= minimum.value ? null : minimumSubtotalMessage(formatMoney(minimum, locale));
}
