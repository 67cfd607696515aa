import { and, asc, eq, lte } from 'drizzle-orm';
import { collections, items, type DbOrTx } from '../db/index.js';
import { isGated, loadGateIndex } from '../member-areas/index.js';

/** Collection types whose items have no page of their own: page 10, gallery-block 6. */
export const COLLECTION_TYPES_WITHOUT_ITEM_PAGES: readonly number[] = Object.freeze([6, 10]);
/** Sitemaps protocol: at most 50,000 URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** One public URL of a site, with its last change. */
export interface SiteUrl {
  path: string;
  lastModified: Date;
}

function isPublicCollection(settings: Readonly<Record<string, unknown>>): boolean {
  return settings.access !== 'password' && settings.access !== 'members';
}

/**
 * Every public page of a site: `/` (the home page), each enabled collection not behind a
 * password or member area (nor gated by a member area's gates) (`/{urlId}`), and each published item with a page of its own
 * (`/{collectionUrlId}/{itemUrlId}`). At most {@link SITEMAP_MAX_URLS}.
 */
export async function publicSiteUrls(db: DbOrTx, websiteId: string, now: Date = new Date()): Promise<SiteUrl[]> {
  const cols = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.enabled, true)))
    .orderBy(asc(collections.displayIndex), asc(collections.createdAt), asc(collections.id));
  const gates = await loadGateIndex(db, websiteId);
  const visible = cols.filter((c) => isPublicCollection(c.settings) && !isGated(gates, { collectionId: c.id }));
  const urls: SiteUrl[] = [];
  const home = visible.find((c) => c.isHomepage);
  urls.push({ path: '/', lastModified: home?.updatedAt ?? cols[0]?.updatedAt ?? now });
  for (const c of visible) if (!c.isHomepage) urls.push({ path: `/${c.urlId}`, lastModified: c.updatedAt });
  const withItemPages = new Map(visible.filter((c) => !COLLECTION_TYPES_WITHOUT_ITEM_PAGES.includes(c.type)).map((c) => [c.id, c]));
  if (withItemPages.size === 0) return urls;
  const rows = await db
    .select({ id: items.id, collectionId: items.collectionId, urlId: items.urlId, updatedAt: items.updatedAt })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.status, 'published'), lte(items.publishOn, now)))
    .orderBy(asc(items.collectionId), asc(items.displayIndex), asc(items.publishOn), asc(items.id))
    .limit(SITEMAP_MAX_URLS);
  for (const row of rows) {
    const collection = withItemPages.get(row.collectionId);
    if (collection && !gates.items.has(row.id)) urls.push({ path: `/${collection.urlId}/${row.urlId}`, lastModified: row.updatedAt });
  }
  return urls.slice(0, SITEMAP_MAX_URLS);
}
