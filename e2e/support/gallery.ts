import { and, eq } from 'drizzle-orm';
import { collections, websites } from '../../packages/server/src/db/schema.js';
import type { RunningStore } from './store.js';

/** Stores `gallery` as a gallery collection's options (default: the demo site's /studio), as the owner's settings do. */
export async function setGalleryOptions(store: RunningStore, gallery: Record<string, unknown>, site = 'demo', urlId = 'studio'): Promise<void> {
  const db = store.app.emporium.db;
  const [row] = await db
    .select({ id: collections.id, settings: collections.settings })
    .from(collections)
    .innerJoin(websites, eq(websites.id, collections.websiteId))
    .where(and(eq(websites.identifier, site), eq(collections.urlId, urlId)));
  if (!row) throw new Error(`No collection '${urlId}' on site '${site}'`);
  await db
    .update(collections)
    .set({ settings: { ...(row.settings as Record<string, unknown>), gallery } })
    .where(eq(collections.id, row.id));
}
