import { sql } from 'drizzle-orm';
import { bigserial, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { products, variants } from './schema.js';
import { createdAt, updatedAt, websiteIdColumn } from './tables/columns.js';

/** The optimistic version and declared options of a product (migration 0100); no row means version 0. */
export const productRevisions = pgTable(
  'product_revisions',
  {
    websiteId: websiteIdColumn(),
    productId: text('product_id').notNull(),
    version: integer('version').notNull().default(1),
    /** Options as declared: [{ name, values }] in display order. */
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'product_revisions_pkey', columns: [t.websiteId, t.productId] }),
    foreignKey({ name: 'product_revisions_product_fk', columns: [t.websiteId, t.productId], foreignColumns: [products.websiteId, products.itemId] }).onDelete(
      'cascade',
    ),
    check('product_revisions_version_check', sql`${t.version} >= 1`),
  ],
);

/** Why a variant's stock changed. */
export const STOCK_REASONS = ['initial', 'order', 'cancel', 'refund', 'manual', 'import'] as const;
/** One of {@link STOCK_REASONS}. */
export type StockReason = (typeof STOCK_REASONS)[number];

/** One change of a variant's stock (migration 0101): why, by how much, the level after, and by whom. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: websiteIdColumn(),
    variantId: text('variant_id').notNull(),
    reason: text('reason').$type<StockReason>().notNull(),
    change: integer('change').notNull(),
    qtyAfter: integer('qty_after').notNull(),
    orderId: text('order_id'),
    note: text('note').notNull().default(''),
    ownerId: text('owner_id'),
    actorEmail: text('actor_email'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'stock_movements_variant_fk', columns: [t.websiteId, t.variantId], foreignColumns: [variants.websiteId, variants.id] }).onDelete(
      'cascade',
    ),
    check('stock_movements_reason_check', sql`${t.reason} in ('initial', 'order', 'cancel', 'refund', 'manual', 'import')`),
    check('stock_movements_qty_after_check', sql`${t.qtyAfter} >= 0`),
    index('stock_movements_variant_idx').on(t.websiteId, t.variantId, t.id),
  ],
);
