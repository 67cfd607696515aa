import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { siteUserSessions, siteUsers } from '../db/schema-site-users.js';
import { memberships, type MembershipSource } from '../db/schema-member-areas.js';
import type { DbOrTx } from '../db/types.js';
import { sha256 } from '../owner-sessions/index.js';
import { SECURE_SITE_USER_COOKIE, SITE_USER_COOKIE } from '../site-users/index.js';

/**
 * The one rule of an active membership, as SQL over the memberships row `m`: not ended, and,
 * when bought with a subscription, that subscription neither cancelled nor completed. The
 * subscription's state is read at access time, so a cancellation closes the area at once
 * without any job. A free trial cancelled before its end (nothing billed yet, `cycles_billed`
 * 0) keeps the area until the trial ends (its first cycle's due date, `anchor_at`), counted at
 * `now` (the database's clock when not given).
 */
export function activeMembershipSql(m: SQL, now?: Date): SQL {
  const at = now ? sql`${now}::timestamptz` : sql`now()`;
  return sql`${m}.ended_at IS NULL AND (${m}.subscription_id IS NULL OR EXISTS (
    SELECT 1 FROM subscriptions s WHERE s.website_id = ${m}.website_id AND s.id = ${m}.subscription_id
      AND (s.state NOT IN ('cancelled', 'completed') OR (s.state = 'cancelled' AND s.cycles_billed = 0 AND s.anchor_at > ${at}))))`;
}

/** What a grant records. */
export interface Grant {
  websiteId: string;
  areaId: string;
  siteUserId: string;
  source: MembershipSource;
  orderId?: string | null;
  subscriptionId?: string | null;
  startedAt: Date;
}

/**
 * Grants a membership. A grant for an order happens at most once (unique per order): a second
 * call for the same order changes nothing and returns false.
 */
export async function grantMembership(db: DbOrTx, grant: Grant): Promise<boolean> {
  const inserted = await db
    .insert(memberships)
    .values({
      websiteId: grant.websiteId,
      memberAreaId: grant.areaId,
      siteUserId: grant.siteUserId,
      source: grant.source,
      orderId: grant.orderId ?? null,
      subscriptionId: grant.subscriptionId ?? null,
      startedAt: grant.startedAt,
    })
    .onConflictDoNothing({ target: [memberships.websiteId, memberships.orderId], where: sql`order_id IS NOT NULL` })
    .returning({ id: memberships.id });
  return inserted.length > 0;
}

/** Ids of the areas a site user holds at `now` (the database's clock when not given). */
export async function activeAreaIdsOf(db: DbOrTx, websiteId: string, siteUserId: string, now?: Date): Promise<Set<string>> {
  const rows = (await db.execute(sql`
    SELECT DISTINCT m.member_area_id AS "areaId" FROM memberships m
    WHERE m.website_id = ${websiteId} AND m.site_user_id = ${siteUserId} AND ${activeMembershipSql(sql`m`, now)}`)) as unknown as {
    rows: Array<{ areaId: string }>;
  };
  return new Set(rows.rows.map((r) => r.areaId));
}

/**
 * The site user whose live session the cookies carry, or undefined: the session cookie (with or
 * without its `__Host-` prefix) is looked up by its sha256, for this site only. Pages read it
 * to decide access; the session is the only proof (the `SiteUserInfo` cookie is a hint).
 */
export async function siteUserOfCookies(
  db: DbOrTx,
  websiteId: string,
  cookies: Readonly<Record<string, string | undefined>>,
  now: Date,
): Promise<string | undefined> {
  const token = cookies[SECURE_SITE_USER_COOKIE] ?? cookies[SITE_USER_COOKIE];
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ siteUserId: siteUserSessions.siteUserId })
    .from(siteUserSessions)
    .where(and(eq(siteUserSessions.tokenHash, sha256(token)), eq(siteUserSessions.websiteId, websiteId), sql`${siteUserSessions.expiresAt} > ${now}`));
  return row?.siteUserId;
}

/** An area's members, newest first, with whether each is active now. */
export async function listMembers(db: DbOrTx, websiteId: string, areaId: string, limit = 500) {
  const rows = await db
    .select({
      id: memberships.id,
      siteUserId: memberships.siteUserId,
      email: siteUsers.email,
      displayName: siteUsers.displayName,
      source: memberships.source,
      orderId: memberships.orderId,
      subscriptionId: memberships.subscriptionId,
      startedAt: memberships.startedAt,
      endedAt: memberships.endedAt,
      active: sql<boolean>`(${activeMembershipSql(sql`${memberships}`)})`,
    })
    .from(memberships)
    .innerJoin(siteUsers, and(eq(siteUsers.websiteId, memberships.websiteId), eq(siteUsers.id, memberships.siteUserId)))
    .where(and(eq(memberships.websiteId, websiteId), eq(memberships.memberAreaId, areaId)))
    .orderBy(desc(memberships.startedAt), desc(memberships.id))
    .limit(limit);
  return rows;
}

/** When a site user joined each area they hold now: the earliest start of their active memberships, by area id. */
export async function activeMembershipStartsOf(db: DbOrTx, websiteId: string, siteUserId: string): Promise<Map<string, Date>> {
  const rows = (await db.execute(sql`
    SELECT m.member_area_id AS "areaId", min(m.started_at) AS "startedAt" FROM memberships m
    WHERE m.website_id = ${websiteId} AND m.site_user_id = ${siteUserId} AND ${activeMembershipSql(sql`m`)}
    GROUP BY m.member_area_id`)) as unknown as { rows: Array<{ areaId: string; startedAt: Date | string }> };
  return new Map(rows.rows.map((r) => [r.areaId, new Date(r.startedAt)]));
}
