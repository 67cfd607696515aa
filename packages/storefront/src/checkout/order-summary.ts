import { formatMoney, money } from '@emporium/commerce';
import type { CartJson } from '../api/cart-json.js';
import { cartCurrency } from '../api/cart-json.js';

/** One row of the order summary. */
export interface SummaryRow {
  readonly key: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';
  readonly label: string;
  /** Formatted amount ('−$5.00' for the discount). */
  readonly amount: string;
  readonly cents: number;
}

/**
 * Subtotal, discount (only when there is one), shipping (only when the cart ships), tax and
 * total, from the cart's minor-unit figures formatted in `locale`.
 */
export function orderSummaryRows(cart: CartJson, fallbackCurrency: string, locale?: string): SummaryRow[] {
  const currency = cartCurrency(cart, fallbackCurrency);
  const fmt = (cents: number) => formatMoney(money(cents, currency), locale);
  const rows: SummaryRow[] = [{ key: 'subtotal', label: 'Subtotal', amount: fmt(cart.subtotalCents), cents: cart.subtotalCents }];
  const discount = cart.discountCents ?? 0;
  if (discount > 0) rows.push({ key: 'discount', label: 'Discount', amount: `−${fmt(discount)}`, cents: -discount });
  if (cart.requiresShipping) {
    const shipping = cart.shippingCostCents ?? 0;
    rows.push({ key: 'shipping', label: 'Shipping', amount: shipping === 0 ? 'Free' : fmt(shipping), cents: shipping });
  }
  const tax = cart.taxCents ?? 0;
  rows.push({ key: 'tax', label: 'Tax', amount: fmt(tax), cents: tax });
  const total = cart.grandTotalCents ?? cart.subtotalCents - discount + (cart.shippingCostCents ?? 0) + tax;
  rows.push({ key: 'total', label: 'Total', amount: fmt(total), cents: total });
  return rows;
}
