import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, websiteIdColumn } from './columns.js';
import { websites } from './websites.js';

/**
 * An owner's unpublished change of one editable thing of a site (a subject: `settings.navigation`,
 * `collection:{id}`...), with a version for optimistic concurrency. Visitors never see it; the
 * editor's preview does; publishing applies every draft of the site at once.
 */
export const siteDrafts = pgTable(
  'site_drafts',
  {
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.subject] })],
);

/** One change a release made: the subject and its published value before and after. */
export interface ReleaseChange {
  subject: string;
  before: unknown;
  after: unknown;
}

/** A publish of a site: every draft it made live, numbered per site, for history and restore. */
export const siteReleases = pgTable(
  'site_releases',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    publishedBy: text('published_by').notNull().default(''),
    changes: jsonb('changes').$type<ReleaseChange[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('site_releases_website_number_key').on(t.websiteId, t.number), index('site_releases_website_idx').on(t.websiteId)],
);
