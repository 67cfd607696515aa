import { and, eq, like, sql } from 'drizzle-orm';
import { collections, productCategories, websites } from '../db/index.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { cleanOwnerHtml } from '../rich-text/index.js';
import { matchPageRoute } from '../pages/index.js';
import { uniqueViolationOf } from './db-errors.js';
import { STORE_COLLECTION_TYPE } from './product-repository.js';
import { baseUrlId, nextFreeUrlId, slugOf, urlIdFamilyPattern } from './url-id.js';

/** Title whose slug a store's urlId takes when its own title gives under 3 characters (spec 5 "Store setup"). */
export const STORE_FALLBACK_TITLE = 'Store';
/** Spec 8: the refusal when the site has no main navigation to place a store in. */
export const NO_MAIN_NAVIGATION = 'Unable to find site main navigation';
/** Refusal of a second root category for one store. */
export const ROOT_CATEGORY_EXISTS = 'This store already has a root category.';
/** Refusal of a collection that is not a store of this site. */
export const NO_SUCH_STORE = 'No such store on this site.';

/** A store as created (spec 3 "Store setup entities": product collection). */
export interface StoreCollection {
  id: string;
  navigationTitle: string;
  title: string;
  urlId: string;
  description: string;
  enabled: true;
}

/** The fields of a new store (spec 7). */
export interface NewStore {
  navigationTitle: string;
  title: string;
  urlId?: string;
  description: string;
}

async function freeCollectionUrlId(db: Db, websiteId: string, base: string): Promise<string> {
  const rows = await db
    .select({ urlId: collections.urlId })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), like(collections.urlId, urlIdFamilyPattern(base))));
  const taken = rows.map((r) => r.urlId);
  if (matchPageRoute(`/${base}`).kind !== 'collection') taken.push(base);
  return nextFreeUrlId(base, taken);
}

/**
 * Creates a store (products collection, always enabled) whose urlId derives from the title
 * (or the given urlId): the fallback title when under 3 characters, the next free -1, -2 …
 * on a collision (spec 5 "Store setup"); the description is stored cleaned ({@link cleanOwnerHtml}). A concurrent store taking the same urlId first makes
 * this one try the next free number.
 */
export async function createStore(db: Db, websiteId: string, store: NewStore): Promise<StoreCollection> {
  const given = store.urlId ? slugOf(store.urlId) : '';
  const base = given.length >= 3 ? given : baseUrlId(store.title, STORE_FALLBACK_TITLE);
  const description = cleanOwnerHtml(store.description);
  for (let attempt = 0; ; attempt += 1) {
    const urlId = await freeCollectionUrlId(db, websiteId, base);
    try {
      const [row] = await db
        .insert(collections)
        .values({
          websiteId,
          type: STORE_COLLECTION_TYPE,
          urlId,
          title: store.title,
          navigationTitle: store.navigationTitle,
          description,
          enabled: true,
        })
        .returning({ id: collections.id });
      return { id: row!.id, navigationTitle: store.navigationTitle, title: store.title, urlId, description, enabled: true };
    } catch (error) {
      if (attempt >= 4 || uniqueViolationOf(error) !== 'collections_website_url_key') throw error;
    }
  }
}

/** A root category as created (spec 3: displayName, parentCategoryId empty, type ROOT, pageRendering LIST_VIEW, displayIndex 1). */
export interface RootCategory {
  id: string;
  collectionId: string;
  displayName: string;
  parentCategoryId: string;
  type: 'ROOT';
  pageRendering: 'LIST_VIEW';
  displayIndex: number;
}

/** Creates a store's root category; 404 when the collection is not a store of the site, 409 when it has one. */
export async function createRootCategory(
  db: Db,
  websiteId: string,
  collectionId: string,
  input: { displayName: string; displayIndex: number },
): Promise<RootCategory> {
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.id, collectionId), eq(collections.type, STORE_COLLECTION_TYPE)))
      .for('update');
    if (!store) throw new AppError('NOT_FOUND', NO_SUCH_STORE);
    const [existing] = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(eq(productCategories.websiteId, websiteId), eq(productCategories.collectionId, collectionId), eq(productCategories.type, 'ROOT')));
    if (existing) throw new AppError('CONFLICT', ROOT_CATEGORY_EXISTS);
    const [row] = await tx
      .insert(productCategories)
      .values({
        websiteId,
        collectionId,
        displayName: input.displayName,
        parentCategoryId: null,
        type: 'ROOT',
        pageRendering: 'LIST_VIEW',
        displayIndex: input.displayIndex,
      })
      .returning({ id: productCategories.id });
    return {
      id: row!.id,
      collectionId,
      displayName: input.displayName,
      parentCategoryId: '',
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: input.displayIndex,
    };
  });
}

interface NavigationSettings {
  mainNavigation?: { items?: unknown[] };
  [id: string]: unknown;
}

/**
 * Puts a store first in the site's main navigation, followed by the existing links (an earlier
 * link to the same store is dropped). The website row is locked while the navigation is read
 * and written, so two placements never lose one another. 404 'Unable to find site main
 * navigation' when the site has none; 404 when the collection is not a store of the site.
 */
export async function placeStoreFirstInMainNavigation(db: Db, websiteId: string, collectionId: string): Promise<{ collectionId: string }[]> {
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.id, collectionId), eq(collections.type, STORE_COLLECTION_TYPE)));
    if (!store) throw new AppError('NOT_FOUND', NO_SUCH_STORE);
    const [site] = await tx.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)).for('update');
    const navigation = site?.settings.navigation as NavigationSettings | undefined;
    const main = navigation?.mainNavigation;
    if (!main || typeof main !== 'object' || !Array.isArray(main.items)) throw new AppError('NOT_FOUND', NO_MAIN_NAVIGATION);
    const others = main.items.filter((entry) => !(entry && typeof entry === 'object' && (entry as { collectionId?: unknown }).collectionId === collectionId));
    const items = [{ collectionId }, ...others];
    await tx
      .update(websites)
      .set({ settings: sql`jsonb_set(${websites.settings}, '{navigation,mainNavigation,items}', ${JSON.stringify(items)}::jsonb)`, updatedAt: new Date() })
      .where(eq(websites.id, websiteId));
    return items as { collectionId: string }[];
  });
}
