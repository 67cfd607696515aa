import { readCookie, writeCookie, type CookieJar, type KeyValueStore } from './browser-storage.js';
import { TrackingMessages } from './tracking-messages.js';

/** Spec 9: cookie and local-storage key of the analytics id. */
export const ANALYTICS_ID_KEY = 'SS_ANALYTICS_ID';
/** Spec 9: local-storage key of the date after which the stored analytics id is dropped. */
export const ANALYTICS_EXPIRATION_KEY = 'SS_ANALYTICS_EXPIRATION';
/** Spec 9: the analytics cookie lasts 390 days. */
export const ANALYTICS_ID_DAYS = 390;

const DAY_MS = 86_400_000;

/** Where the analytics id may come from, in the order of spec 4. */
export interface AnalyticsIdSources {
  cookies: CookieJar;
  local: KeyValueStore | null;
  /** The id this page already holds in memory. */
  memory: { analyticsId?: string };
  now: number;
  newId: () => string;
  warn: (message: string) => void;
}

function usable(value: string | null | undefined): string | undefined {
  return value && value !== 'null' && value !== 'undefined' ? value : undefined;
}

/** The local-storage copy; dropped (with its date) once its stored expiration has passed or cannot be read. */
function fromLocalStorage(local: KeyValueStore | null, now: number): string | undefined {
  if (!local) return undefined;
  const id = usable(local.getItem(ANALYTICS_ID_KEY));
  if (!id) return undefined;
  const expires = Date.parse(local.getItem(ANALYTICS_EXPIRATION_KEY) ?? '');
  if (Number.isNaN(expires) || now > expires) {
    local.removeItem(ANALYTICS_ID_KEY);
    local.removeItem(ANALYTICS_EXPIRATION_KEY);
    return undefined;
  }
  return id;
}

/**
 * Spec 4: the analytics id comes from the cookie, then local storage (until its stored date),
 * then memory, else a new id. With `persist` the id is written back to a 390-day cookie and to
 * local storage with its expiration; when that fails the collector warns 'Unable to store
 * analyticsId' (spec 8) and keeps the id in memory. Without `persist` (restrictive cookie
 * policy) the id lives in memory only.
 */
export function resolveAnalyticsId(sources: AnalyticsIdSources, persist: boolean, secure: boolean): string {
  const { cookies, local, memory, now } = sources;
  let id: string | undefined;
  try {
    id = usable(readCookie(cookies.cookie, ANALYTICS_ID_KEY)) ?? fromLocalStorage(local, now);
  } catch {
    id = undefined;
  }
  id ??= usable(memory.analyticsId) ?? sources.newId();
  memory.analyticsId = id;
  if (!persist) return id;
  try {
    writeCookie(cookies, ANALYTICS_ID_KEY, id, { maxAge: ANALYTICS_ID_DAYS * 86_400, secure });
    if (!local) throw new Error('local storage unavailable');
    local.setItem(ANALYTICS_ID_KEY, id);
    local.setItem(ANALYTICS_EXPIRATION_KEY, new Date(now + ANALYTICS_ID_DAYS * DAY_MS).toUTCString());
  } catch {
    sources.warn(TrackingMessages.UNABLE_TO_STORE_ANALYTICS_ID);
  }
  return id;
}
