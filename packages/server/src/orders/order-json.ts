import { money, type Money, type SubscriptionPlan } from '@emporium/commerce';
import { and, asc, eq } from 'drizzle-orm';
import { giftCards, orderCheckoutDetails, orderItems, orders } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** One order line as pages and the checkout response show it. */
export interface OrderItemJson {
  itemId: string;
  sku: string | null;
  productName: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
  additionalFields: unknown;
}

/**
 * An order for the confirmation (page type 202) and order status (211) pages and the checkout
 * response. Spec 3 Order fields (id, purchasedCartId, testMode, websiteId, items, grandTotal,
 * shippingTotal, taxTotal) plus what the pages show. Money is in minor units.
 */
export interface OrderJson {
  id: string;
  orderNumber: number;
  websiteId: string;
  purchasedCartId: string | null;
  testMode: boolean;
  status: string;
  createdOn: number;
  customerEmail: string;
  shippingAddress: Record<string, unknown> | null;
  billingAddress: Record<string, unknown> | null;
  currency: string;
  items: OrderItemJson[];
  subtotal: Money;
  discountTotal: Money;
  shippingTotal: Money;
  taxTotal: Money;
  grandTotal: Money;
  coupons: unknown[];
  shippingOption: Record<string, unknown> | null;
  taxLines: unknown[];
  /** Gift card used to pay (code shown as its last four characters). */
  giftCardPayment: { codeEnding: string; amount: Money } | null;
  payment: Record<string, unknown>;
  /** Gift cards bought in this order, with their redeemable codes. */
  purchasedGiftCards: Array<{ code: string; amount: Money }>;
  /** The plan when the order is a subscription (spec 3 Subscription), else null. */
  subscription: SubscriptionPlan | null;
}

/**
 * Reads an order of one website for its pages, or null when the site has no such order
 * (an order id of another site is simply not found). Queries run one after another so the
 * function also works inside a transaction.
 */
export async function loadOrderForPage(db: DbOrTx, websiteId: string, orderId: string): Promise<OrderJson | null> {
  if (typeof orderId !== 'string' || !/^[0-9a-f]{32}$/.test(orderId)) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.websiteId, websiteId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const details = await db
    .select()
    .from(orderCheckoutDetails)
    .where(and(eq(orderCheckoutDetails.websiteId, websiteId), eq(orderCheckoutDetails.orderId, orderId)));
  const cards = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.sourceOrderId, orderId)))
    .orderBy(asc(giftCards.createdAt), asc(giftCards.code));
  const detail = details[0];
  const m = (cents: number) => money(cents, order.currency);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    websiteId: order.websiteId,
    purchasedCartId: order.purchasedCartId,
    testMode: order.testMode,
    status: order.status,
    createdOn: order.createdAt.getTime(),
    customerEmail: order.customerEmail,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    currency: order.currency,
    items: lines.map((l) => ({
      itemId: l.itemId,
      sku: l.sku,
      productName: l.productName,
      quantity: l.quantity,
      unitPrice: m(l.unitPriceCents),
      lineTotal: m(l.unitPriceCents * l.quantity),
      additionalFields: l.additionalFields ?? null,
    })),
    subtotal: m(order.subtotalCents),
    discountTotal: m(order.discountCents),
    shippingTotal: m(order.shippingCents),
    taxTotal: m(order.taxCents),
    grandTotal: m(order.grandTotalCents),
    coupons: detail?.coupons ?? [],
    shippingOption: detail?.shippingOption ?? null,
    taxLines: detail?.taxLines ?? [],
    giftCardPayment: detail?.giftCardCode && detail.giftCardCents > 0 ? { codeEnding: detail.giftCardCode.slice(-4), amount: m(detail.giftCardCents) } : null,
    payment: detail?.payment ?? {},
    purchasedGiftCards: cards.map((c) => ({ code: c.code, amount: m(c.initialCents) })),
    subscription: (order.subscription as SubscriptionPlan | null) ?? null,
  };
}
