import { and, eq, sql } from 'drizzle-orm';
import { collections, websites } from '../db/index.js';
import type { Db } from '../db/types.js';

/** A collection's id and settings (where its password hash lives), or undefined when the site has no such collection. */
export async function findCollectionSettings(db: Db, websiteId: string, collectionId: string): Promise<{ id: string; settings: unknown } | undefined> {
  const [row] = await db
    .select({ id: collections.id, settings: collections.settings })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, collectionId)));
  return row;
}

/** Merges `patch` into the site's settings. */
export async function mergeSiteSettings(db: Db, websiteId: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .update(websites)
    .set({ settings: sql`${websites.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(websites.id, websiteId));
}

/** Merges `patch` into a collection's settings; false when the site has no such collection. */
export async function mergeCollectionSettings(db: Db, websiteId: string, collectionId: string, patch: Record<string, unknown>): Promise<boolean> {
  const updated = await db
    .update(collections)
    .set({ settings: sql`${collections.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, collectionId)))
    .returning({ id: collections.id });
  return updated.length > 0;
}
