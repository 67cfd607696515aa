import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteUserSessions, siteUsers } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';
import { setCookie } from '../http/cookies.js';
import { clearSiteUserInfo, writeSiteUserInfo } from '../http/site-user-info.js';
import { newSecret, sha256 } from '../owner-sessions/index.js';
import type { SiteUserRow } from './site-user-repository.js';

/** Session cookie of a site user without HTTPS (host-only on the site's origin). */
export const SITE_USER_COOKIE = 'emporium_site_user';
/** Over HTTPS the `__Host-` prefix pins the cookie to the host, path `/` and Secure. */
export const SECURE_SITE_USER_COOKIE = `__Host-${SITE_USER_COOKIE}`;
/** Header that carries the session's XSRF token on account changes (spec 7). */
export const SITE_USER_XSRF_HEADER = 'x-siteuser-xsrf-token';

/** Session lifetimes: a browser session's row lives a day; "remember me" 30 days. */
export const SITE_USER_SESSION_SECONDS = Object.freeze({ browser: 24 * 60 * 60, remembered: 30 * 24 * 60 * 60 });

/** The session cookie's name for the configuration's `secureCookies`. */
export function siteUserCookieName(secure: boolean): string {
  return secure ? SECURE_SITE_USER_COOKIE : SITE_USER_COOKIE;
}

/** A live session with its user. */
export interface LiveSession {
  sessionHash: string;
  xsrfToken: string;
  user: SiteUserRow;
}

/**
 * Starts a session of a site user: a row keyed by the sha256 of a new secret, the secret in an
 * HttpOnly SameSite=Lax cookie (persistent only with `rememberMe`), the `SiteUserInfo` cookie
 * beside it, and a new XSRF token the caller returns to the browser.
 */
export async function startSiteUserSession(
  db: DbOrTx,
  reply: FastifyReply,
  user: SiteUserRow,
  options: { rememberMe: boolean; secure: boolean; now: Date },
): Promise<string> {
  const token = newSecret();
  const xsrfToken = newSecret();
  const seconds = options.rememberMe ? SITE_USER_SESSION_SECONDS.remembered : SITE_USER_SESSION_SECONDS.browser;
  await db.insert(siteUserSessions).values({
    websiteId: user.websiteId,
    siteUserId: user.id,
    tokenHash: sha256(token),
    xsrfToken,
    rememberMe: options.rememberMe,
    createdAt: options.now,
    expiresAt: new Date(options.now.getTime() + seconds * 1000),
  });
  await db.delete(siteUserSessions).where(lt(siteUserSessions.expiresAt, options.now));
  const maxAge = options.rememberMe ? seconds : undefined;
  setCookie(reply, siteUserCookieName(options.secure), token, { path: '/', httpOnly: true, sameSite: 'Lax', secure: options.secure, maxAge });
  writeSiteUserInfo(reply, { authenticated: true, siteUserId: user.id }, { secure: options.secure, maxAge });
  return xsrfToken;
}

/**
 * The live session of the request's cookie on its own site, or undefined. Only a site's origin
 * reads it: on the dashboard's origin no site-user session ever counts.
 */
export async function findSiteUserSession(db: DbOrTx, request: FastifyRequest, secure: boolean, now: Date): Promise<LiveSession | undefined> {
  const site = request.site;
  const token = request.cookies[siteUserCookieName(secure)];
  if (!site || request.adminOrigin || !token) return undefined;
  const sessionHash = sha256(token);
  const [row] = await db
    .select({ xsrfToken: siteUserSessions.xsrfToken, user: siteUsers })
    .from(siteUserSessions)
    .innerJoin(siteUsers, and(eq(siteUsers.websiteId, siteUserSessions.websiteId), eq(siteUsers.id, siteUserSessions.siteUserId)))
    .where(and(eq(siteUserSessions.tokenHash, sessionHash), eq(siteUserSessions.websiteId, site.id), gt(siteUserSessions.expiresAt, now)));
  return row ? { sessionHash, xsrfToken: row.xsrfToken, user: row.user } : undefined;
}

/** True when `submitted` is the session's XSRF token (compared in constant time). */
export function xsrfMatches(session: LiveSession, submitted: unknown): boolean {
  if (typeof submitted !== 'string' || submitted === '') return false;
  const a = Buffer.from(sha256(submitted), 'hex');
  const b = Buffer.from(sha256(session.xsrfToken), 'hex');
  return timingSafeEqual(a, b);
}

/** Ends one session by the sha256 of its cookie. */
export async function endSiteUserSession(db: DbOrTx, websiteId: string, sessionHash: string): Promise<void> {
  await db.delete(siteUserSessions).where(and(eq(siteUserSessions.websiteId, websiteId), eq(siteUserSessions.tokenHash, sessionHash)));
}

/** Ends every session of a user; returns how many ended. */
export async function endAllSiteUserSessions(db: DbOrTx, websiteId: string, siteUserId: string): Promise<number> {
  const ended = await db
    .delete(siteUserSessions)
    .where(and(eq(siteUserSessions.websiteId, websiteId), eq(siteUserSessions.siteUserId, siteUserId)))
    .returning({ id: siteUserSessions.id });
  return ended.length;
}

/** Expires the session cookie and the `SiteUserInfo` cookie. */
export function clearSiteUserCookies(reply: FastifyReply, secure: boolean): void {
  setCookie(reply, siteUserCookieName(secure), '', { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: 0 });
  clearSiteUserInfo(reply, { secure });
}
