import type { IncomingHttpHeaders } from 'node:http';
import { CART_COOKIE, CART_MARKER_COOKIE } from '../../cart/index.js';

/** What the page cache reads of a request: a Fastify request, or the lane's {@link PageAsk}. */
export interface CacheableRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly cookies: Readonly<Record<string, string | undefined>>;
  readonly protocol: 'http' | 'https';
}

/** A GET as the lane in front of the app hands it to the cache: a request with its URL. */
export interface PageAsk extends CacheableRequest {
  readonly url: string;
}

/**
 * Cookies that change a page, and so send the visitor to a fresh render: password grants
 * (`ss_unlock_site`, `ss_unlock_{collectionId}`), the site user's `SiteUserInfo`, and the
 * product's own session, language, preview and owner cookies (`emporium_…`, with or without the
 * `__Host-` prefix). An allowlist, as CDNs keep: every other cookie (the crumb, the analytics
 * collector's, and whatever an owner's injected code sets, such as `_ga`, `_gid`, `_fbp`) never
 * changes a page and never keeps a visitor from the cache.
 */
const SIGNIFICANT_COOKIE = /^(ss_unlock_[A-Za-z0-9_-]+|SiteUserInfo|(__Host-)?emporium_(?!cart$)[A-Za-z0-9_-]+)$/;

/** True when a cookie of this name changes what a page shows (see {@link SIGNIFICANT_COOKIE}). */
export function cookieChangesPage(name: string): boolean {
  return SIGNIFICANT_COOKIE.test(name);
}

/** The cart's cookies: a cached page is built without the cart, whose count the browser fills in after load. */
const CART_COOKIES = new Set([CART_COOKIE, CART_MARKER_COOKIE]);
/** A language prefix (`/fr`, `/pt-br`, decision 0044): the cart of `/fr/cart` is the visitor's as much as that of `/cart`. */
const LANGUAGE = String.raw`(?:/[a-z]{2,3}(?:-[a-z0-9]{1,8})*)?`;
const UNCACHED_PATHS = [String.raw`/cart/?$`, String.raw`/checkout(/|$)`, String.raw`/search/?$`, String.raw`/config(/|$)`].map(
  (rest) => new RegExp(`^${LANGUAGE}${rest}`),
);

/** True for pages whose HTML is the same for every visitor's cart: all but cart, checkout, search and config. */
export function sharesHtmlAcrossCarts(path: string): boolean {
  return !UNCACHED_PATHS.some((pattern) => pattern.test(path));
}

/** How the page cache may serve a request (see {@link pageCacheUse}). */
export type PageCacheUse = 'bypass' | 'visitor' | 'cart-holder';

/**
 * Whether a request may be served from (and stored in) the page cache: a GET or HEAD of a page
 * other than the cart, checkout, search and config pages, without credentials, with no cookie
 * that changes a page ({@link cookieChangesPage}; any other cookie is ignored). A visitor with a cart (`cart-holder`) shares the
 * HTML of every other visitor: the page is built without the cart, and the browser fills the
 * cart count in from the cart marker cookie and the cart call (decision 0022). The JSON form of
 * a page (`?format=json`) carries the cart itself, so a cart holder's is never shared. Signed-in
 * site users, owners and unlocked visitors send significant cookies and are always served fresh.
 */
export function pageCacheUse(request: Omit<CacheableRequest, 'protocol'>, path: string, hasCart: boolean, asJson: boolean): PageCacheUse {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'bypass';
  if (request.headers.authorization !== undefined) return 'bypass';
  if (UNCACHED_PATHS.some((pattern) => pattern.test(path))) return 'bypass';
  let cartCookie = false;
  for (const name of Object.keys(request.cookies ?? {})) {
    if (CART_COOKIES.has(name)) cartCookie = true;
    else if (SIGNIFICANT_COOKIE.test(name)) return 'bypass';
  }
  if (!hasCart && !cartCookie) return 'visitor';
  // Without the marker the browser would neither know the count nor load the cart: render it here.
  if (asJson || request.cookies?.[CART_MARKER_COOKIE] === undefined) return 'bypass';
  return 'cart-holder';
}

/** Cache key of a page: site, version, origin, path, query sorted by name (first value of each). */
export function pageCacheKey(websiteId: string, version: number, origin: string, path: string, search: string): string {
  if (search === '') return `${websiteId}\n${version}\n${origin}\n${path}\n`;
  const params = new URLSearchParams(search);
  const seen = new Set<string>();
  const pairs: [string, string][] = [];
  for (const [name, value] of params) {
    if (seen.has(name)) continue;
    seen.add(name);
    pairs.push([name, value]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${websiteId}\n${version}\n${origin}\n${path}\n${new URLSearchParams(pairs).toString()}`;
}
