import { and, eq, gt } from 'drizzle-orm';
import { siteUserSessions } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';
import { activeMembershipStartsOf, loadGateIndex } from '../member-areas/index.js';
import { sha256 } from '../owner-sessions/index.js';
import { SECURE_SITE_USER_COOKIE, SITE_USER_COOKIE } from '../site-users/index.js';

/** A signed-in site user as a course page knows them: their id and their session's XSRF token (printed into the progress forms). */
export interface CourseVisitor {
  siteUserId: string;
  xsrfToken: string;
}

/**
 * The site user whose live session the cookies carry, with the session's XSRF token; undefined
 * for guests. The session cookie is looked up by its sha256, for this site only.
 */
export async function courseVisitorOf(
  db: DbOrTx,
  websiteId: string,
  cookies: Readonly<Record<string, string | undefined>> | undefined,
  now: Date,
): Promise<CourseVisitor | undefined> {
  const token = cookies?.[SECURE_SITE_USER_COOKIE] ?? cookies?.[SITE_USER_COOKIE];
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ siteUserId: siteUserSessions.siteUserId, xsrfToken: siteUserSessions.xsrfToken })
    .from(siteUserSessions)
    .where(and(eq(siteUserSessions.tokenHash, sha256(token)), eq(siteUserSessions.websiteId, websiteId), gt(siteUserSessions.expiresAt, now)));
  return row;
}

/** The areas that gate a course (none: nobody opens it, since courses are members only). */
export async function areasOfCourse(db: DbOrTx, websiteId: string, courseId: string): Promise<readonly string[]> {
  return (await loadGateIndex(db, websiteId)).collections.get(courseId) ?? [];
}

/**
 * When the member joined the course: the earliest start of their active memberships of the
 * areas that gate it (days of drip count from here); undefined when they hold none.
 */
export async function joinedCourseAt(db: DbOrTx, websiteId: string, siteUserId: string, areaIds: readonly string[]): Promise<Date | undefined> {
  const starts = await activeMembershipStartsOf(db, websiteId, siteUserId);
  let first: Date | undefined;
  for (const id of areaIds) {
    const at = starts.get(id);
    if (at && (!first || at < first)) first = at;
  }
  return first;
}
