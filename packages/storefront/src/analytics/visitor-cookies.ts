import { newRandomId, readCookie, writeCookie, type CookieJar } from './browser-storage.js';

/** Spec 9 visitor cookies: ss_cvr (the visitor), ss_cvt (the current visit) and the marketing cookie SS_MID. */
export const VisitorCookies = Object.freeze({
  VISITOR: 'ss_cvr',
  VISIT: 'ss_cvt',
  MARKETING: 'SS_MID',
} as const);

/** Spec 9: long-lived visitor cookies last 2 years (seconds). */
export const LONG_LIVED_SECONDS = 2 * 365 * 24 * 60 * 60;
/** Spec 9: short-lived visitor cookies last 30 minutes (seconds). */
export const SHORT_LIVED_SECONDS = 30 * 60;
/** Spec 6: the five visitor cookies starting ss_c that the restrictive cookie policy clears. */
export const SS_C_COOKIES: readonly string[] = Object.freeze(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);

/** The visitor's ids after this page view, as the browser kept them (absent when cookies are refused). */
export interface VisitorIds {
  visitorId?: string;
  marketingId?: string;
  /** No page was seen in the last 30 minutes (the short cookie had expired). */
  newVisit: boolean;
}

/** 32 hex characters, the visitor id format the census client has always used. */
function newVisitorId(): string {
  return newRandomId().replace(/-/g, '');
}

/**
 * Gives the visitor ss_cvr and SS_MID (2 years) when absent and restarts the 30-minute ss_cvt
 * visit on every page view, then reads them back: a browser refusing cookies yields no ids.
 * Only called when the cookie policy allows visitor cookies.
 */
export function ensureVisitorCookies(jar: CookieJar, now: number, secure: boolean): VisitorIds {
  const before = jar.cookie;
  const newVisit = !readCookie(before, VisitorCookies.VISIT);
  if (!readCookie(before, VisitorCookies.VISITOR)) writeCookie(jar, VisitorCookies.VISITOR, newVisitorId(), { maxAge: LONG_LIVED_SECONDS, secure });
  if (!readCookie(before, VisitorCookies.MARKETING)) writeCookie(jar, VisitorCookies.MARKETING, newRandomId(), { maxAge: LONG_LIVED_SECONDS, secure });
  writeCookie(jar, VisitorCookies.VISIT, String(now), { maxAge: SHORT_LIVED_SECONDS, secure });
  const after = jar.cookie;
  return { visitorId: readCookie(after, VisitorCookies.VISITOR), marketingId: readCookie(after, VisitorCookies.MARKETING), newVisit };
}

/** Spec 7: events go out only when the ss_cvr visitor cookie exists. */
export function mayTrackEvents(cookies: string): boolean {
  return readCookie(cookies, VisitorCookies.VISITOR) !== undefined;
}
