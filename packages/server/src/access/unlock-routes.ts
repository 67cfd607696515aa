import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { setCookie } from '../http/cookies.js';
import { AppError, notFound } from '../errors/index.js';
import type { RateLimitRule } from '../http/rate-limit.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf, type Website } from '../sites/index.js';
import { ACCESS_GRANT_TTL_MS, collectionAccessCookie, SITE_ACCESS_COOKIE, signAccessGrant } from './access-grant.js';
import { COLLECTION_PASSWORD_HASH_SETTING, collectionPasswordHash, safeReturnPath, SITE_PASSWORD_HASH_SETTING, sitePasswordHash } from './access-state.js';
import { findCollectionSettings, mergeCollectionSettings, mergeSiteSettings } from './access-repository.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { CollectionLock, CollectionParams, PasswordBody, SiteLock, UnlockBody, Unlocked } from './schemas.js';

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
  const row = await findCollectionSettings(deps.db, site.id, scope);
  return row ? collectionPasswordHash(row) : undefined;
}

/**
 * Registers the password unlock of lock screens (page type 103) and protected collections
 * (105): a crumb-checked, rate-limited POST of `password`, `scope` ('site' or a collection
 * id) and `returnTo`. A right password sets a signed httpOnly grant cookie and redirects back;
 * a wrong one redirects back with `?unlock=failed` (JSON callers get 401). The owner calls
 * store passwords as scrypt hashes in the site or collection settings.
 */
export function registerUnlockRoutes(app: FastifyInstance, deps: AppDeps, limit: RateLimitRule = UNLOCK_RATE_LIMIT): void {
  const owner = requireOwner(deps.db, deps.config.ownerToken, 'settings:write');
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['access'];
  const redirect = z.null().describe('303 See Other back to returnTo (form posts); no body');

  const unlockSchema = {
    tags,
    summary: 'Unlock the lock screen or a protected collection with its password',
    body: UnlockBody,
    response: withErrors({ 200: Unlocked, 303: redirect }),
  };
  routes.post(UNLOCK_PATH, { onRequest: deps.rateLimit({ ...limit }), bodyLimit: 8 * 1024, schema: unlockSchema }, async (request, reply) => {
    const site = siteOf(request);
    const { password, scope } = request.body;
    const returnTo = safeReturnPath(request.body.returnTo);
    const hash = await scopeHash(deps, site, scope);
    if (!hash) throw notFound('Nothing to unlock here.');
    const ok = password !== '' && (await verifyPassword(password, hash));
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
    if (wantsJson(request)) return { unlocked: true as const, returnTo };
    return reply.redirect(returnTo, 303);
  });

  const siteSchema = {
    tags,
    summary: 'Set (or, with null, remove) the lock screen password (owner)',
    body: PasswordBody,
    response: withErrors({ 200: SiteLock }),
  };
  routes.put(SITE_PASSWORD_PATH, { preValidation: owner, schema: siteSchema }, async (request) => {
    const site = siteOf(request);
    const { password } = request.body;
    const patch =
      password === null
        ? { lockScreen: false, [SITE_PASSWORD_HASH_SETTING]: null }
        : { lockScreen: true, [SITE_PASSWORD_HASH_SETTING]: await hashPassword(password) };
    await mergeSiteSettings(deps.db, site.id, patch);
    deps.resolver.invalidate();
    return { lockScreen: patch.lockScreen };
  });

  const collectionSchema = {
    tags,
    summary: "Set (or, with null, remove) a collection's password (owner)",
    params: CollectionParams,
    body: PasswordBody,
    response: withErrors({ 200: CollectionLock }),
  };
  routes.put(COLLECTION_PASSWORD_PATH, { preValidation: owner, schema: collectionSchema }, async (request) => {
    const site = siteOf(request);
    const id = request.params.collectionId;
    const { password } = request.body;
    const patch =
      password === null
        ? { access: null, [COLLECTION_PASSWORD_HASH_SETTING]: null }
        : { access: 'password', [COLLECTION_PASSWORD_HASH_SETTING]: await hashPassword(password) };
    if (!(await mergeCollectionSettings(deps.db, site.id, id, patch))) throw notFound('Collection not found.');
    return { id, passwordProtected: password !== null };
  });
}
