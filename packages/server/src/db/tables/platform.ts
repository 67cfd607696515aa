import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, websiteIdColumn } from './columns.js';
import { websites } from './websites.js';

/** Outgoing mail, written in the same transaction as the change that causes it. */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull().default(''),
    htmlBody: text('html_body').notNull().default(''),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt), check('outbox_status_check', sql`${t.status} in ('pending','sending','sent','failed')`)],
);

/** Tracking, census, performance and JavaScript-error records (spec 7 Tracking). */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    name: text('name').notNull().default(''),
    visitorId: text('visitor_id'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_events_website_idx').on(t.websiteId, t.source, t.createdAt)],
);

/** Secrets the server keeps for itself (the crumb signing key), one row per name. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
