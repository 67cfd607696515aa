import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ownerAccountSessions, owners } from '../db/schema-owners.js';
import type { DbOrTx } from '../db/types.js';
import { setCookie } from '../http/cookies.js';
import { AppError } from '../errors/index.js';
import { isOwnerRole, type OwnerRole } from './permissions.js';

/** Refusal of a sign-in anywhere but on the dashboard's origin (no owner cookie is ever set on a site's origin). */
export const OWNER_SESSIONS_ON_DASHBOARD = "Owners sign in on the dashboard's own origin.";

/** Owner sessions last 12 hours. */
export const OWNER_SESSION_SECONDS = 12 * 60 * 60;
/** Stem of the owner session cookies' names (without HTTPS: host-only on the dashboard's origin). */
export const OWNER_COOKIE = 'emporium_owner';
/** Stem over HTTPS: the `__Host-` prefix pins the cookie to the host, path `/` and Secure. */
export const SECURE_OWNER_COOKIE = `__Host-${OWNER_COOKIE}`;

/**
 * The name of the session cookie of one site's owner on the dashboard's origin, for the
 * configuration's `secureCookies`: one cookie per site, so an owner of several sites is signed
 * in to each at once. Only this name is read: over HTTPS the `__Host-` name alone counts.
 */
export function ownerCookieName(secure: boolean, websiteId: string): string {
  return `${secure ? SECURE_OWNER_COOKIE : OWNER_COOKIE}_${websiteId}`;
}

/** The id of the site whose session cookie is named `name` (for `secure`), or undefined for any other cookie. */
export function siteOfOwnerCookie(secure: boolean, name: string): string | undefined {
  const stem = `${secure ? SECURE_OWNER_COOKIE : OWNER_COOKIE}_`;
  return name.startsWith(stem) && name.length > stem.length ? name.slice(stem.length) : undefined;
}

/** sha256 of a secret, hex: how session ids and mailed tokens are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new random 256-bit secret, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The owner account behind a live session. */
export interface SessionOwner {
  id: string;
  email: string;
  role: OwnerRole | null;
  mustChangePassword: boolean;
  /** sha256 of the session id, to end this session or keep it. */
  sessionHash: string;
}

/**
 * Starts a session of an owner account of `websiteId` and sets its cookie (on the dashboard's
 * origin): HttpOnly, SameSite=Strict, and Secure with the `__Host-` prefix when `secure`.
 */
export async function startAccountSession(db: DbOrTx, websiteId: string, ownerId: string, reply: FastifyReply, secure: boolean): Promise<void> {
  if (!reply.request.adminOrigin) throw new AppError('FORBIDDEN', OWNER_SESSIONS_ON_DASHBOARD);
  const token = newSecret();
  await db
    .insert(ownerAccountSessions)
    .values({ tokenHash: sha256(token), websiteId, ownerId, expiresAt: new Date(Date.now() + OWNER_SESSION_SECONDS * 1000) });
  await db.delete(ownerAccountSessions).where(lt(ownerAccountSessions.expiresAt, new Date()));
  setCookie(reply, ownerCookieName(secure, websiteId), token, { path: '/', httpOnly: true, sameSite: 'Strict', secure, maxAge: OWNER_SESSION_SECONDS });
}

/** Clears the session cookie of one site's owner. */
export function clearOwnerCookies(reply: FastifyReply, secure: boolean, websiteId: string): void {
  setCookie(reply, ownerCookieName(secure, websiteId), '', { path: '/', httpOnly: true, sameSite: 'Strict', secure, maxAge: 0 });
}

/** The owner of a live account session of `websiteId` with cookie value `token`; undefined for any other token or site. */
export async function findAccountSession(db: DbOrTx, websiteId: string, token: string): Promise<SessionOwner | undefined> {
  const hash = sha256(token);
  const [row] = await db
    .select({ id: owners.id, email: owners.email, role: owners.role, mustChangePassword: owners.mustChangePassword })
    .from(ownerAccountSessions)
    .innerJoin(owners, and(eq(owners.id, ownerAccountSessions.ownerId), eq(owners.websiteId, ownerAccountSessions.websiteId)))
    .where(and(eq(ownerAccountSessions.tokenHash, hash), eq(ownerAccountSessions.websiteId, websiteId), gt(ownerAccountSessions.expiresAt, new Date())));
  if (!row) return undefined;
  return { id: row.id, email: row.email, role: isOwnerRole(row.role) ? row.role : null, mustChangePassword: row.mustChangePassword, sessionHash: hash };
}

/** Ends one account session by the sha256 of its id. */
export async function endAccountSession(db: DbOrTx, sessionHash: string): Promise<void> {
  await db.delete(ownerAccountSessions).where(eq(ownerAccountSessions.tokenHash, sessionHash));
}

/** Ends every session of an owner, except the one whose hash is `keep` when given. Returns how many ended. */
export async function endOwnerAccountSessions(db: DbOrTx, ownerId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(ownerAccountSessions)
    .where(and(eq(ownerAccountSessions.ownerId, ownerId), keep ? ne(ownerAccountSessions.tokenHash, keep) : undefined))
    .returning({ h: ownerAccountSessions.tokenHash });
  return ended.length;
}
