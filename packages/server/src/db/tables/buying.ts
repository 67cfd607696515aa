import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts, orders } from './commerce.js';
import { createdAt, idColumn, websiteIdColumn } from './columns.js';
import { websites } from './websites.js';

/** A shipping rate offered at checkout; `countries` empty means everywhere. */
export const shippingOptions = pgTable(
  'shipping_options',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    freeOverCents: integer('free_over_cents').notNull().default(0),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    displayIndex: integer('display_index').notNull().default(0),
    createdAt: createdAt(),
    /** Turned off by the owner: kept, but carts and checkout ignore it. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    unique('shipping_options_website_id_key').on(t.websiteId, t.id),
    index('shipping_options_website_idx').on(t.websiteId, t.displayIndex),
    check('shipping_options_money_check', sql`${t.priceCents} >= 0 and ${t.freeOverCents} >= 0`),
  ],
);

/** A tax rate for a country (and optionally a region); empty country means everywhere. */
export const taxRules = pgTable(
  'tax_rules',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull().default(''),
    region: text('region').notNull().default(''),
    /** Thousandths of a percent (8875 = 8.875 %). */
    rateThousandths: integer('rate_thousandths').notNull(),
    appliesToShipping: boolean('applies_to_shipping').notNull().default(false),
    createdAt: createdAt(),
    /** Turned off by the owner: kept, but carts and checkout ignore it. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('tax_rules_website_idx').on(t.websiteId), check('tax_rules_rate_check', sql`${t.rateThousandths} between 0 and 100000`)],
);

/** Coupon kinds: a percentage of the subtotal, a fixed amount, or free shipping. */
export const COUPON_KINDS = ['PERCENT', 'FIXED', 'FREE_SHIPPING'] as const;
/** One of {@link COUPON_KINDS}. */
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A discount code; `times_used` is raised by a guarded update when an order uses it. */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    amount: integer('amount').notNull().default(0),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    maxUses: integer('max_uses'),
    timesUsed: integer('times_used').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_website_code_key').on(t.websiteId, sql`upper(${t.code})`),
    check('coupons_kind_check', sql`${t.kind} in ('PERCENT', 'FIXED', 'FREE_SHIPPING')`),
  ],
);

/** A redeemable gift card created when a gift card product is bought. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    currency: text('currency').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    sourceOrderId: text('source_order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_website_code_key').on(t.websiteId, t.code),
    index('gift_cards_order_idx').on(t.websiteId, t.sourceOrderId),
    check('gift_cards_balance_check', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialCents}`),
  ],
);

/** Last order number handed out per site (row-locked while an order is placed). */
export const orderCounters = pgTable('order_counters', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/** What an order was priced with: coupons, shipping option, tax lines, gift card and payment. */
export const orderCheckoutDetails = pgTable(
  'order_checkout_details',
  {
    websiteId: websiteIdColumn(),
    orderId: text('order_id').notNull(),
    coupons: jsonb('coupons').$type<unknown[]>().notNull().default([]),
    shippingOption: jsonb('shipping_option').$type<Record<string, unknown> | null>(),
    taxLines: jsonb('tax_lines').$type<unknown[]>().notNull().default([]),
    giftCardCode: text('gift_card_code'),
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    payment: jsonb('payment').$type<Record<string, unknown>>().notNull().default({}),
    /** The outbox row of the order's confirmation mail. */
    receiptMailId: text('receipt_mail_id'),
  },
  (t) => [
    primaryKey({ name: 'order_checkout_details_pkey', columns: [t.websiteId, t.orderId] }),
    foreignKey({
      name: 'order_checkout_details_order_fk',
      columns: [t.websiteId, t.orderId],
      foreignColumns: [orders.websiteId, orders.id],
    }).onDelete('cascade'),
  ],
);

/** A one-entry cart made for a subscription purchase, reached by its token. */
export const subscriptionCarts = pgTable(
  'subscription_carts',
  {
    token: text('token').primaryKey(),
    websiteId: websiteIdColumn(),
    cartId: text('cart_id').notNull(),
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'subscription_carts_cart_fk',
      columns: [t.websiteId, t.cartId],
      foreignColumns: [carts.websiteId, carts.id],
    }).onDelete('cascade'),
    index('subscription_carts_cart_idx').on(t.websiteId, t.cartId),
  ],
);
