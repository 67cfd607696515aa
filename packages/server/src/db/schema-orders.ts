import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, websiteIdColumn } from './tables/columns.js';
import { orders } from './tables/commerce.js';

/** What can happen to an order after it was placed, as its timeline shows it. */
export const ORDER_EVENT_KINDS = ['FULFILLED', 'CANCELLED', 'REFUNDED', 'REFUND_FAILED', 'NOTE'] as const;
/** One of {@link ORDER_EVENT_KINDS}. */
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** One entry of an order's timeline: a fulfilment, cancellation, refund, refused refund or an owner's note. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    orderId: text('order_id').notNull(),
    kind: text('kind').$type<OrderEventKind>().notNull(),
    message: text('message').notNull().default(''),
    amountCents: integer('amount_cents'),
    /** Who did it: the owner's email, or null for the break-glass token or site password. */
    actor: text('actor'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'order_events_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('order_events_order_idx').on(t.websiteId, t.orderId, t.createdAt),
  ],
);

/** Where a refund stands: asked of the provider (`pending`), paid out (`succeeded`) or refused (`failed`). */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
/** One of {@link REFUND_STATES}. */
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Money given back on an order. Succeeded and pending refunds together never exceed what the
 * order's payment can give back; a failed refund gives back nothing.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    orderId: text('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    actor: text('actor'),
    createdAt: createdAt(),
    state: text('state').$type<RefundState>().notNull().default('pending'),
    /** The provider asked to pay it out; null when no provider took a payment (a gift card paid everything). */
    provider: text('provider'),
    providerRefundId: text('provider_refund_id'),
    /** Sent with every request to the provider for this refund, so a retry never pays out twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's reason for refusing (a failed refund). */
    failureMessage: text('failure_message'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    foreignKey({ name: 'order_refunds_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('order_refunds_order_idx').on(t.websiteId, t.orderId),
    uniqueIndex('order_refunds_idempotency_key').on(t.websiteId, t.idempotencyKey),
    index('order_refunds_pending_idx').on(t.createdAt).where(sql`state = 'pending'`),
  ],
);

/** The shipment of an order: its tracking number and carrier. */
export const orderFulfilments = pgTable(
  'order_fulfilments',
  {
    websiteId: websiteIdColumn(),
    orderId: text('order_id').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    carrier: text('carrier').notNull().default(''),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'order_fulfilments_pkey', columns: [t.websiteId, t.orderId] }),
    foreignKey({ name: 'order_fulfilments_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
  ],
);
