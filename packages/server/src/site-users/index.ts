/**
 * Site users: a site's customer accounts. Registration with a confirmed address, sign-in by
 * password or by a mailed link and code, password reset, sign-out here and everywhere, account
 * deletion and language; sessions in the database with the spec's XSRF header and
 * `SiteUserInfo` cookie; the guest cart handed to the account on sign-in and an account's cart served only to its session; the owner's switch;
 * the site's own account pages with the person's orders, subscriptions and a download of their data;
 * erasure on request (the person's or an owner's) and the dashboard's Customers calls.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerAccountRecordApi } from './account-records-api.js';
import { registerSiteUserApi } from './api-routes.js';
import { registerCartOwnerGuard } from './cart-owner-guard.js';
import { registerDataExport } from './data-export.js';
import { registerCustomerRoutes } from './owner-customers.js';
import { registerSiteUserOwnerRoutes } from './owner-routes.js';
import { registerSiteUserPages } from './page-routes.js';
import type { SiteUserDeps } from './accounts.js';

/** Options of {@link registerSiteUsers}. */
export interface SiteUserOptions {
  /** Called after mail is queued (wakes the outbox sender). */
  mailQueued: () => void;
  /** The clock of sessions and mailed links (tests move it). */
  now?: () => Date;
}

/** Registers the site users' calls, pages and owner settings. */
export function registerSiteUsers(app: FastifyInstance, deps: AppDeps, options: SiteUserOptions): void {
  const siteUserDeps: SiteUserDeps = {
    db: deps.db,
    config: deps.config,
    now: options.now ?? (() => new Date()),
    mailQueued: options.mailQueued,
    pageFallbacks: deps.pageFallbacks,
  };
  registerCartOwnerGuard(app, siteUserDeps);
  registerSiteUserApi(app, deps, siteUserDeps);
  registerSiteUserPages(app, siteUserDeps);
  registerDataExport(app, siteUserDeps);
  registerAccountRecordApi(app, siteUserDeps);
  registerSiteUserOwnerRoutes(app, deps);
  registerCustomerRoutes(app, deps, siteUserDeps.now);
}

export { SITE_USER_API, SITE_USER_MAIL_LIMIT } from './api-routes.js';
export { SITE_USER_DATA_PATH } from './data-export.js';
export { ADDRESSES_PATH, OWN_RESTOCK_PATH } from './account-records-api.js';
export { MAX_SAVED_ADDRESSES, AddressMessages, listAddresses, type SavedAddress } from './addresses.js';
export { ACCOUNT_ORDERS_PER_PAGE } from './account-orders.js';
export { ORDER_STATUS_TEXT } from './account-html.js';
export { SITE_USER_SETTINGS_PATH } from './owner-routes.js';
export { CUSTOMERS_PATH, CUSTOMER_NOT_FOUND } from './owner-customers.js';
export { eraseSiteUser, ERASED_EMAIL, ERASED_TEXT, type ErasureResult, type ErasureCounts } from './erasure.js';
export { SiteUserMessages } from './messages.js';
export { sessionOf, signedInGuard } from './guards.js';
export type { SiteUserDeps } from './accounts.js';
export { SITE_USER_COOKIE, SECURE_SITE_USER_COOKIE, SITE_USER_XSRF_HEADER, SITE_USER_SESSION_SECONDS, siteUserCookieName } from './session-store.js';
export { TOKEN_RULES, MAX_CODE_FAILURES } from './token-store.js';
export { readSiteUserSettings, saveSiteUserSettings, type SiteUserSettings } from './settings.js';
