/**
 * Drizzle table of the site's file library (migration 0212). `schema.test.ts` checks that it
 * agrees with the SQL.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './tables/columns.js';
import { websites } from './tables/websites.js';

/** An image in a site's file library: its name, copies, size in bytes and alt text. */
export const libraryFiles = pgTable(
  'library_files',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    assetUrl: text('asset_url').notNull(),
    srcset: text('srcset').notNull(),
    originalSize: text('original_size').notNull(),
    bytes: integer('bytes').notNull(),
    altText: text('alt_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('library_files_site_idx').on(t.websiteId, t.createdAt.desc(), t.id.desc())],
);
