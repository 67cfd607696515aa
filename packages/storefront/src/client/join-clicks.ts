import { CRUMB_COOKIE, readCookie } from '../lib/cookies.js';
import { VISITOR_COOKIE } from './visit-recording.js';

/** The join buttons of the access-denied page (106): one per member area that opens the page. */
export const JOIN_BUTTON = 'a[data-member-area-join]';
/** The video button of a lesson (the placeholder link of its video, behind the course's paywall). */
export const PAYWALL_VIDEO_BUTTON = '.lesson .block--video a';
/** Buttons whose clicks go out as visitor events (spec 2: join buttons and the paywall video button). */
export const TRACKED_BUTTONS = `${JOIN_BUTTON}, ${PAYWALL_VIDEO_BUTTON}`;
/** Spec 7: the census button-click call. */
export const BUTTON_CLICK_URL = '/api/census/button-click';

const MAX_TEXT = 200;

/** The button-click body of a join click (crumb, visitor cookie, page and button), or null when no event goes out (no `ss_cvr`, spec 7). */
export function joinClickBody(link: { textContent: string | null; href: string }, page: { url: string; title: string }, cookies: string): string | null {
  const visitorCookie = readCookie(cookies, VISITOR_COOKIE);
  const crumb = readCookie(cookies, CRUMB_COOKIE);
  if (!visitorCookie || !crumb) return null;
  return JSON.stringify({
    crumb,
    visitorCookie,
    url: page.url.slice(0, 2048),
    title: page.title.slice(0, 512),
    buttonText: (link.textContent ?? '').trim().slice(0, MAX_TEXT),
    buttonHref: link.href.slice(0, 2048),
  });
}

/**
 * Sends a visitor event when a join button or a lesson's video button is clicked (spec 2:
 * access-denied pages send clicks on the join button, lessons on the paywall video button),
 * through the census button-click call, with `keepalive` so it outlives the navigation. The click itself goes on as a plain link. Returns a function
 * removing the listener.
 */
export function installJoinClicks(doc: Document, send: typeof fetch = fetch): () => void {
  const onClick = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.(TRACKED_BUTTONS) as HTMLAnchorElement | null;
    if (!link) return;
    const body = joinClickBody(link, { url: doc.location.origin + doc.location.pathname, title: doc.title }, doc.cookie);
    if (!body) return;
    send(BUTTON_CLICK_URL, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' } }).catch(
      () => {},
    );
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
