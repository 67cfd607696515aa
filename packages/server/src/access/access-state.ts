import { z } from 'zod';
import type { Website } from '../sites/index.js';
import { collectionAccessCookie, SITE_ACCESS_COOKIE, verifyAccessGrant } from './access-grant.js';

/** Site setting holding the lock screen's password hash. */
export const SITE_PASSWORD_HASH_SETTING = 'lockScreenPasswordHash';
/** Collection setting holding a protected collection's password hash. */
export const COLLECTION_PASSWORD_HASH_SETTING = 'passwordHash';

/** The access part of a collection's stored settings; anything malformed reads as unprotected. */
const CollectionAccessSettings = z.looseObject({ access: z.unknown().optional(), [COLLECTION_PASSWORD_HASH_SETTING]: z.unknown().optional() }).catch({});

/** The lock screen's password hash, or undefined when the site is not locked or has no password. */
export function sitePasswordHash(site: Pick<Website, 'settings'>): string | undefined {
  const hash = site.settings[SITE_PASSWORD_HASH_SETTING];
  return site.settings.lockScreen === true && typeof hash === 'string' && hash !== '' ? hash : undefined;
}

/** A password-protected collection's hash, or undefined when it has none. */
export function collectionPasswordHash(row: { settings: unknown }): string | undefined {
  const settings = CollectionAccessSettings.parse(row.settings);
  const hash = settings[COLLECTION_PASSWORD_HASH_SETTING];
  return settings.access === 'password' && typeof hash === 'string' && hash !== '' ? hash : undefined;
}

/** True when the visitor's cookies carry a valid grant for the site's lock screen. */
export function hasSiteAccess(site: Pick<Website, 'id' | 'settings'>, cookies: Readonly<Record<string, string | undefined>>, now: number): boolean {
  return verifyAccessGrant(cookies[SITE_ACCESS_COOKIE], sitePasswordHash(site), site.id, 'site', now);
}

/** True when the visitor's cookies carry a valid grant for a protected collection. */
export function hasCollectionAccess(
  websiteId: string,
  row: { id: string; settings: unknown },
  cookies: Readonly<Record<string, string | undefined>>,
  now: number,
): boolean {
  return verifyAccessGrant(cookies[collectionAccessCookie(row.id)], collectionPasswordHash(row), websiteId, row.id, now);
}

/** A local path to return to after unlocking (`/` for anything that is not a same-site path). */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.length > 2000) return '/';
  return /[\u0000-\u001f]/.test(value) ? '/' : value;
}
