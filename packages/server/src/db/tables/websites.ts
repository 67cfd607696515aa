import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SiteLanguagesSetting } from '../schema-multilingual.js';
import { createdAt, idColumn, updatedAt } from './columns.js';

/** Commerce settings kept in `websites.settings.commerce`. */
export interface CommerceSettings {
  storeName?: string;
  multipleQuantityAllowedForServices?: boolean;
  checkoutMinimumCents?: number;
  taxRatePercent?: number;
  flatShippingCents?: number;
  testMode?: boolean;
}

/** Website-wide settings kept as JSON; defaults are applied by `withSettingsDefaults`. */
export interface WebsiteSettings {
  timeZone?: string;
  currency?: string;
  locale?: string;
  theme?: string;
  commentsEnabled?: boolean;
  simpleLikingEnabled?: boolean;
  useCLDRMoneyFormat?: boolean;
  restrictiveCookiePolicy?: boolean;
  captchaSiteKey?: string;
  navigation?: unknown;
  headerFooter?: unknown;
  /** The site's languages (`/api/multilingual`); absent: the one language of `locale`. */
  languages?: SiteLanguagesSetting;
  commerce?: CommerceSettings;
  [key: string]: unknown;
}

/** A tenant: one site with its own content, store and visitors. */
export const websites = pgTable(
  'websites',
  {
    id: idColumn(),
    identifier: text('identifier').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    siteStatus: integer('site_status').notNull().default(8),
    settings: jsonb('settings').$type<WebsiteSettings>().notNull().default({}),
    /** Bumped by triggers on every write to collections, forms, shipping options and tax rules (site-cache key). */
    contentVersion: integer('content_version').notNull().default(0),
    /** Bumped at commit by every write a storefront page shows (0078; page-cache key). */
    pageVersion: integer('page_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('websites_identifier_key').on(t.identifier),
    check('websites_identifier_format', sql`${t.identifier} ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'`),
  ],
);

/** Custom domains mapped to a website (stored lower-case, without port). */
export const websiteDomains = pgTable(
  'website_domains',
  {
    domain: text('domain').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('website_domains_website_idx').on(t.websiteId)],
);

/** Namespaced commerce preferences (spec 7: /api/v1/commerce-preferences/{namespace}). */
export const commercePreferences = pgTable(
  'commerce_preferences',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'commerce_preferences_pkey', columns: [t.websiteId, t.namespace] })],
);
