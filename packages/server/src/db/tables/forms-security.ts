import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, websiteIdColumn } from './columns.js';
import { websites } from './websites.js';

/** Proof-of-work captcha challenges; each is accepted once, before it expires. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: text('id').primaryKey(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    difficulty: integer('difficulty').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('captcha_challenges_expiry_idx').on(t.expiresAt), check('captcha_challenges_difficulty_check', sql`${t.difficulty} between 1 and 32`)],
);

/** Signed-in site-owner sessions of the /config pages; `token_hash` is a hash of the cookie value. */
export const ownerSessions = pgTable(
  'owner_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('owner_sessions_website_idx').on(t.websiteId, t.expiresAt)],
);
