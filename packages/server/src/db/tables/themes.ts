import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './websites.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A theme installed on this server: its files as a zip, with a version bumped on each change (0190). */
export const themes = pgTable(
  'themes',
  {
    id: text('id').primaryKey(),
    /** The site a dashboard upload belongs to; null for a theme every site may use. */
    websiteId: text('website_id').references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    author: text('author').notNull().default(''),
    version: integer('version').notNull().default(1),
    hash: text('hash').notNull(),
    archive: bytea('archive').notNull(),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('themes_id_check', sql`${t.id} ~ '^[a-z0-9]([a-z0-9-]{0,94}[a-z0-9])?$'`),
    check('themes_version_check', sql`${t.version} > 0`),
    index('themes_website_idx').on(t.websiteId),
  ],
);
