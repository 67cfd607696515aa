import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from '../db/index.js';

/** One translated field of one subject in one language, with the hash of the source text it was made from (migration 0208). */
export const translations = pgTable(
  'translations',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    field: text('field').notNull(),
    text: text('text').notNull(),
    sourceHash: text('source_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.language, t.subjectType, t.subjectId, t.field] })],
);
