import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { collections, websites } from '../db/index.js';
import { setCookie } from '../http/cookies.js';
import { AppError, notFound } from '../errors/index.js';
import type { RateLimitRule } from '../http/rate-limit.js';
import type { Website } from '../sites/website.js';
import { ACCESS_GRANT_TTL_MS, collectionAccessCookie, SITE_ACCESS_COOKIE, signAccessGrant } from './access-grant.js';
import { COLLECTION_PASSWORD_HASH_SETTING, collectionPasswordHash, safeReturnPath, SITE_PASSWORD_HASH_SETTING, sitePasswordHash } from './access-state.js';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from './password-hash.js';

/** Where the lock screen and protected pages post the password. */
export const UNLOCK_PATH = '/api/access/unlock';
/** Owner call setting (or clearing, with `password: null`) the lock screen password. */
export const SITE_PASSWORD_PATH = '/api/owner/access/site';
/** Owner call setting (or clearing) a collection's password. */
export const COLLECTION_PASSWORD_PATH = '/api/owner/access/collections/:collectionId';
/** Unlock attempts allowed per site and client IP: 10 a minute. */
export const UNLOCK_RATE_LIMIT = Object.freeze({ name: 'unlock', max: 10, windowMs: 60_000, key: 'site+ip' as const });
/** Shown on the page after a wrong password. */
export const WRONG_PASSWORD_MESSAGE = 'That password is incorrect. Please try again.';
/** Query flag the page reads to show {@link WRONG_PASSWORD_MESSAGE}. */
export const UNLOCK_FAILED_QUERY = 'unlock=failed';

type Rec = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Rec => (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Rec) : {});

function siteOf(request: FastifyRequest): Website {
  if (!request.site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  return request.site;
}

function wantsJson(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').startsWith('application/json');
}

function withQuery(path: string, flag: string): string {
  const clean = path.replace(/([?&])unlock=failed(&|$)/, (_m, lead: string, tail: string) => (tail ? lead : '')).replace(/[?&]$/, '');
  return `${clean}${clean.includes('?') ? '&' : '?'}${flag}`;
}

async function scopeHash(deps: AppDeps, site: Website, scope: string): Promise<string | undefined> {
  if (scope === 'site') return sitePasswordHash(site);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(scope)) return undefined;
  const [row] = await deps.db.select({ id: collections.id, settings: collections.settings }).from(collections).where(and(eq(collections.websiteId, site.id), eq(collections.id, scope)));
  return row ? collectionPasswordHash(row) : undefined;
}

function passwordInput(request: FastifyRequest): string | null {
  const value = bodyOf(request).password;
  if (value === null) return null;
  if (typeof value !== 'string' || value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', `password must be a string of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, or null to remove it.`);
  }
  return value;
}

/**
 * Registers the password unlock of lock screens (page type 103) and protected collections
 * (105): a crumb-checked, rate-limited POST of `password`, `scope` ('site' or a collection
 * id) and `returnTo`. A right password sets a signed httpOnly grant cookie and redirects back;
 * a wrong one redirects back with `?unlock=failed` (JSON callers get 401). The owner calls
 * store passwords as scrypt hashes in the site or collection settings.
 */
export function registerUnlockRoutes(app: FastifyInstance, deps: AppDeps, owner: preHandlerHookHandler, limit: RateLimitRule = UNLOCK_RATE_LIMIT): void {
  app.post(UNLOCK_PATH, { onRequest: deps.rateLimit({ ...limit }), bodyLimit: 8 * 1024 }, async (request, reply: FastifyReply) => {
    const site = siteOf(request);
    const body = bodyOf(request);
    const scope = typeof body.scope === 'string' ? body.scope : '';
    const returnTo = safeReturnPath(body.returnTo);
    const hash = await scopeHash(deps, site, scope);
    if (!hash) throw notFound('Nothing to unlock here.');
    const ok = typeof body.password === 'string' && (await verifyPassword(body.password, hash));
    reply.header('cache-control', 'no-store');
    if (!ok) {
      if (wantsJson(request)) throw new AppError('UNAUTHORIZED', WRONG_PASSWORD_MESSAGE);
      return reply.redirect(withQuery(returnTo, UNLOCK_FAILED_QUERY), 303);
    }
    const expiresAt = Date.now() + ACCESS_GRANT_TTL_MS;
    const cookie = scope === 'site' ? SITE_ACCESS_COOKIE : collectionAccessCookie(scope);
    setCookie(reply, cookie, signAccessGrant(hash, site.id, scope, expiresAt), {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: deps.config.secureCookies,
      maxAge: Math.floor(ACCESS_GRANT_TTL_MS / 1000),
    });
    if (wantsJson(request)) return { unlocked: true, returnTo };
    return reply.redirect(returnTo, 303);
  });

  app.put(SITE_PASSWORD_PATH, { preHandler: owner }, async (request) => {
    const site = siteOf(request);
    const password = passwordInput(request);
    const patch = password === null ? { lockScreen: false, [SITE_PASSWORD_HASH_SETTING]: null } : { lockScreen: true, [SITE_PASSWORD_HASH_SETTING]: await hashPassword(password) };
    await deps.db.update(websites).set({ settings: sql`${websites.settings} || ${JSON.stringify(patch)}::jsonb` }).where(eq(websites.id, site.id));
    deps.resolver.invalidate();
    return { lockScreen: patch.lockScreen };
  });

  app.put(COLLECTION_PASSWORD_PATH, { preHandler: owner }, async (request) => {
    const site = siteOf(request);
    const id = String((request.params as Rec).collectionId ?? '');
    const password = passwordInput(request);
    const patch = password === null ? { access: null, [COLLECTION_PASSWORD_HASH_SETTING]: null } : { access: 'password', [COLLECTION_PASSWORD_HASH_SETTING]: await hashPassword(password) };
    const updated = await deps.db
      .update(collections)
      .set({ settings: sql`${collections.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(and(eq(collections.websiteId, site.id), eq(collections.id, id)))
      .returning({ id: collections.id });
    if (updated.length === 0) throw notFound('Collection not found.');
    return { id, passwordProtected: password !== null };
  });
}
