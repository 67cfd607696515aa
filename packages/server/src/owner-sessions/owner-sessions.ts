import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownerSessions, websites } from '../db/schema.js';
import type { Db, DbOrTx } from '../db/types.js';
import { setCookie } from '../http/cookies.js';
import { AppError } from '../errors/index.js';
import type { Website } from '../sites/index.js';
import { clearOwnerCookies, findAccountSession, OWNER_SESSION_SECONDS, ownerCookieName, sha256 } from './account-sessions.js';
import { roleCan, type OwnerPermission, type OwnerRole } from './permissions.js';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Shortest accepted owner password. */
export const MIN_OWNER_PASSWORD = 10;
/** Message of owner-only calls made without a session. */
export const OWNER_SIGN_IN_REQUIRED = 'Owner sign-in required.';

function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(a), 'hex'), Buffer.from(sha256(b), 'hex'));
}

/** Hashes an owner password as `scrypt$salt$hash` (hex). */
export async function hashOwnerPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

async function passwordMatches(password: string, stored: unknown): Promise<boolean> {
  if (typeof stored !== 'string') return false;
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Sets a site's owner password (`settings.ownerPasswordHash`). */
export async function setOwnerPassword(db: DbOrTx, websiteId: string, password: string): Promise<void> {
  if (password.length < MIN_OWNER_PASSWORD) throw new AppError('VALIDATION_FAILED', `The password must have at least ${MIN_OWNER_PASSWORD} characters.`);
  const hash = await hashOwnerPassword(password);
  await db
    .update(websites)
    .set({ settings: sql`${websites.settings} || jsonb_build_object('ownerPasswordHash', ${hash}::text)`, updatedAt: new Date() })
    .where(eq(websites.id, websiteId));
}

/** True when `secret` is the global owner token or the site's owner password. */
export async function isOwnerSecret(site: Website, ownerToken: string | undefined, secret: string): Promise<boolean> {
  if (secret === '') return false;
  if (ownerToken && sameSecret(secret, ownerToken)) return true;
  return passwordMatches(secret, site.settings.ownerPasswordHash);
}

/** Starts an owner session for a site and sets its cookie (on the dashboard's origin). */
export async function startOwnerSession(db: Db, site: Website, reply: FastifyReply, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(ownerSessions).values({
    tokenHash: sha256(token),
    websiteId: site.id,
    expiresAt: new Date(Date.now() + OWNER_SESSION_SECONDS * 1000),
  });
  await db.delete(ownerSessions).where(lt(ownerSessions.expiresAt, new Date()));
  setCookie(reply, ownerCookieName(secure, site.id), token, { path: '/', httpOnly: true, sameSite: 'Strict', secure, maxAge: OWNER_SESSION_SECONDS });
}

/** Ends the request's owner session of its site and clears its cookie. */
export async function endOwnerSession(db: Db, request: FastifyRequest, reply: FastifyReply, secure: boolean): Promise<void> {
  const site = request.site;
  if (!site) return;
  const token = request.cookies[ownerCookieName(secure, site.id)];
  if (token) await db.delete(ownerSessions).where(eq(ownerSessions.tokenHash, sha256(token)));
  clearOwnerCookies(reply, secure, site.id);
}

/** Who is acting in an owner call (`request.owner`, set by {@link requireOwner}). */
export interface OwnerActor {
  /** The owner account's id; null for the break-glass token and the site-password session. */
  readonly ownerId: string | null;
  readonly email: string | null;
  readonly role: OwnerRole;
  /** True while an account's one-time password has not been changed. */
  readonly mustChangePassword?: boolean;
  /** sha256 of the account session's id (undefined for the token and the site-password session). */
  readonly sessionHash?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    owner?: OwnerActor;
  }
}

/** Message of owner calls refused for the caller's role (403). */
export const OWNER_ROLE_REFUSED = 'Your role does not allow this.';
/** Message of owner calls refused until a one-time password is changed (403). */
export const PASSWORD_CHANGE_REQUIRED = 'Change your password before you continue.';

/** An owner account whose stored role is not one of today's roles: it may do nothing. */
const NO_ROLE = Symbol('no role');

function bearerIsToken(request: FastifyRequest, ownerToken: string | undefined): boolean {
  const auth = request.headers.authorization;
  return Boolean(ownerToken && typeof auth === 'string' && auth.startsWith('Bearer ') && sameSecret(auth.slice(7).trim(), ownerToken));
}

