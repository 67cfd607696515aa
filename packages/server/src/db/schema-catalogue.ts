import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { products } from './schema.js';
import { updatedAt, websiteIdColumn } from './tables/columns.js';

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
