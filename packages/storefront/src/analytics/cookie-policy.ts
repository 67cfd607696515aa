import { ANALYTICS_EXPIRATION_KEY, ANALYTICS_ID_KEY } from './analytics-id.js';
import { expireCookie, type CookieJar, type KeyValueStore } from './browser-storage.js';
import { SessionKeys } from './session-info.js';
import { SS_C_COOKIES, VisitorCookies } from './visitor-cookies.js';

/** What the page's body says about the site (`data-cookie-policy`, `data-cloneable`). */
export interface SitePolicyMarkup {
  cookiePolicy?: string;
  cloneable?: string;
}

/** Spec 6: the site's restrictive cookie policy applies; cloneable (template) sites always use it. */
export function isRestrictive(markup: SitePolicyMarkup): boolean {
  return markup.cookiePolicy === 'restrictive' || markup.cloneable === 'true';
}

/** Cookies that identify a visitor: the five ss_c cookies, the marketing, analytics and session ids. */
export const IDENTIFYING_COOKIES: readonly string[] = Object.freeze([...SS_C_COOKIES, VisitorCookies.MARKETING, ANALYTICS_ID_KEY, SessionKeys.SESSION_ID]);

/**
 * Spec 6 restrictive mode: clears the five ss_c visitor cookies, and every other identifying
 * cookie and local-storage entry a visit under the open policy may have left.
 */
export function clearIdentifyingState(jar: CookieJar, local: KeyValueStore | null): void {
  for (const name of IDENTIFYING_COOKIES) expireCookie(jar, name);
  try {
    local?.removeItem(ANALYTICS_ID_KEY);
    local?.removeItem(ANALYTICS_EXPIRATION_KEY);
  } catch {
    // storage refused: nothing can have been stored there either
  }
}
