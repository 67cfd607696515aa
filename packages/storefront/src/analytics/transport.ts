import { readCookie } from './browser-storage.js';
import { TrackingMessages } from './tracking-messages.js';

/** Spec 7 paths of the calls the collector makes. */
export const TrackingPaths = Object.freeze({
  JAVASCRIPT_ERRORS: '/api/events/RecordJavascriptErrors',
  EVENTS: '/api/v1/clanker/events',
  PERFORMANCE_RECORDS: '/api/1/performance/records',
} as const);

/** Spec 7: a tracking call counts as accepted only on these statuses. */
export const ACCEPTED_STATUSES: ReadonlySet<number> = new Set([200, 202]);
/** Cookie holding the CSRF crumb and the header it is echoed in (spec 7: CSRF token header from a cookie). */
export const CRUMB_COOKIE = 'crumb';
export const CSRF_HEADER = 'X-CSRF-Token';
/** Spec 9: analytics timeout (ms); a call still unanswered by then counts as not accepted. */
export const TRACKING_TIMEOUT_MS = 2500;

/** How tracking calls leave the page. */
export interface Transport {
  fetch: typeof fetch;
  /** `navigator.sendBeacon`, when the browser has it. */
  sendBeacon?: (url: string, data: BodyInit) => boolean;
  /** The page's cookies, read at send time (the crumb can change). */
  cookies: () => string;
  /** Where spec 8's tracking warnings go (the console). */
  warn: (message: string) => void;
}

/** A body and its content type. */
export interface TrackingBody {
  body: string;
  contentType: 'application/json' | 'text/plain';
}

/**
 * Posts one tracking call with the crumb cookie in the CSRF header and `keepalive`, so it
 * survives the page being left, giving up after 2500 ms. Resolves true only on 200 or 202; any other status warns
 * 'Error tracking event: HTTP Status {code}' (spec 8); a network failure resolves false. Never rejects.
 */
export async function postTracked(transport: Transport, url: string, payload: TrackingBody): Promise<boolean> {
  try {
    const headers: Record<string, string> = { 'content-type': payload.contentType };
    const crumb = readCookie(transport.cookies(), CRUMB_COOKIE);
    if (crumb) headers[CSRF_HEADER] = crumb;
    const response = await transport.fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers,
      body: payload.body,
      signal: AbortSignal.timeout?.(TRACKING_TIMEOUT_MS),
    });
    if (ACCEPTED_STATUSES.has(response.status)) return true;
    transport.warn(TrackingMessages.httpStatus(response.status));
    return false;
  } catch {
    return false;
  }
}

/**
 * Hands a text/plain body to the browser's beacon queue (used while the page is being hidden,
 * when a fetch may not finish); falls back to {@link postTracked} when there is no beacon or the
 * browser refuses it. A queued beacon counts as sent: its answer cannot be read.
 */
export function beaconOrPost(transport: Transport, url: string, body: string): Promise<boolean> {
  try {
    if (transport.sendBeacon?.(url, body)) return Promise.resolve(true);
  } catch {
    // refused: fall back to fetch
  }
  return postTracked(transport, url, { body, contentType: 'text/plain' });
}
