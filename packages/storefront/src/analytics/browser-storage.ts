/**
 * Cookie and storage access for the collector. The collector is a bundle of its own that shares
 * no chunk with the islands, so it keeps this small cookie reader instead of importing
 * `lib/cookies.ts` (which would pull a shared chunk into every page's island entry).
 */

/** The part of `document` that holds cookies (a plain object in tests). */
export interface CookieJar {
  cookie: string;
}

/** The part of `localStorage` / `sessionStorage` the collector uses. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Reads one cookie from a `document.cookie` style string; undefined when absent or empty. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    if (!raw) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Cookie lifetime and transport; without `maxAge` a cookie lasts for the browser session. */
export interface CookieOptions {
  /** Seconds. */
  maxAge?: number;
  secure?: boolean;
}

/** Writes one host-only cookie for the whole site (spec 9: cookie domains limited to the site's own). */
export function writeCookie(jar: CookieJar, name: string, value: string, options: CookieOptions = {}): void {
  let text = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax`;
  if (options.maxAge !== undefined) text += `; Max-Age=${options.maxAge}`;
  if (options.secure) text += '; Secure';
  jar.cookie = text;
}

/** Removes one site-wide cookie. */
export function expireCookie(jar: CookieJar, name: string): void {
  jar.cookie = `${name}=; Path=/; Max-Age=0`;
}

/** The window's storage of that kind, or null when the browser refuses access (blocked storage throws). */
export function storageOf(win: Pick<Window, 'localStorage' | 'sessionStorage'>, kind: 'localStorage' | 'sessionStorage'): KeyValueStore | null {
  try {
    const store = win[kind];
    store.getItem('SS_PROBE');
    return store;
  } catch {
    return null;
  }
}

/** A random RFC 4122 version 4 id; works outside secure contexts, unlike `crypto.randomUUID`. */
export function newRandomId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
