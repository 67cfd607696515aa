import type { KeyValueStore } from './browser-storage.js';
import { mayTrackEvents } from './visitor-cookies.js';
import { postTracked, TrackingPaths, type Transport } from './transport.js';
import { TrackingMessages } from './tracking-messages.js';

/** The visitor-metrics events the collector sends, by their eventSchemaName. */
export type VisitorEventName =
  | 'page_view'
  | 'product_view'
  | 'add_to_cart'
  | 'checkout_start'
  | 'purchase'
  | 'newsletter_sign_up'
  | 'lesson_list_view'
  | 'lesson_view';

/** Name and version of this client in eventContent. */
export const CLIENT_NAME = 'emporium-storefront';
export const CLIENT_VERSION = '1';

/** Spec 9 environments. */
export type SourceEnvironment = 'dev' | 'qa' | 'staging' | 'prod';

/** The environment a host belongs to: *.localhost dev, then qa and staging by host label, else prod. */
export function sourceEnvironment(hostname: string): SourceEnvironment {
  if (/(^|\.)localhost$|^127\.0\.0\.1$/.test(hostname)) return 'dev';
  if (/(^|\.)qa(\.|$)/.test(hostname)) return 'qa';
  if (/(^|\.)(staging|stage)(\.|$)/.test(hostname)) return 'staging';
  return 'prod';
}

/** Who and where, as the page knows it when an event happens. */
export interface EventContext {
  analyticsId: string;
  marketingId?: string;
  sessionId?: string;
  websiteId?: string;
  websiteLocale?: string;
  location: Pick<Location, 'hostname' | 'pathname' | 'search'>;
  referrer: string;
  language: string;
  viewport: { width: number; height: number };
  userAgent: string;
  now: number;
}

/** Spec 3 "Newer client" eventContent; fields the page does not know are left out. */
export function eventContent(ctx: EventContext, objectIdentifier?: string): Record<string, string | number> {
  const content: Record<string, string | number | undefined> = {
    analytics_id: ctx.analyticsId,
    browser_language: ctx.language.slice(0, 35),
    browser_locale: ctx.language.slice(0, 35),
    browser_window_height: ctx.viewport.height,
    browser_window_width: ctx.viewport.width,
    client_name: CLIENT_NAME,
    client_version: CLIENT_VERSION,
    marketing_id: ctx.marketingId,
    page_host: ctx.location.hostname,
    page_path: ctx.location.pathname.slice(0, 2048),
    page_query_params: ctx.location.search.slice(1, 2049) || undefined,
    page_referrer_url: ctx.referrer.slice(0, 2048) || undefined,
    session_id: ctx.sessionId,
    enduser_user_agent: ctx.userAgent.slice(0, 512),
    event_occurrence_timestamp: ctx.now,
    source_environment: sourceEnvironment(ctx.location.hostname),
    context_website_id: ctx.websiteId,
    website_locale: ctx.websiteLocale,
    object_identifier: objectIdentifier,
  };
  for (const key of Object.keys(content)) if (content[key] === undefined) delete content[key];
  return content as Record<string, string | number>;
}

/**
 * Spec 7: sends one visitor-metrics event as the newer client (JSON: eventContent as a JSON
 * string and eventSchemaName), only when the ss_cvr cookie exists. Rejects with 'no payload'
 * when there is no content; resolves true only when the server answered 200 or 202.
 */
export function trackEvent(transport: Transport, name: VisitorEventName, content: Record<string, unknown> | null): Promise<boolean> {
  if (!content || Object.keys(content).length === 0) return Promise.reject(new Error(TrackingMessages.NO_PAYLOAD));
  if (!mayTrackEvents(transport.cookies())) return Promise.resolve(false);
  const body = JSON.stringify({ eventContent: JSON.stringify(content), eventSchemaName: name });
  return postTracked(transport, TrackingPaths.EVENTS, { body, contentType: 'application/json' });
}

/** What the page's markup says about it (body class `page-type-NNN`, `data-item-id`, `data-record-type`). */
export interface PageMarkup {
  pathname: string;
  bodyClass: string;
  itemId?: string;
  recordType?: string;
}

