import type { SubscriptionPlan } from '@emporium/commerce';
import { variantOptionsText } from '../../checkout/index.js';
import type { findOrder } from '../queries.js';
import { planContext } from './plan-context.js';
import { contextMoney } from './product-context.js';
import type { ContextMoney } from './schemas.js';

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** One order line as pages show it: the variant's options, unit price and line total (unit price times quantity). */
export interface OrderLineContext {
  sku: string | null;
  productName: string;
  /** 'Colour: Sage, Size: M'; absent for a product without options. */
  variantText?: string;
  quantity: number;
  unitPrice: ContextMoney;
  lineTotal: ContextMoney;
}

/**
 * The lines and the money of an order, shared by the order confirmed (202) and order status
 * (211) pages: subtotal, discount, shipping (with the chosen option's name), tax, total, the
 * part paid by gift card and the amount charged. Parts that are zero and optional are left
 * out, so `{.section discountTotal}` shows only a real discount.
 */
export function orderSummaryContext({ order, lines, details }: FoundOrder, locale: string): Record<string, unknown> {
  const currency = order.currency;
  const items: OrderLineContext[] = lines.map((l) => ({
    sku: l.sku,
    productName: l.productName,
    ...(variantOptionsText(l.variantOptions) ? { variantText: variantOptionsText(l.variantOptions) } : {}),
    quantity: l.quantity,
    unitPrice: contextMoney(l.unitPriceCents, currency),
    lineTotal: contextMoney(l.unitPriceCents * l.quantity, currency),
  }));
  const giftCardCents = Math.min(details?.giftCardCents ?? 0, order.grandTotalCents);
  const shippingName = details?.shippingOption?.name;
  const plan = order.subscription as SubscriptionPlan | null;
  const unitTotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return {
    items,
    subtotal: contextMoney(order.subtotalCents, currency),
    ...(order.discountCents > 0 ? { discountTotal: contextMoney(order.discountCents, currency) } : {}),
    shippingTotal: contextMoney(order.shippingCents, currency),
    ...(typeof shippingName === 'string' && shippingName !== '' ? { shippingName } : {}),
    taxTotal: contextMoney(order.taxCents, currency),
    grandTotal: contextMoney(order.grandTotalCents, currency),
    ...(giftCardCents > 0
      ? { giftCardTotal: contextMoney(giftCardCents, currency), amountCharged: contextMoney(order.grandTotalCents - giftCardCents, currency) }
      : {}),
    ...(plan ? { subscription: planContext(plan, unitTotal, currency, locale) } : {}),
  };
}
