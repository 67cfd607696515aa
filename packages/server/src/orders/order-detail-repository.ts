import { and, asc, eq, sql } from 'drizzle-orm';
import { orderCheckoutDetails, orderItems, orders, type VariantOption } from '../db/schema.js';
import { orderEvents, orderFulfilments, orderRefunds, type OrderEventKind, type RefundState } from '../db/schema-orders.js';
import type { PaymentStatus } from '../db/schema-payments.js';
import type { DbOrTx } from '../db/types.js';
import { providerPaymentOf, refundLimitCents } from './order-payment.js';

/** One entry of an order's timeline, oldest first; `PLACED` is the order itself. */
export interface OrderTimelineEntry {
  kind: 'PLACED' | OrderEventKind;
  at: string;
  message: string;
  amountCents: number | null;
  actor: string | null;
}

/** An order as the owner's detail view shows it. Money is in minor units of `currency`. */
export interface OrderDetail {
  id: string;
  orderNumber: number;
  createdAt: string;
  status: string;
  /** The payment as its provider reported it: pending, paid, failed, partially_refunded, refunded or disputed. */
  paymentStatus: PaymentStatus;
  testMode: boolean;
  currency: string;
  customer: { email: string; name: string };
  shippingAddress: Record<string, unknown> | null;
  billingAddress: Record<string, unknown> | null;
  lines: Array<{
    itemId: string;
    variantId: string | null;
    sku: string | null;
    productName: string;
    /** The bought variant's options in the product's option order; empty for a product without options. */
    variantOptions: VariantOption[];
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }>;
  totals: {
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    grandTotalCents: number;
    /** Refunds the provider paid out. */
    refundedCents: number;
    /** Refunds asked of the provider that it has not answered yet. */
    pendingRefundCents: number;
    refundableCents: number;
  };
  payment: {
    provider: string | null;
    brand: string | null;
    cardLast4: string | null;
    amountCents: number | null;
    giftCardCents: number;
    giftCardEnding: string | null;
  };
  shippingOption: Record<string, unknown> | null;
  coupons: unknown[];
  taxLines: unknown[];
  fulfilment: { trackingNumber: string; carrier: string; fulfilledAt: string } | null;
  refunds: OrderRefundJson[];
  timeline: OrderTimelineEntry[];
}

/** One refund of an order as the owner sees it. */
export interface OrderRefundJson {
  id: string;
  amountCents: number;
  reason: string;
  actor: string | null;
  createdAt: string;
  state: RefundState;
  provider: string | null;
  providerRefundId: string | null;
  /** The provider's reason, for a failed refund. */
  failureMessage: string | null;
  settledAt: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The customer's name from the shipping address, else the billing address ('' when neither has one). */
export function customerNameOf(order: { shippingAddress: Record<string, unknown> | null; billingAddress: Record<string, unknown> | null }): string {
  const address = order.shippingAddress ?? order.billingAddress;
  return [text(address?.firstName), text(address?.lastName)].filter(Boolean).join(' ');
}

/** Sums of an order's refunds that the provider paid out (`succeeded`) and that it has not answered yet (`pending`). */
export async function refundSumsOf(db: DbOrTx, websiteId: string, orderId: string): Promise<{ succeeded: number; pending: number }> {
  const [row] = await db
    .select({
      succeeded: sql<number>`coalesce(sum(${orderRefunds.amountCents}) filter (where ${orderRefunds.state} = 'succeeded'), 0)::int`,
      pending: sql<number>`coalesce(sum(${orderRefunds.amountCents}) filter (where ${orderRefunds.state} = 'pending'), 0)::int`,
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.websiteId, websiteId), eq(orderRefunds.orderId, orderId)));
  return { succeeded: Number(row?.succeeded ?? 0), pending: Number(row?.pending ?? 0) };
}

/**
 * The owner's view of one order of a site, or null when the site has no such order. Reads run
 * one after another so this also works inside a transaction.
 */
export async function loadOrderDetail(db: DbOrTx, websiteId: string, orderId: string): Promise<OrderDetail | null> {
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
  const [details] = await db
    .select()
    .from(orderCheckoutDetails)
    .where(and(eq(orderCheckoutDetails.websiteId, websiteId), eq(orderCheckoutDetails.orderId, orderId)));
  const [fulfilment] = await db
    .select()
    .from(orderFulfilments)
    .where(and(eq(orderFulfilments.websiteId, websiteId), eq(orderFulfilments.orderId, orderId)));
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.websiteId, websiteId), eq(orderRefunds.orderId, orderId)))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.websiteId, websiteId), eq(orderEvents.orderId, orderId)))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const sumOf = (state: RefundState) => refunds.reduce((sum, r) => (r.state === state ? sum + r.amountCents : sum), 0);
  const refundedCents = sumOf('succeeded');
  const pendingRefundCents = sumOf('pending');
  const payment = details?.payment ?? {};
  const limit = refundLimitCents(order.grandTotalCents, providerPaymentOf(payment));
  const paid = payment.amount as { value?: unknown } | undefined;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus as PaymentStatus,
    testMode: order.testMode,
    currency: order.currency,
    customer: { email: order.customerEmail, name: customerNameOf(order) },
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    lines: lines.map((l) => ({
      itemId: l.itemId,
      variantId: l.variantId,
      sku: l.sku,
      productName: l.productName,
      variantOptions: l.variantOptions ?? [],
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.unitPriceCents * l.quantity,
    })),
    totals: {
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      grandTotalCents: order.grandTotalCents,
      refundedCents,
      pendingRefundCents,
      refundableCents: Math.max(0, limit - refundedCents - pendingRefundCents),
    },
    payment: {
      provider: text(payment.provider),
      brand: text(payment.brand),
      cardLast4: text(payment.cardLast4),
      amountCents: typeof paid?.value === 'number' ? paid.value : null,
      giftCardCents: details?.giftCardCents ?? 0,
      giftCardEnding: details?.giftCardCode ? details.giftCardCode.slice(-4) : null,
    },
    shippingOption: details?.shippingOption ?? null,
    coupons: details?.coupons ?? [],
    taxLines: details?.taxLines ?? [],
    fulfilment: fulfilment
      ? { trackingNumber: fulfilment.trackingNumber, carrier: fulfilment.carrier, fulfilledAt: fulfilment.fulfilledAt.toISOString() }
      : null,
    refunds: refunds.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      reason: r.reason,
      actor: r.actor,
      createdAt: r.createdAt.toISOString(),
      state: r.state,
      provider: r.provider,
      providerRefundId: r.providerRefundId,
      failureMessage: r.failureMessage,
      settledAt: r.settledAt?.toISOString() ?? null,
    })),
    timeline: [
      {
        kind: 'PLACED' as const,
        at: order.createdAt.toISOString(),
        message: `Order #${order.orderNumber} placed`,
        amountCents: order.grandTotalCents,
        actor: null,
      },
      ...events.map((e) => ({ kind: e.kind, at: e.createdAt.toISOString(), message: e.message, amountCents: e.amountCents, actor: e.actor })),
    ],
  };
}
