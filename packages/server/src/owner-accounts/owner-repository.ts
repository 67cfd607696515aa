import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { owners } from '../db/schema-owners.js';
import type { DbOrTx, Tx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import type { OwnerRole } from '../owner-sessions/index.js';

/** A stored owner account. */
export type OwnerRow = typeof owners.$inferSelect;

/** Message when the last admin of a site would be removed or demoted (409). */
export const LAST_ADMIN_MESSAGE = 'A site needs at least one admin.';
/** Message when an email already has an account on the site (409). */
export const OWNER_EXISTS_MESSAGE = 'An owner with this email already exists on this site.';
/** Message for an owner id that is not an owner of the site (404). */
export const OWNER_NOT_FOUND_MESSAGE = 'This owner does not exist.';

/** An email as stored: trimmed and lower-cased. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The owner of a site with this email (any case). */
export async function findOwnerByEmail(db: DbOrTx, websiteId: string, email: string): Promise<OwnerRow | undefined> {
  const [row] = await db
    .select()
    .from(owners)
    .where(and(eq(owners.websiteId, websiteId), eq(owners.email, normalEmail(email))));
  return row;
}

/** The owner of a site with this id. */
export async function findOwner(db: DbOrTx, websiteId: string, ownerId: string): Promise<OwnerRow | undefined> {
  const [row] = await db
    .select()
    .from(owners)
    .where(and(eq(owners.websiteId, websiteId), eq(owners.id, ownerId)));
  return row;
}

/** Every owner of a site, oldest first. */
export function listOwners(db: DbOrTx, websiteId: string): Promise<OwnerRow[]> {
  return db.select().from(owners).where(eq(owners.websiteId, websiteId)).orderBy(asc(owners.createdAt), asc(owners.email));
}

/** Creates an owner; 409 when the email already has an account on the site. */
export async function createOwner(
  db: DbOrTx,
  input: { websiteId: string; email: string; role: OwnerRole; passwordHash: string | null; mustChangePassword: boolean },
): Promise<OwnerRow> {
  const [row] = await db
    .insert(owners)
    .values({ ...input, email: normalEmail(input.email) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', OWNER_EXISTS_MESSAGE);
  return row;
}

/** Sets an owner's password hash and whether it must be changed at the next sign-in. */
export async function setOwnerPasswordHash(db: DbOrTx, ownerId: string, passwordHash: string, mustChangePassword: boolean): Promise<void> {
  await db.update(owners).set({ passwordHash, mustChangePassword, updatedAt: new Date() }).where(eq(owners.id, ownerId));
}

/** Notes a successful sign-in. */
export async function touchSignIn(db: DbOrTx, ownerId: string): Promise<void> {
  await db.update(owners).set({ lastSignInAt: new Date() }).where(eq(owners.id, ownerId));
}

/**
 * Locks the site's active admins (those with a password) for the rest of the transaction and
 * refuses (409) when `ownerId` is the only one, so two concurrent changes can never leave a
 * site without an admin.
 */
async function keepAnAdmin(tx: Tx, websiteId: string, ownerId: string): Promise<void> {
  const admins = await tx
    .select({ id: owners.id })
    .from(owners)
    .where(and(eq(owners.websiteId, websiteId), eq(owners.role, 'admin'), isNotNull(owners.passwordHash)))
    .for('update');
  if (admins.length <= 1 && admins.some((a) => a.id === ownerId)) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
}

/** Changes an owner's role inside `tx`; never demotes the last admin. Returns the owner before and after. */
export async function changeRole(tx: Tx, websiteId: string, ownerId: string, role: OwnerRole): Promise<{ before: OwnerRow; after: OwnerRow }> {
  const before = await findOwner(tx, websiteId, ownerId);
  if (!before) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND_MESSAGE);
  if (before.role === 'admin' && role !== 'admin') await keepAnAdmin(tx, websiteId, ownerId);
  const [after] = await tx
    .update(owners)
    .set({ role, updatedAt: sql`now()` })
    .where(and(eq(owners.websiteId, websiteId), eq(owners.id, ownerId)))
    .returning();
  return { before, after: after! };
}

/** Removes an owner inside `tx` (their sessions and tokens go with them); never the last admin. */
export async function removeOwner(tx: Tx, websiteId: string, ownerId: string): Promise<OwnerRow> {
  const found = await findOwner(tx, websiteId, ownerId);
  if (!found) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND_MESSAGE);
  if (found.role === 'admin') await keepAnAdmin(tx, websiteId, ownerId);
  await tx.delete(owners).where(and(eq(owners.websiteId, websiteId), eq(owners.id, ownerId)));
  return found;
}