/**
 * Who is acting in a request of a site: the break-glass token (`Authorization: Bearer …`, for
 * scripts and the command line) and the site-password session act as 'admin'; an owner
 * account's session acts with the account's role. Sessions are read only on the dashboard's
 * origin, from the cookie of the site the request works on; sessions of another site never count.
 */
async function actorOf(db: Db, request: FastifyRequest, ownerToken: string | undefined): Promise<OwnerActor | typeof NO_ROLE | undefined> {
  const site = request.site;
  if (!site) return undefined;
  if (bearerIsToken(request, ownerToken)) return { ownerId: null, email: null, role: 'admin' };
  // Owner cookies exist only on the dashboard's origin; on a site's origin none is ever read.
  if (!request.adminOrigin) return undefined;
  const token = request.cookies[ownerCookieName(request.server.emporium.config.secureCookies, site.id)];
  if (!token) return undefined;
  const account = await findAccountSession(db, site.id, token);
  if (account) {
    if (account.role === null) return NO_ROLE;
    return {
      ownerId: account.id,
      email: account.email,
      role: account.role,
      mustChangePassword: account.mustChangePassword,
      sessionHash: account.sessionHash,
    };
  }
  const [row] = await db
    .select({ websiteId: ownerSessions.websiteId })
    .from(ownerSessions)
    .where(and(eq(ownerSessions.tokenHash, sha256(token)), eq(ownerSessions.websiteId, site.id), gt(ownerSessions.expiresAt, new Date())));
  if (row) return { ownerId: null, email: null, role: 'admin' };
  return undefined;
}

/**
 * True when the request carries the break-glass token or a live session of its site with the
 * 'admin' role (the site-password session, or an admin's account session).
 */
export async function isOwnerRequest(db: Db, request: FastifyRequest, ownerToken: string | undefined): Promise<boolean> {
  const actor = await actorOf(db, request, ownerToken);
  return actor !== undefined && actor !== NO_ROLE && actor.role === 'admin' && actor.mustChangePassword !== true;
}

/**
 * Checks the owner of a request; a 403 for the role names the permission the call needs
 * (`permission`: an `area:level`, or 'admin' for calls only admins make), undefined for calls
 * any signed-in owner may make.
 */
async function guard(
  db: Db,
  ownerToken: string | undefined,
  request: FastifyRequest,
  allowed: (actor: OwnerActor) => boolean,
  permission: OwnerPermission | 'admin' | undefined,
): Promise<void> {
  // On the dashboard's origin a call must name its site; elsewhere the host names it.
  if (!request.site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  const actor = await actorOf(db, request, ownerToken);
  if (actor === undefined) throw new AppError('UNAUTHORIZED', OWNER_SIGN_IN_REQUIRED);
  const needs = permission === undefined ? {} : { permission };
  if (actor === NO_ROLE) throw new AppError('FORBIDDEN', OWNER_ROLE_REFUSED, { body: needs });
  if (actor.mustChangePassword && permission !== undefined) throw new AppError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED, { body: { mustChangePassword: true } });
  if (!allowed(actor)) throw new AppError('FORBIDDEN', OWNER_ROLE_REFUSED, { body: needs });
  request.owner = actor;
}

/**
 * A preValidation hook for owner calls: 401 without an owner session of the request's site,
 * 403 when the owner's role lacks `permission` (the answer names it as `permission`) or a
 * one-time password awaits its change;
 * sets `request.owner`. It runs before the request is validated, so a visitor learns nothing
 * from a malformed body.
 */
export function requireOwner(db: Db, ownerToken: string | undefined, permission: OwnerPermission) {
  return async function ownerGuard(request: FastifyRequest): Promise<void> {
    await guard(db, ownerToken, request, (actor) => roleCan(actor.role, permission), permission);
  };
}

/**
 * A preValidation hook for an owner's own session calls (read the session, sign out, change
 * the password): any signed-in owner of the site, even one whose one-time password must still
 * be changed; 401 otherwise. Sets `request.owner`.
 */
export function requireOwnerSession(db: Db, ownerToken: string | undefined) {
  return async function ownerSessionGuard(request: FastifyRequest): Promise<void> {
    await guard(db, ownerToken, request, () => true, undefined);
  };
}
