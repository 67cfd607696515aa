/**
 * Drizzle schema of the Emporium database. The SQL in `migrations/` is the source of truth
 * for the database; `schema.test.ts` checks that both agree.
 */
export * from './tables/websites.js';
export * from './tables/content.js';
export * from './tables/commerce.js';
export * from './tables/forms.js';
export * from './tables/platform.js';
export { siteUsers, siteUserSessions } from './schema-site-users.js';
export * from './tables/buying.js';
export * from './tables/forms-security.js';
export * from './tables/engagement.js';
export * from './tables/downloads.js';
export * from './tables/themes.js';
export * from './tables/drafts.js';
