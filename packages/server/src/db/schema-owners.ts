/**
 * Drizzle tables of owner accounts, their sessions and tokens, and the audit log (migrations
 * 0090-0094). `schema-owners.test.ts` checks that they agree with the SQL.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './tables/columns.js';
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

/** Owner accounts: email (lower-cased, unique per site), argon2id password hash, role. */
export const owners = pgTable(
  'owners',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('owners_website_email_key').on(t.websiteId, t.email)],
);

/** Sessions of owner accounts; `token_hash` is the sha256 of the cookie's 256-bit value. */
export const ownerAccountSessions = pgTable(
  'owner_account_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('owner_account_sessions_owner_idx').on(t.ownerId), index('owner_account_sessions_expiry_idx').on(t.expiresAt)],
);

/** Single-use mailed tokens (password reset, invitation), stored as sha256. */
export const ownerTokens = pgTable(
  'owner_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset' | 'invitation'>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('owner_tokens_owner_idx').on(t.ownerId, t.purpose)],
);

/** Failed sign-ins per site and key ('account:<email>', 'ip:<address>') and the lock they earned. */
export const ownerSignInThrottle = pgTable(
  'owner_sign_in_throttle',
  {
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.key] })],
);

/** One-time links for a site's first owner (migration 0180); only the token's sha256 is kept. */
export const ownerSetupTokens = pgTable(
  'owner_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('owner_setup_tokens_website_idx').on(t.websiteId)],
);
