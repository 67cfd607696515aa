import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

/** SQL expression that generates the 32-hex-character ids used for every entity. */
export const newIdSql = sql`replace(gen_random_uuid()::text, '-', '')`;

/** Text primary key filled by the database with a random 32-hex-character id. */
export const idColumn = () => text('id').primaryKey().default(newIdSql);

/** `website_id` column required on every site-owned row. */
export const websiteIdColumn = () => text('website_id').notNull();

/** `created_at` timestamp (with time zone) defaulting to now(). */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** `updated_at` timestamp (with time zone) defaulting to now(). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
