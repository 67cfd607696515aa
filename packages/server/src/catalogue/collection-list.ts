import { asc, eq } from 'drizzle-orm';
import { collectionPasswordHash } from '../access/index.js';
import { collections } from '../db/index.js';
import type { DbOrTx } from '../db/types.js';
import { STORE_COLLECTION_TYPE } from './product-repository.js';
import type { CollectionKind, CollectionSummary } from './collection-schemas.js';

/** Collection type numbers of spec 3 that are not stores. */
const PAGE_COLLECTION_TYPE = 10;
const GALLERY_COLLECTION_TYPE = 6;

function kindOf(type: number, settings: Readonly<Record<string, unknown>>): CollectionKind {
  if (type === STORE_COLLECTION_TYPE) return 'store';
  if (type === PAGE_COLLECTION_TYPE) return 'page';
  if (type === GALLERY_COLLECTION_TYPE) return 'gallery';
  return settings.kind === 'events' ? 'events' : 'blog';
}

/** Every collection of a site (pages, blogs, stores…) in navigation order, named for people. */
export async function listCollections(db: DbOrTx, websiteId: string): Promise<CollectionSummary[]> {
  const rows = await db
    .select({
      id: collections.id,
      type: collections.type,
      title: collections.title,
      navigationTitle: collections.navigationTitle,
      urlId: collections.urlId,
      settings: collections.settings,
    })
    .from(collections)
    .where(eq(collections.websiteId, websiteId))
    .orderBy(asc(collections.displayIndex), asc(collections.createdAt), asc(collections.id));
  return rows.map((row) => ({
    id: row.id,
    kind: kindOf(row.type, row.settings),
    title: row.title || row.navigationTitle || row.urlId,
    urlId: row.urlId,
    passwordProtected: collectionPasswordHash(row) !== undefined,
  }));
}
