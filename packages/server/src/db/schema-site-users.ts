/**
 * Drizzle tables of site users (a site's customer accounts, migrations 0001 and 0201):
 * accounts, sessions, mailed tokens and each site's switch. `schema.test.ts` checks that they
 * agree with the SQL.
 */
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './tables/columns.js';
import { websites } from './tables/websites.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A visitor account of one site (spec 6: site users); no password when it signs in by mail only. */
export const siteUsers = pgTable(
  'site_users',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull().default(''),
    role: integer('role').notNull().default(14),
    locale: text('locale'),
    emailVerifiedAt: at('email_verified_at'),
    lastSignInAt: at('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('site_users_website_email_key').on(t.websiteId, sql`lower(${t.email})`), unique('site_users_website_id_key').on(t.websiteId, t.id)],
);

/** A signed-in site-user session; `token_hash` is the sha256 of the session cookie's value. */
export const siteUserSessions = pgTable(
  'site_user_sessions',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Sent back by the browser as `X-SiteUser-XSRF-Token` on every account change. */
    xsrfToken: text('xsrf_token').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'site_user_sessions_user_fk',
      columns: [t.websiteId, t.siteUserId],
      foreignColumns: [siteUsers.websiteId, siteUsers.id],
    }).onDelete('cascade'),
    uniqueIndex('site_user_sessions_token_key').on(t.tokenHash),
    index('site_user_sessions_user_idx').on(t.websiteId, t.siteUserId),
    index('site_user_sessions_expiry_idx').on(t.expiresAt),
  ],
);

/** What a mailed site-user token does. */
export const SITE_USER_TOKEN_PURPOSES = ['verify', 'reset', 'sign-in'] as const;
/** One of {@link SITE_USER_TOKEN_PURPOSES}. */
export type SiteUserTokenPurpose = (typeof SITE_USER_TOKEN_PURPOSES)[number];

/** A mailed token (only its sha256 is kept); a sign-in link also has a code, usable in another browser. */
export const siteUserTokens = pgTable(
  'site_user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id').notNull(),
    purpose: text('purpose').$type<SiteUserTokenPurpose>().notNull(),
    codeHash: text('code_hash'),
    uses: integer('uses').notNull().default(0),
    maxUses: integer('max_uses').notNull(),
    codeFailures: integer('code_failures').notNull().default(0),
    firstUsedAt: at('first_used_at'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'site_user_tokens_user_fk',
      columns: [t.websiteId, t.siteUserId],
      foreignColumns: [siteUsers.websiteId, siteUsers.id],
    }).onDelete('cascade'),
    index('site_user_tokens_user_idx').on(t.websiteId, t.siteUserId, t.purpose),
    index('site_user_tokens_expiry_idx').on(t.expiresAt),
  ],
);

/** A site's site-user switch: accounts stay off until an owner turns them on. */
export const siteUserSettings = pgTable('site_user_settings', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  accountsEnabled: boolean('accounts_enabled').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A saved postal address of a site user (migration 0211), offered at checkout; it goes with the account. */
export const siteUserAddresses = pgTable(
  'site_user_addresses',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id').notNull(),
    address: jsonb('address').$type<Record<string, string>>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'site_user_addresses_user_fk',
      columns: [t.websiteId, t.siteUserId],
      foreignColumns: [siteUsers.websiteId, siteUsers.id],
    }).onDelete('cascade'),
    index('site_user_addresses_user_idx').on(t.websiteId, t.siteUserId),
  ],
);
