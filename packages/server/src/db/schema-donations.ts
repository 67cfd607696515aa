import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './tables/columns.js';
import { orders, websites } from './schema.js';
import { subscriptions } from './schema-subscriptions.js';

/** How often a donation is given: once, or every month (renewed by the subscriptions module). */
export const DONATION_FREQUENCIES = ['once', 'monthly'] as const;
/** One of {@link DONATION_FREQUENCIES}. */
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

/** States of a donation: claimed and being paid (`pending`), paid, or refused by the provider (`failed`). */
export type DonationStatus = 'pending' | 'paid' | 'failed';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A site's donation settings; amounts in minor units of the store's currency. */
export const donationSettings = pgTable(
  'donation_settings',
  {
    websiteId: text('website_id')
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    suggestedAmounts: jsonb('suggested_amounts').$type<number[]>().notNull().default([]),
    allowCustom: boolean('allow_custom').notNull().default(true),
    minCents: integer('min_cents').notNull(),
    maxCents: integer('max_cents').notNull(),
    allowMonthly: boolean('allow_monthly').notNull().default(true),
    thankYou: text('thank_you').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [check('donation_settings_limits_check', sql`${t.maxCents} >= ${t.minCents}`)],
);

/** One donation: claimed by the donor's idempotency key, then paid (with its order) or failed. */
export const donations = pgTable(
  'donations',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the request that claimed the key: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    frequency: text('frequency').$type<DonationFrequency>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorName: text('donor_name').notNull().default(''),
    status: text('status').$type<DonationStatus>().notNull().default('pending'),
    /** The provider's reason when it failed. */
    message: text('message').notNull().default(''),
    /** Payment attempts made under the key (a failed one may be tried again). */
    attempt: integer('attempt').notNull().default(1),
    provider: text('provider').notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    orderId: text('order_id'),
    subscriptionId: text('subscription_id'),
    /** Secret of the contribution confirmed page's link (page type 204). */
    receiptToken: text('receipt_token').notNull(),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    /** The language of the page the donor gave from: the receipt is written in it (decision 0052). */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('donations_website_id_id_key').on(t.websiteId, t.id),
    unique('donations_website_id_idempotency_key_key').on(t.websiteId, t.idempotencyKey),
    foreignKey({ name: 'donations_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }),
    foreignKey({ name: 'donations_subscription_fk', columns: [t.websiteId, t.subscriptionId], foreignColumns: [subscriptions.websiteId, subscriptions.id] }),
    uniqueIndex('donations_receipt_token_key').on(t.receiptToken),
    index('donations_list_idx').on(t.websiteId, t.createdAt.desc(), t.id.desc()),
    check('donations_amount_check', sql`${t.amountCents} > 0`),
  ],
);
