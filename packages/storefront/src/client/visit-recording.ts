import { CRUMB_COOKIE, readCookie } from '../lib/cookies.js';
import { consentStateOf, type ConsentState } from './cookie-consent.js';

/** Spec 7: the census page-view beacon. */
export const RECORD_HIT_URL = '/api/census/RecordHit';
/** Spec 9: the visitor cookie; events go out only when it exists (spec 7). */
export const VISITOR_COOKIE = 'ss_cvr';
/** Spec 9: long-lived visitor cookies last 2 years. */
export const VISITOR_COOKIE_MAX_AGE = 2 * 365 * 24 * 60 * 60;
/** Spec 2 and 6: search (102), not found (100), lock screen (103) and member-area access denied (106) are not recorded. */
export const UNRECORDED_PAGE_TYPES: ReadonlySet<number> = new Set([100, 102, 103, 106]);

const LOCALE = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8}){0,4}$/;
const MAX_TEXT = 512;

/** What the page says about itself (body class `page-type-NNN` and data attributes of the theme's body). */
export interface VisitPage {
  origin: string;
  pathname: string;
  title: string;
  lang: string;
  bodyClass: string;
  data: { websiteId?: string; itemId?: string; collectionId?: string; recordType?: string; cookiePolicy?: string };
  viewport: { width: number; height: number };
  screen: { width: number; height: number };
  userAgent: string;
  now: number;
  /** The cookie banner's state; visits are recorded only without a banner or once it is accepted. */
  consent?: ConsentState;
}

/** The page type number of a body class list (`page-type-50` gives 50); undefined when absent. */
export function pageTypeOf(bodyClass: string): number | undefined {
  const match = /(?:^|\s)page-type-(\d+)(?:\s|$)/.exec(bodyClass);
  return match ? Number(match[1]) : undefined;
}

/**
 * True when visits to this page are recorded at all: never on /search (spec 2), on config paths,
 * on the skipped page types, on sites with a restrictive cookie policy, which keep no ss_c cookies
 * (spec 6), or while the site's cookie banner is unanswered or declined.
 */
export function isRecordedPage(page: Pick<VisitPage, 'pathname' | 'bodyClass' | 'data' | 'consent'>): boolean {
  if (page.pathname === '/search' || page.pathname.includes('/config/') || page.data.cookiePolicy === 'restrictive') return false;
  if (page.consent === 'pending' || page.consent === 'declined') return false;
  const type = pageTypeOf(page.bodyClass);
  return type !== undefined && !UNRECORDED_PAGE_TYPES.has(type);
}

/** The census hit data (spec 3) of a page view. */
export function hitData(page: VisitPage): Record<string, unknown> {
  const recordType = Number(page.data.recordType);
  const data: Record<string, unknown> = {
    event: 'view',
    websiteId: page.data.websiteId,
    locale: LOCALE.test(page.lang) ? page.lang : undefined,
    viewportWidth: page.viewport.width,
    viewportHeight: page.viewport.height,
    screenWidth: page.screen.width,
    screenHeight: page.screen.height,
    userAgent: page.userAgent.slice(0, MAX_TEXT),
    clientDate: page.now,
    url: page.origin + page.pathname,
    title: page.title.slice(0, MAX_TEXT),
    itemId: page.data.itemId,
    collectionId: page.data.collectionId,
    recordType: Number.isInteger(recordType) && page.data.recordType ? recordType : undefined,
  };
  return data;
}

/** The form body of a RecordHit call (spec 7: event, data, ss_cvr; plus the crumb), or null when this view is not sent. */
export function pageViewHit(page: VisitPage, cookies: string): URLSearchParams | null {
  if (!isRecordedPage(page)) return null;
  const visitor = readCookie(cookies, VISITOR_COOKIE);
  const crumb = readCookie(cookies, CRUMB_COOKIE);
  if (!visitor || !crumb) return null;
  return new URLSearchParams({ crumb, event: 'view', data: JSON.stringify(hitData(page)), ss_cvr: visitor });
}

/** A new random visitor id (32 hex characters; `crypto.randomUUID` needs a secure context, this does not). */
export function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Gives the visitor the `ss_cvr` cookie when it has none. */
export function ensureVisitorCookie(doc: Document): void {
  if (readCookie(doc.cookie, VISITOR_COOKIE)) return;
  const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${VISITOR_COOKIE}=${newVisitorId()}; Path=/; Max-Age=${VISITOR_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/** Sends a hit with `navigator.sendBeacon`, else `fetch` with keepalive; failures are ignored (spec 7). */
export function sendHit(body: URLSearchParams, nav: Navigator = navigator, send: typeof fetch = fetch): void {
  try {
    if (typeof nav.sendBeacon === 'function' && nav.sendBeacon(RECORD_HIT_URL, body)) return;
  } catch {
    // fall back to fetch
  }
  send(RECORD_HIT_URL, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => {});
}

function currentPage(win: Window): VisitPage {
  const doc = win.document;
  return {
    origin: win.location.origin,
    pathname: win.location.pathname,
    title: doc.title,
    lang: doc.documentElement.lang,
    bodyClass: doc.body.className,
    data: { ...doc.body.dataset },
    viewport: { width: win.innerWidth, height: win.innerHeight },
    screen: { width: win.screen.width, height: win.screen.height },
    userAgent: win.navigator.userAgent,
    now: Date.now(),
    consent: consentStateOf(doc),
  };
}

/** Records one page view after the page has loaded (spec 7 RecordHit). */
export function recordPageViewAfterLoad(win: Window = window): void {
  const run = () => {
    try {
      const page = currentPage(win);
      if (!isRecordedPage(page)) return;
      ensureVisitorCookie(win.document);
      const body = pageViewHit(page, win.document.cookie);
      if (body) sendHit(body, win.navigator);
    } catch {
      // spec 7: analytics failures are ignored
    }
  };
  if (win.document.readyState === 'complete') run();
  else win.addEventListener('load', run, { once: true });
}
