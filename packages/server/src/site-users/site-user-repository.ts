import { and, eq, sql } from 'drizzle-orm';
import { siteUsers } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';

/** A stored site user. */
export type SiteUserRow = typeof siteUsers.$inferSelect;

/** Emails are compared case-insensitively and stored trimmed and lower-cased. */
export function normalSiteUserEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The site's user with this email, or undefined. */
export async function findSiteUserByEmail(db: DbOrTx, websiteId: string, email: string): Promise<SiteUserRow | undefined> {
  const [row] = await db
    .select()
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), sql`lower(${siteUsers.email}) = ${normalSiteUserEmail(email)}`));
  return row;
}

/** The site's user with this id, or undefined. */
export async function findSiteUser(db: DbOrTx, websiteId: string, id: string): Promise<SiteUserRow | undefined> {
  const [row] = await db
    .select()
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, id)));
  return row;
}

/** Creates an unverified user; undefined when the email is taken on the site (a concurrent registration). */
export async function insertSiteUser(
  db: DbOrTx,
  websiteId: string,
  email: string,
  passwordHash: string | null,
  displayName: string,
  locale: string | null = null,
): Promise<SiteUserRow | undefined> {
  const [row] = await db
    .insert(siteUsers)
    .values({ websiteId, email: normalSiteUserEmail(email), passwordHash, displayName, locale })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Changes a user's fields (and its `updated_at`). */
export async function updateSiteUser(
  db: DbOrTx,
  websiteId: string,
  id: string,
  patch: Partial<Pick<SiteUserRow, 'passwordHash' | 'displayName' | 'locale' | 'emailVerifiedAt' | 'lastSignInAt'>>,
): Promise<void> {
  await db
    .update(siteUsers)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, id)));
}

/** Marks the email verified when it is not yet (the first verification time is kept). */
export async function markEmailVerified(db: DbOrTx, websiteId: string, id: string, now: Date): Promise<void> {
  await db
    .update(siteUsers)
    .set({ emailVerifiedAt: sql`coalesce(${siteUsers.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, id)));
}

/** Deletes a user; its sessions and tokens go with it. */
export async function deleteSiteUser(db: DbOrTx, websiteId: string, id: string): Promise<void> {
  await db.delete(siteUsers).where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, id)));
}