/** Spec 2 page types and record type the page events depend on. */
const STORE_ITEM_RECORD_TYPE = '11';
const CHECKOUT_PAGE = 'page-type-201';
const ORDER_CONFIRMED_PAGE = 'page-type-202';
/** Body classes of a course's pages (collection type 25): its lesson list and a lesson. */
const COURSE_PAGE = 'collection-type-course';
const ORDER_CONFIRMED_PATH = /^\/checkout\/order-confirmed\/([A-Za-z0-9_-]{1,64})$/;

/**
 * Page types whose visits are not recorded (spec 2 and 6: not found, search, lock screen, member
 * area refused). The collector is a chunk of its own that imports nothing the islands import, so
 * it states the census beacon's rule (`isRecordedPage` in client/visit-recording.ts) here; a test
 * holds the two equal.
 */
const UNRECORDED_PAGE = /(?:^|\s)page-type-(?:100|102|103|106)(?:\s|$)/;

/** True when a page's visit is recorded: a page type other than those above, not /search or a config path. */
export function recordsVisit(page: Pick<PageMarkup, 'pathname' | 'bodyClass'>): boolean {
  if (page.pathname === '/search' || page.pathname.includes('/config/')) return false;
  return /(?:^|\s)page-type-\d+(?:\s|$)/.test(page.bodyClass) && !UNRECORDED_PAGE.test(page.bodyClass);
}

/** The event a page view is on its own: a product page, a course's lesson list or lesson (spec 2), the checkout, or an order's confirmation. */
export function pageEvent(page: PageMarkup): { name: VisitorEventName; objectId?: string } | null {
  const classes = ` ${page.bodyClass} `;
  if (classes.includes(` ${COURSE_PAGE} `) && !UNRECORDED_PAGE.test(page.bodyClass)) {
    if (classes.includes(' view-item ') && page.itemId) return { name: 'lesson_view', objectId: page.itemId };
    if (classes.includes(' view-list ')) return { name: 'lesson_list_view' };
  }
  if (page.recordType === STORE_ITEM_RECORD_TYPE && page.itemId) return { name: 'product_view', objectId: page.itemId };
  if (classes.includes(` ${CHECKOUT_PAGE} `)) return { name: 'checkout_start' };
  const order = ORDER_CONFIRMED_PATH.exec(page.pathname);
  if (classes.includes(` ${ORDER_CONFIRMED_PAGE} `) && order) return { name: 'purchase', objectId: order[1] };
  return null;
}

/** Paths of the storefront's own calls whose success is a visitor-metrics event. */
export const WatchedCalls = Object.freeze({
  ADD_TO_CART: '/api/commerce/shopping-cart/entries',
  FORM_SUBMISSION: '/api/form/SaveFormSubmission',
});

/** The part of a resource timing entry the collector reads (`responseStatus` where the browser has it). */
export interface CallEntry {
  name: string;
  initiatorType: string;
  responseStatus?: number;
}

/**
 * The event a finished call of the page's own scripts stands for: a successful add to the cart,
 * or a successful form submission while a newsletter form was just submitted. Calls whose
 * status the browser does not expose are not counted (the server counts adds from its records).
 */
export function callEvent(entry: CallEntry, origin: string, newsletterPending: boolean): VisitorEventName | null {
  if (entry.initiatorType !== 'fetch' && entry.initiatorType !== 'xmlhttprequest') return null;
  const status = entry.responseStatus;
  if (status === undefined || status < 200 || status > 299) return null;
  let url: URL;
  try {
    url = new URL(entry.name);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === WatchedCalls.ADD_TO_CART) return 'add_to_cart';
  if (url.pathname === WatchedCalls.FORM_SUBMISSION && newsletterPending) return 'newsletter_sign_up';
  return null;
}

/** Session-storage key of the last order whose purchase this tab reported. */
export const TRACKED_ORDER_KEY = 'SS_TRACKED_ORDER';

/**
 * True the first time this tab reports a purchase of `orderId`, so reloading the confirmation
 * page does not count the order twice. Without session storage every view counts.
 */
export function firstPurchaseReport(tab: KeyValueStore | null, orderId: string): boolean {
  try {
    if (tab?.getItem(TRACKED_ORDER_KEY) === orderId) return false;
    tab?.setItem(TRACKED_ORDER_KEY, orderId);
  } catch {
    // storage refused: report it
  }
  return true;
}
