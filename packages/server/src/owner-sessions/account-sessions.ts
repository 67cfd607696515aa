import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ownerAccountSessions, owners } from '../db/schema-owners.js';
import type { DbOrTx } from '../db/types.js';
import { setCookie } from '../http/cookies.js';
import { isOwnerRole, type OwnerRole } from './permissions.js';

/** Owner sessions last 12 hours. */
export const OWNER_SESSION_SECONDS = 12 * 60 * 60;
/** Cookie of owner sessions without HTTPS (host-only, so one site per cookie). */
export const OWNER_COOKIE = 'emporium_owner';
/** Cookie of owner sessions over HTTPS: the `__Host-` prefix pins it to the host, path `/` and Secure. */
export const SECURE_OWNER_COOKIE = `__Host-${OWNER_COOKIE}`;

/** The owner session cookie's name for the configuration's `secureCookies`. */
export function ownerCookieName(secure: boolean): string {
  return secure ? SECURE_OWNER_COOKIE : OWNER_COOKIE;
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
 * Starts a session of an owner account of `websiteId` and sets its cookie: HttpOnly,
 * SameSite=Lax, and Secure with the `__Host-` prefix when `secure`.
 */
export async function startAccountSession(db: DbOrTx, websiteId: string, ownerId: string, reply: FastifyReply, secure: boolean): Promise<void> {
  const token = newSecret();
  await db
    .insert(ownerAccountSessions)
    .values({ tokenHash: sha256(token), websiteId, ownerId, expiresAt: new Date(Date.now() + OWNER_SESSION_SECONDS * 1000) });
  await db.delete(ownerAccountSessions).where(lt(ownerAccountSessions.expiresAt, new Date()));
  setCookie(reply, ownerCookieName(secure), token, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: OWNER_SESSION_SECONDS });
}

/** Clears the owner session cookie (both names). */
export function clearOwnerCookies(reply: FastifyReply, secure: boolean): void {
  setCookie(reply, OWNER_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 0 });
  if (secure) setCookie(reply, SECURE_OWNER_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'Lax', secure: true, maxAge: 0 });
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
