import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, websiteIdColumn } from './columns.js';
import { orders } from './commerce.js';

/** A buyer's right to download a digital product's file: one row per order line, counting downloads up to a limit until an expiry. */
export const digitalDownloads = pgTable(
  'digital_downloads',
  {
    websiteId: websiteIdColumn(),
    orderItemId: text('order_item_id').notNull(),
    orderId: text('order_id').notNull(),
    itemId: text('item_id').notNull(),
    downloads: integer('downloads').notNull().default(0),
    maxDownloads: integer('max_downloads').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'digital_downloads_pkey', columns: [t.websiteId, t.orderItemId] }),
    foreignKey({ name: 'digital_downloads_order_fk', columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('digital_downloads_order_idx').on(t.websiteId, t.orderId),
    check('digital_downloads_count_check', sql`${t.downloads} >= 0 AND ${t.downloads} <= ${t.maxDownloads}`),
  ],
);
