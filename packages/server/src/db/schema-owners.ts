/**
 * Drizzle tables of owner accounts, their sessions and tokens, and the audit log (migrations
 * 0090-0094). `schema-owners.test.ts` checks that they agree with the SQL.
 */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, websiteIdColumn } from './tables/columns.js';
import { websites } from './tables/websites.js';

/** One change on a site: who (owner account, or null for the token and the command line), what and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_website_idx').on(t.websiteId, t.createdAt.desc(), t.id.desc())],
);
