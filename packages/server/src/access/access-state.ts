import type { Website } from '../sites/index.js';
import { collectionAccessCookie, SITE_ACCESS_COOKIE, verifyAccessGrant } from './access-grant.js';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});

/** Site setting holding the lock screen's password hash. */
export const SITE_PASSWORD_HASH_SETTING = 'lockScreenPasswordHash';
/** Collection setting holding a protected collection's password hash. */
export const COLLECTION_PASSWORD_HASH_SETTING = 'passwordHash';

/** The lock screen's password hash, or undefined when the site is not locked or has no password. */
export function sitePasswordHash(site: Pick<Website, 'settings'>): string | undefined {
  const settings = site.settings as Rec;
  const hash = settings[SITE_PASSWORD_HASH_SETTING];
  return settings.lockScreen === true && typeof hash === 'string' && hash !== '' ? hash : undefined;
}

/** A password-protected collection's hash, or undefined when it has none. */
export function collectionPasswordHash(row: { settings: unknown }): string | undefined {
  const settings = rec(row.settings);
  const hash = settings[COLLECTION_PASSWORD_HASH_SETTING];
  return settings.access === 'password' && typeof hash === 'string' && hash !== '' ? hash : undefined;
}

/** True when the visitor's cookies carry a valid grant for the site's lock screen. */
export function hasSiteAccess(site: Pick<Website, 'id' | 'settings'>, cookies: Readonly<Record<string, string | undefined>>, now: number): boolean {
  return verifyAccessGrant(cookies[SITE_ACCESS_COOKIE], sitePasswordHash(site), site.id, 'site', now);
}

/** True when the visitor's cookies carry a valid grant for a protected collection. */
export function hasCollectionAccess(websiteId: string, row: { id: string; settings: unknown }, cookies: Readonly<Record<string, string | undefined>>, now: number): boolean {
  return verifyAccessGrant(cookies[collectionAccessCookie(row.id)], collectionPasswordHash(row), websiteId, row.id, now);
}

/** A local path to return to after unlocking (`/` for anything that is not a same-site path). */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.length > 2000) return '/';
  return /[\u0000-\u001f]/.test(value) ? '/' : value;
}
