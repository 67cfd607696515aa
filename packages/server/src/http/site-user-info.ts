import type { FastifyInstance, FastifyReply } from 'fastify';
import { setCookie } from './cookies.js';

/** Name of the site-user cookie (spec 9). */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

/** Spec 6: the user-info cookie tells visitors from authenticated site users. */
export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string | null;
}

/** Value for visitors who are not signed in. */
export const ANONYMOUS_SITE_USER: Readonly<SiteUserInfo> = Object.freeze({ authenticated: false, siteUserId: null });

/** Reads a `SiteUserInfo` cookie value (URL-encoded JSON); anything malformed reads as anonymous. */
export function parseSiteUserInfo(value: string | undefined): SiteUserInfo {
  if (!value) return { ...ANONYMOUS_SITE_USER };
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object') return { ...ANONYMOUS_SITE_USER };
    const record = parsed as Record<string, unknown>;
    const siteUserId = typeof record.siteUserId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(record.siteUserId) ? record.siteUserId : null;
    return { authenticated: record.authenticated === true && siteUserId !== null, siteUserId };
  } catch {
    return { ...ANONYMOUS_SITE_USER };
  }
}

/** Serialises {@link SiteUserInfo} as the cookie value (before URL encoding). */
export function formatSiteUserInfo(info: SiteUserInfo): string {
  return JSON.stringify({ authenticated: info.authenticated, siteUserId: info.siteUserId });
}

/** Sets the `SiteUserInfo` cookie after sign-in. `maxAge` in seconds (omit for a session cookie). */
export function writeSiteUserInfo(reply: FastifyReply, info: SiteUserInfo, options: { secure: boolean; maxAge?: number }): void {
  setCookie(reply, SITE_USER_INFO_COOKIE, formatSiteUserInfo(info), {
    path: '/',
    sameSite: 'Lax',
    secure: options.secure,
    maxAge: options.maxAge,
  });
}

/** Expires the `SiteUserInfo` cookie after sign-out. */
export function clearSiteUserInfo(reply: FastifyReply, options: { secure: boolean }): void {
  setCookie(reply, SITE_USER_INFO_COOKIE, '', { path: '/', sameSite: 'Lax', secure: options.secure, maxAge: 0 });
}

/** Decorates every request with `siteUserInfo` read from the cookie. */
export function registerSiteUserInfo(app: FastifyInstance): void {
  app.decorateRequest('siteUserInfo', null as unknown as SiteUserInfo);
  app.addHook('onRequest', (request, _reply, done) => {
    request.siteUserInfo = parseSiteUserInfo(request.cookies[SITE_USER_INFO_COOKIE]);
    done();
  });
}
