import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, websiteIdColumn } from './tables/columns.js';
import { orders } from './tables/commerce.js';

/** What can happen to an order after it was placed, as its timeline shows it. */
export const ORDER_EVENT_KINDS = ['FULFILLED', 'CANCELLED', 'REFUNDED', 'NOTE'] as const;
/** One of {@link ORDER_EVENT_KINDS}. */
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** One entry of an order's timeline: a fulfilment, cancellation, refund or an owner's note. */
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

/** Money given back on an order (test mode); their sum never exceeds the order's grand total. */
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
  },
  (t) => [
    foreignKey({ name: 'order_refunds_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('order_refunds_order_idx').on(t.websiteId, t.orderId),
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
