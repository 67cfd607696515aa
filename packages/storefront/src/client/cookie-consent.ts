import { readCookie } from '../lib/cookies.js';

/** The cookie that remembers the visitor's answer to the cookie banner (not `ss_c…`: a restrictive policy clears those). */
export const CONSENT_COOKIE = 'cookie_consent';
/** The answer is kept a year. */
export const CONSENT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** A visitor's answer to the cookie banner. */
export type ConsentAnswer = 'accepted' | 'declined';
/** Whether this page may keep analytics cookies: no banner (`not-asked`), unanswered (`pending`), or the answer. */
export type ConsentState = 'not-asked' | 'pending' | ConsentAnswer;

/** The answer stored in `cookies`, or undefined when there is none (or it is not one). */
export function consentAnswerOf(cookies: string): ConsentAnswer | undefined {
  const value = readCookie(cookies, CONSENT_COOKIE);
  return value === 'accepted' || value === 'declined' ? value : undefined;
}

/** The consent state of a page: `not-asked` when the site shows no banner. */
export function consentStateOf(doc: Document): ConsentState {
  if (!doc.querySelector('[data-cookie-banner]')) return 'not-asked';
  return consentAnswerOf(doc.cookie) ?? 'pending';
}

/** Stores the visitor's answer for a year. */
export function rememberConsent(doc: Document, answer: ConsentAnswer): void {
  const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CONSENT_COOKIE}=${answer}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/**
 * Shows the site's cookie banner (server-rendered hidden, so cached pages stay the same for every
 * visitor) until the visitor answers; the answer is remembered by {@link CONSENT_COOKIE}. After an
 * answer the banner hides and focus moves to the page's main content; `onAccepted` runs on Accept.
 */
export function installCookieBanner(doc: Document, onAccepted: () => void): void {
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!banner || consentAnswerOf(doc.cookie)) return;
  banner.hidden = false;
  banner.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-cookie-consent]');
    const answer = button?.dataset.cookieConsent;
    if (answer !== 'accepted' && answer !== 'declined') return;
    rememberConsent(doc, answer);
    banner.hidden = true;
    doc.querySelector<HTMLElement>('#main, main')?.focus({ preventScroll: true });
    if (answer === 'accepted') onAccepted();
  });
}
