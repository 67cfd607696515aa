import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { items } from './content.js';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './columns.js';
import { websites } from './websites.js';

/** One option of a variant as an order line keeps it: `{ name: 'Size', value: 'M' }`. */
export interface VariantOption {
  name: string;
  value: string;
}

/** Product facts for a store item (record type 11); `item_id` is the item's id. */
export const products = pgTable(
  'products',
  {
    itemId: text('item_id').primaryKey(),
    websiteId: websiteIdColumn(),
    productType: integer('product_type').notNull().default(1),
    isSubscribable: boolean('is_subscribable').notNull().default(false),
    subscriptionPlan: jsonb('subscription_plan').$type<Record<string, unknown> | null>(),
    additionalFieldsFormId: text('additional_fields_form_id'),
    useCustomAddButtonText: boolean('use_custom_add_button_text').notNull().default(false),
    customAddButtonText: text('custom_add_button_text').notNull().default(''),
    variantOptionOrdering: text('variant_option_ordering').array().notNull().default(sql`'{}'::text[]`),
    merchandising: jsonb('merchandising').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'products_item_fk',
      columns: [t.websiteId, t.itemId],
      foreignColumns: [items.websiteId, items.id],
    }).onDelete('cascade'),
    unique('products_website_item_key').on(t.websiteId, t.itemId),
    check('products_type_check', sql`${t.productType} between 1 and 5`),
  ],
);

/** A purchasable variant; prices in minor units, stock guarded by a CHECK. */
export const variants = pgTable(
  'variants',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    productId: text('product_id').notNull(),
    sku: text('sku').notNull(),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    qtyInStock: integer('qty_in_stock').notNull().default(0),
    unlimited: boolean('unlimited').notNull().default(false),
    weightGrams: integer('weight_grams').notNull().default(0),
    displayIndex: integer('display_index').notNull().default(0),
    /** One of the product's photos (an id in its item's `structured_content.images`) shown when the variant is chosen (migration 0102). */
    imageId: text('image_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'variants_product_fk',
      columns: [t.websiteId, t.productId],
      foreignColumns: [products.websiteId, products.itemId],
    }).onDelete('cascade'),
    uniqueIndex('variants_website_sku_key').on(t.websiteId, t.sku),
    unique('variants_website_id_key').on(t.websiteId, t.id),
    index('variants_product_idx').on(t.websiteId, t.productId),
    check('variants_qty_in_stock_check', sql`${t.qtyInStock} >= 0`),
    check('variants_price_check', sql`${t.priceCents} >= 0 and ${t.salePriceCents} >= 0`),
  ],
);

/** A visitor's shopping cart. Totals are derived from entries by the commerce rules. */
export const carts = pgTable(
  'carts',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    siteUserId: text('site_user_id'),
    orderId: text('order_id'),
    isPurchased: boolean('is_purchased').notNull().default(false),
    coupons: jsonb('coupons').$type<unknown[]>().notNull().default([]),
    shippingLocation: jsonb('shipping_location').$type<Record<string, unknown> | null>(),
    selectedShippingOption: jsonb('selected_shipping_option').$type<Record<string, unknown> | null>(),
    /** The language of the page the latest add was made from (decision 0052). */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('carts_website_id_key').on(t.websiteId, t.id)],
);

/** One line of a cart. */
export const cartEntries = pgTable(
  'cart_entries',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    cartId: text('cart_id').notNull(),
    itemId: text('item_id').notNull(),
    variantId: text('variant_id'),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    purchasePriceCents: integer('purchase_price_cents').notNull().default(0),
    additionalFields: jsonb('additional_fields').$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'cart_entries_cart_fk',
      columns: [t.websiteId, t.cartId],
      foreignColumns: [carts.websiteId, carts.id],
    }).onDelete('cascade'),
    index('cart_entries_cart_idx').on(t.websiteId, t.cartId),
    check('cart_entries_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** A placed order; money in minor units of `currency`. */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    orderNumber: integer('order_number').notNull(),
    purchasedCartId: text('purchased_cart_id'),
    testMode: boolean('test_mode').notNull().default(false),
    status: text('status').notNull().default('PENDING'),
    /** The payment as the provider reported it: pending, paid, failed, refunded, partially_refunded or disputed. */
    paymentStatus: text('payment_status').notNull().default('paid'),
    customerEmail: text('customer_email').notNull().default(''),
    shippingAddress: jsonb('shipping_address').$type<Record<string, unknown> | null>(),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown> | null>(),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    grandTotalCents: integer('grand_total_cents').notNull().default(0),
    createdAt: createdAt(),
    /** The plan when the order is a subscription: {billingPeriod {value, unit}, numBillingCycles} (0 = indefinite). */
    subscription: jsonb('subscription').$type<Record<string, unknown> | null>(),
    /** Secret of the order status page link (page type 211). */
    statusToken: text('status_token'),
    /** The visitor's language: its mails are written in it (decision 0052). */
    language: text('language'),
  },
  (t) => [
    uniqueIndex('orders_status_token_key').on(t.statusToken),
    uniqueIndex('orders_website_number_key').on(t.websiteId, t.orderNumber),
    unique('orders_website_id_key').on(t.websiteId, t.id),
    check('orders_money_check', sql`${t.grandTotalCents} >= 0`),
  ],
);

/** One line of an order (price captured at purchase). */
export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    orderId: text('order_id').notNull(),
    itemId: text('item_id').notNull(),
    variantId: text('variant_id'),
    sku: text('sku'),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    additionalFields: jsonb('additional_fields').$type<unknown>(),
    /** The bought variant's options in the product's option order; null when the variant is unknown. */
    variantOptions: jsonb('variant_options').$type<VariantOption[]>(),
  },
  (t) => [
    foreignKey({
      name: 'order_items_order_fk',
      columns: [t.websiteId, t.orderId],
      foreignColumns: [orders.websiteId, orders.id],
    }).onDelete('cascade'),
    index('order_items_order_idx').on(t.websiteId, t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Stored results of idempotent requests (checkout), keyed per site and scope. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.websiteId, t.scope, t.key] })],
);
