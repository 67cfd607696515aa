/** Cookie holding the CSRF crumb, echoed in the `X-CSRF-Token` header. */
export const CRUMB_COOKIE = 'crumb';
/** Cookie describing the signed-in site user ({ authenticated, siteUserId }). */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
/** Marker cookie the server sets once a visitor has a cart; its value is the cart's item count. */
export const CART_MARKER_COOKIE = 'hasCart';

/** Reads one cookie from a `document.cookie` style string; undefined when absent. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const pair of cookieString.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** True when the SiteUserInfo cookie says the visitor is signed in. */
export function isAuthenticated(cookieString: string): boolean {
  const raw = readCookie(cookieString, SITE_USER_INFO_COOKIE);
  if (!raw) return false;
  try {
    const info = JSON.parse(raw) as { authenticated?: unknown };
    return info.authenticated === true;
  } catch {
    return false;
  }
}

/** The cart is loaded at page start only for signed-in visitors or when the cart marker exists. */
export function shouldLoadCartAtStart(cookieString: string): boolean {
  return isAuthenticated(cookieString) || readCookie(cookieString, CART_MARKER_COOKIE) !== undefined;
}
