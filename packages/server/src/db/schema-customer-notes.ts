/**
 * Drizzle tables of the owner's notes and tags on customer accounts (migration 0216).
 * `schema.test.ts` checks that they agree with the SQL.
 */
import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, websiteIdColumn } from './tables/columns.js';
import { siteUsers } from './schema-site-users.js';

/** A note an owner wrote about a customer: internal to the dashboard, deleted with the account. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id').notNull(),
    body: text('body').notNull(),
    authorOwnerId: text('author_owner_id'),
    authorEmail: text('author_email'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'customer_notes_user_fk', columns: [t.websiteId, t.siteUserId], foreignColumns: [siteUsers.websiteId, siteUsers.id] }).onDelete(
      'cascade',
    ),
    index('customer_notes_user_idx').on(t.websiteId, t.siteUserId, t.createdAt.desc()),
  ],
);

/** A short label an owner put on a customer (unique per customer whatever the case). */
export const customerTags = pgTable(
  'customer_tags',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id').notNull(),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'customer_tags_user_fk', columns: [t.websiteId, t.siteUserId], foreignColumns: [siteUsers.websiteId, siteUsers.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('customer_tags_user_tag_key').on(t.websiteId, t.siteUserId, sql`lower(${t.tag})`),
    index('customer_tags_tag_idx').on(t.websiteId, sql`lower(${t.tag})`),
  ],
);
