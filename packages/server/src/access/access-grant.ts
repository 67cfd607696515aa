import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an unlock lasts: 7 days. */
export const ACCESS_GRANT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Cookie of the site lock screen's grant. */
export const SITE_ACCESS_COOKIE = 'ss_unlock_site';
/** Cookie name of a protected collection's grant. */
export const collectionAccessCookie = (collectionId: string): string => `ss_unlock_${collectionId}`;

function signature(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/**
 * A signed access grant: `{expiresAt}.{hmac}`, where the HMAC covers the website, the scope
 * ('site' or a collection id) and the expiry, keyed with the scope's stored password hash, so
 * changing the password revokes every grant issued before.
 */
export function signAccessGrant(passwordHash: string, websiteId: string, scope: string, expiresAt: number): string {
  return `${expiresAt}.${signature(passwordHash, `${websiteId}|${scope}|${expiresAt}`)}`;
}

/** True when a cookie value is a grant for this website and scope, unexpired, signed under `passwordHash`. */
export function verifyAccessGrant(value: string | undefined, passwordHash: unknown, websiteId: string, scope: string, now: number): boolean {
  if (typeof value !== 'string' || typeof passwordHash !== 'string' || passwordHash === '') return false;
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return false;
  const expiresAt = Number(m[1]);
  if (expiresAt <= now) return false;
  const expected = Buffer.from(signature(passwordHash, `${websiteId}|${scope}|${expiresAt}`));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
