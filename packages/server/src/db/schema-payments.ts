import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './tables/columns.js';
import { orders, websites } from './schema.js';

/** An order's payment as its provider reported it (`orders.payment_status`). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'partially_refunded', 'disputed'] as const;
/** One of {@link PAYMENT_STATUSES}. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A site's connected provider account; the secret key and webhook secret are sealed with the server's key. */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe'>().notNull(),
    publishableKey: text('publishable_key').notNull(),
    secretKeySealed: text('secret_key_sealed').notNull(),
    webhookSecretSealed: text('webhook_secret_sealed').notNull(),
    testMode: boolean('test_mode').notNull(),
    accountCountry: text('account_country').notNull().default(''),
    connectedBy: text('connected_by').notNull().default(''),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_accounts_pkey', columns: [t.websiteId, t.provider] })],
);

/** A provider event, stored once by its id: a replayed delivery finds it and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    objectId: text('object_id').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_events_pkey', columns: [t.websiteId, t.provider, t.eventId] })],
);

/** State of a checkout attempt's payment. */
export type PaymentAttemptStatus = 'pending' | 'succeeded' | 'failed' | 'expired' | 'replaced';

/** One checkout attempt paid through a provider's intent: the pending order, its stock held until the attempt ends. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    cartId: text('cart_id').notNull(),
    orderId: text('order_id').notNull(),
    provider: text('provider').notNull(),
    pricingHash: text('pricing_hash').notNull(),
    intentId: text('intent_id').notNull().default(''),
    /** What completing the order needs once paid (the priced cart and checkout input, as JSON). */
    orderRecord: jsonb('order_record').$type<Record<string, unknown>>().notNull(),
    /** What the attempt holds until it ends: stock per variant, coupon uses and the part of a gift card's balance it pays. */
    holds: jsonb('holds').$type<{ stock: Array<[string, number]>; couponIds: string[]; giftCard?: { id: string; amountCents: number } }>().notNull(),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'payment_attempts_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('payment_attempts_open_cart_key').on(t.websiteId, t.cartId).where(sql`status = 'pending'`),
    index('payment_attempts_intent_idx').on(t.websiteId, t.provider, t.intentId),
  ],
);

/** What started a reconciliation run: the hourly job, or an owner asking for it now. */
export type ReconciliationTrigger = 'schedule' | 'owner';

/** One comparison of a site's recent orders with their payment providers. */
export const paymentReconciliationRuns = pgTable(
  'payment_reconciliation_runs',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<ReconciliationTrigger>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ordersChecked: integer('orders_checked').notNull().default(0),
    /** Orders whose provider could not be asked (not connected any more, or it does not answer lookups). */
    ordersUnchecked: integer('orders_unchecked').notNull().default(0),
    differencesNew: integer('differences_new').notNull().default(0),
    differencesResolved: integer('differences_resolved').notNull().default(0),
    /** Why the run stopped early (the provider did not answer), or null. */
    failure: text('failure'),
  },
  (t) => [index('payment_reconciliation_runs_site_idx').on(t.websiteId, t.startedAt.desc())],
);

/** What a difference is about: the payment's state, the amount received, the refunds, a dispute, or a payment the provider does not know. */
export const PAYMENT_DIFFERENCE_KINDS = ['status', 'amount', 'refunds', 'dispute', 'missing'] as const;
/** One of {@link PAYMENT_DIFFERENCE_KINDS}. */
export type PaymentDifferenceKind = (typeof PAYMENT_DIFFERENCE_KINDS)[number];

/**
 * A difference between an order and its provider, open until a run no longer finds it. Amounts
 * are minor units written as text; statuses are the words of each side.
 */
export const paymentDifferences = pgTable(
  'payment_differences',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    kind: text('kind').$type<PaymentDifferenceKind>().notNull(),
    provider: text('provider').notNull(),
    paymentRef: text('payment_ref').notNull(),
    currency: text('currency').notNull(),
    ourValue: text('our_value').notNull(),
    providerValue: text('provider_value').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    foundRunId: text('found_run_id').references(() => paymentReconciliationRuns.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedRunId: text('resolved_run_id').references(() => paymentReconciliationRuns.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({ name: 'payment_differences_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    uniqueIndex('payment_differences_open_key').on(t.websiteId, t.orderId, t.kind).where(sql`resolved_at IS NULL`),
    index('payment_differences_site_idx').on(t.websiteId, t.foundAt.desc()),
  ],
);
