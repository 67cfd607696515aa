import { and, count, countDistinct, desc, eq, gte, sql } from 'drizzle-orm';
import { collections, items, siteUsers, trackingEvents } from '../db/schema.js';
import { courseLessons } from '../db/schema-courses.js';
import type { DbOrTx } from '../db/types.js';
import type { CensusHit } from './census-hit.js';

/** `tracking_events.source` of census hits. */
export const CENSUS_SOURCE = 'census';

/** Page views of one path over a period. */
export interface PathViews {
  path: string;
  views: number;
  visitors: number;
}

/** Stores one page-view hit under the site the request's host resolved to. */
export async function recordPageView(db: DbOrTx, websiteId: string, hit: CensusHit): Promise<void> {
  const { visitorId, event, ...payload } = hit;
  await db.insert(trackingEvents).values({ websiteId, source: CENSUS_SOURCE, name: event, visitorId, payload });
}

/** True when the item and/or collection a hit names belong to the site (an item must sit in the named collection). */
export async function hitTargetsExist(db: DbOrTx, websiteId: string, hit: Pick<CensusHit, 'itemId' | 'collectionId'>): Promise<boolean> {
  if (hit.itemId) {
    const [row] = await db
      .select({ collectionId: items.collectionId })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.id, hit.itemId)));
    // A course's lesson (record type 62) is an item of its course collection, kept in its own table.
    const [lesson] = row
      ? [undefined]
      : await db
          .select({ collectionId: courseLessons.courseId })
          .from(courseLessons)
          .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.id, hit.itemId)));
    const found = row ?? lesson;
    return found !== undefined && (hit.collectionId === undefined || found.collectionId === hit.collectionId);
  }
  if (hit.collectionId) {
    const [row] = await db
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.id, hit.collectionId)));
    return row !== undefined;
  }
  return true;
}

/** The role number of a site's user, or undefined when the site has no such user. */
export async function siteUserRole(db: DbOrTx, websiteId: string, siteUserId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ role: siteUsers.role })
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, siteUserId)));
  return row?.role;
}

/** Page views and distinct visitors per path since `since`, most viewed first (at most `limit` paths). */
export async function pageViewsByPath(db: DbOrTx, websiteId: string, since: Date, limit = 500): Promise<PathViews[]> {
  const path = sql<string>`${trackingEvents.payload}->>'path'`;
  const views = count();
  const rows = await db
    .select({ path, views, visitors: countDistinct(trackingEvents.visitorId) })
    .from(trackingEvents)
    .where(
      and(
        eq(trackingEvents.websiteId, websiteId),
        eq(trackingEvents.source, CENSUS_SOURCE),
        eq(trackingEvents.name, 'view'),
        gte(trackingEvents.createdAt, since),
      ),
    )
    .groupBy(path)
    .orderBy(desc(views), path)
    .limit(limit);
  return rows.map((r) => ({ path: r.path ?? '', views: Number(r.views), visitors: Number(r.visitors) }));
}
