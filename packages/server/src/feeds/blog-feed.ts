import { and, desc, eq, lte } from 'drizzle-orm';
import { collections, items, type DbOrTx } from '../db/index.js';
import { isGated, loadGateIndex } from '../member-areas/index.js';
import { cleanOwnerHtml } from '../rich-text/index.js';
import { absoluteUrl } from '../sites/index.js';
import type { Website } from '../sites/index.js';
import { buildRss, type RssChannel } from './rss.js';

/** Most recent posts in a feed. */
export const RSS_ITEM_LIMIT = 20;
/** Collection type of blogs (generic 1). */
export const BLOG_COLLECTION_TYPE = 1;

/** The RSS channel of a blog collection (`urlId`), or undefined when the site has no such public blog. */
export async function blogChannel(db: DbOrTx, site: Website, urlId: string, origin: string, now: Date = new Date()): Promise<RssChannel | undefined> {
  const [collection] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, site.id), eq(collections.urlId, urlId), eq(collections.enabled, true), eq(collections.type, BLOG_COLLECTION_TYPE)));
  if (!collection || collection.settings.kind === 'events' || collection.settings.access === 'password' || collection.settings.access === 'members')
    return undefined;
  // A feed is one public document: gated posts (and blogs a member area gates) are never in it.
  const gates = await loadGateIndex(db, site.id);
  if (isGated(gates, { collectionId: collection.id })) return undefined;
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, site.id), eq(items.collectionId, collection.id), eq(items.status, 'published'), lte(items.publishOn, now)))
    .orderBy(desc(items.publishOn), desc(items.id))
    .limit(RSS_ITEM_LIMIT);
  const link = absoluteUrl(origin, collection.isHomepage ? '/' : `/${collection.urlId}`);
  return {
    title: `${collection.title} — ${site.title}`,
    link,
    selfUrl: absoluteUrl(origin, `/${collection.urlId}/rss.xml`),
    description: collection.description || site.description || collection.title,
    language: site.settings.locale,
    lastBuildDate: rows[0]?.publishOn ?? collection.updatedAt,
    items: rows
      .filter((row) => !gates.items.has(row.id))
      .map((row) => ({
        title: row.title,
        link: absoluteUrl(origin, `/${collection.urlId}/${row.urlId}`),
        guid: row.id,
        pubDate: row.publishOn,
        descriptionHtml: cleanOwnerHtml(row.body || row.excerpt),
        author: row.authorName || undefined,
        categories: [...row.categories, ...row.tags],
      })),
  };
}

/** The RSS document of a blog, or undefined (see {@link blogChannel}). */
export async function blogRss(db: DbOrTx, site: Website, urlId: string, origin: string): Promise<string | undefined> {
  const channel = await blogChannel(db, site, urlId, origin);
  return channel && buildRss(channel);
}
