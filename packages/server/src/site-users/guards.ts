import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.js';
import { siteOf } from '../sites/index.js';
import type { SiteUserDeps } from './accounts.js';
import { SiteUserMessages } from './messages.js';
import { findSiteUserSession, SITE_USER_XSRF_HEADER, xsrfMatches, type LiveSession } from './session-store.js';
import { readSiteUserSettings } from './settings.js';

const sessions = new WeakMap<FastifyRequest, LiveSession>();

/** The session a guard found for the request (after {@link signedInGuard}). */
export function sessionOf(request: FastifyRequest): LiveSession {
  const session = sessions.get(request);
  if (!session) throw new AppError('UNAUTHORIZED', SiteUserMessages.SIGN_IN_REQUIRED);
  return session;
}

/** The session a guard found, or undefined when a guard let a signed-out request pass. */
export function sessionOrNone(request: FastifyRequest): LiveSession | undefined {
  return sessions.get(request);
}

/** Refuses site-user calls on the dashboard's origin (403) and on sites whose accounts are off (404). */
export async function assertAccountsOpen(deps: SiteUserDeps, request: FastifyRequest): Promise<void> {
  if (request.adminOrigin) throw new AppError('FORBIDDEN', SiteUserMessages.ON_SITE_ONLY);
  const site = siteOf(request);
  if (!(await readSiteUserSettings(deps.db, site.id)).accountsEnabled) throw new AppError('NOT_FOUND', SiteUserMessages.ACCOUNTS_OFF);
}

/** A preValidation hook: the site's accounts must be on. */
export function accountsOpenGuard(deps: SiteUserDeps) {
  return async function siteUsersOpen(request: FastifyRequest): Promise<void> {
    await assertAccountsOpen(deps, request);
  };
}

/**
 * A preValidation hook of account calls: 401 without a live session of the request's site;
 * with `xsrf`, 403 unless the `X-SiteUser-XSRF-Token` header (or, for the site's own form
 * posts, the `xsrfToken` field) is the session's token. With `signedOutPasses` a request
 * without a live session passes (signing out twice, or after expiry, only clears cookies).
 */
export function signedInGuard(deps: SiteUserDeps, options: { xsrf: boolean; signedOutPasses?: boolean }) {
  return async function siteUserSignedIn(request: FastifyRequest): Promise<void> {
    await assertAccountsOpen(deps, request);
    const session = await findSiteUserSession(deps.db, request, deps.config.secureCookies, deps.now());
    if (!session && options.signedOutPasses) return;
    if (!session) throw new AppError('UNAUTHORIZED', SiteUserMessages.SIGN_IN_REQUIRED);
    if (options.xsrf) {
      const header = request.headers[SITE_USER_XSRF_HEADER];
      const body = request.body as Record<string, unknown> | null | undefined;
      const submitted = typeof header === 'string' ? header : body && typeof body === 'object' ? body.xsrfToken : undefined;
      if (!xsrfMatches(session, submitted)) throw new AppError('FORBIDDEN', SiteUserMessages.XSRF_FAILED, { body: { xsrfFail: true } });
    }
    sessions.set(request, session);
  };
}
