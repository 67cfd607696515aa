import type { SubscriptionPlan } from '@emporium/commerce';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './tables/columns.js';
import { orders, websites, type VariantOption } from './schema.js';

/** States of a subscription: billing (`active`), a declined renewal being retried (`past_due`), stopped by its customer or owner for now (`paused`), ended early (`cancelled`) or after its last cycle (`completed`). */
export const SUBSCRIPTION_STATES = ['active', 'past_due', 'paused', 'cancelled', 'completed'] as const;
/** One of {@link SUBSCRIPTION_STATES}. */
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** One line a renewal bills again: a copy of the first order's line. Money in minor units. */
export interface SubscriptionLine {
  itemId: string;
  variantId: string | null;
  sku: string | null;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  variantOptions: VariantOption[] | null;
}

/** A saved payment method as stored (the shape of the payment module's `SavedPaymentMethod`: references only, never the card). */
export interface StoredPaymentMethod {
  provider: string;
  customerRef: string;
  methodRef: string;
  summary: { brand?: string; last4?: string };
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A subscription bought at checkout: what each period bills, with which saved method, and when. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    firstOrderId: text('first_order_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    plan: jsonb('plan').$type<SubscriptionPlan>().notNull(),
    currency: text('currency').notNull(),
    /** What each period bills (the first order's grand total), in minor units of `currency`. */
    amountCents: integer('amount_cents').notNull(),
    lines: jsonb('lines').$type<SubscriptionLine[]>().notNull(),
    paymentMethod: jsonb('payment_method').$type<StoredPaymentMethod>().notNull(),
    state: text('state').$type<SubscriptionState>().notNull().default('active'),
    /** Cycles paid so far (the checkout's is the first; 0 during a free trial). */
    cyclesBilled: integer('cycles_billed').notNull().default(1),
    /** Cycle `anchorCycle` is due at `anchorAt`; each later cycle one billing period after the one before, counted from here. */
    anchorAt: at('anchor_at').notNull(),
    anchorCycle: integer('anchor_cycle').notNull().default(1),
    /** When the next cycle is due; null once the subscription has ended. */
    nextBillingAt: at('next_billing_at'),
    /** Declined charges of the cycle being retried. */
    dunningAttempts: integer('dunning_attempts').notNull().default(0),
    nextRetryAt: at('next_retry_at'),
    /** Secret of the customer's manage link. */
    manageToken: text('manage_token').notNull(),
    pausedAt: at('paused_at'),
    /** When it was cancelled or completed. */
    endedAt: at('ended_at'),
    /** The language of its first order: its mails are written in it (decision 0052). */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('subscriptions_website_id_id_key').on(t.websiteId, t.id),
    foreignKey({ name: 'subscriptions_first_order_fk', columns: [t.websiteId, t.firstOrderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('subscriptions_manage_token_key').on(t.manageToken),
    uniqueIndex('subscriptions_first_order_key').on(t.websiteId, t.firstOrderId),
    index('subscriptions_list_idx').on(t.websiteId, t.createdAt.desc(), t.id.desc()),
    index('subscriptions_due_idx').on(t.nextBillingAt).where(sql`state = 'active'`),
    index('subscriptions_retry_idx').on(t.nextRetryAt).where(sql`state = 'past_due'`),
    check('subscriptions_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Outcome of a renewal's latest attempt. */
export type RenewalOutcome = 'pending' | 'paid' | 'declined';

/** One renewal cycle of a subscription (unique per cycle): its latest attempt, its outcome and, once paid, its order. */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    subscriptionId: text('subscription_id').notNull(),
    cycle: integer('cycle').notNull(),
    orderId: text('order_id'),
    attempt: integer('attempt').notNull().default(1),
    outcome: text('outcome').$type<RenewalOutcome>().notNull().default('pending'),
    /** The provider's reason for a decline. */
    message: text('message').notNull().default(''),
    /** Who holds a pending attempt (a random value per claim) and since when. */
    claim: text('claim').notNull().default(''),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('subscription_renewals_cycle_key').on(t.websiteId, t.subscriptionId, t.cycle),
    foreignKey({
      name: 'subscription_renewals_subscription_fk',
      columns: [t.websiteId, t.subscriptionId],
      foreignColumns: [subscriptions.websiteId, subscriptions.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'subscription_renewals_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }),
  ],
);
