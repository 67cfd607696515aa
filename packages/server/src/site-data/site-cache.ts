import { and, asc, eq, inArray } from 'drizzle-orm';
import { collections, forms, shippingOptions, taxRules, websites, type Db } from '../db/index.js';

/** A collection row. */
type CollectionRow = typeof collections.$inferSelect;
/** A form row. */
export type FormRow = typeof forms.$inferSelect;
/** A shipping option row. */
export type ShippingOptionRow = typeof shippingOptions.$inferSelect;
/** A tax rule row. */
export type TaxRuleRow = typeof taxRules.$inferSelect;

/**
 * Site-wide rows of one site at one content version. Each loader reads the database at most
 * once per version; rows that change with every sale (stock, prices, carts) are never here.
 */
export interface SiteData {
  readonly websiteId: string;
  /** The site's `content_version` when this request started (-1: the site row is gone). */
  readonly version: number;
  collections(): Promise<CollectionRow[]>;
  /** Forms of the site by id (ids that do not exist are absent). */
  forms(ids: readonly string[]): Promise<Map<string, FormRow>>;
  shippingOptionRows(): Promise<ShippingOptionRow[]>;
  taxRuleRows(): Promise<TaxRuleRow[]>;
}

interface Entry {
  version: number;
  values: Map<string, Promise<unknown>>;
}

/** Largest number of sites kept per database handle (least recently used dropped first). */
export const SITE_CACHE_MAX_SITES = 500;

const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** Reads the site's current content version (-1 when the site does not exist). */
export async function readContentVersion(db: Db, websiteId: string): Promise<number> {
  const rows = await db.select({ v: websites.contentVersion }).from(websites).where(eq(websites.id, websiteId)).limit(1);
  return rows[0]?.v ?? -1;
}

function entryFor(cache: Map<string, Entry>, websiteId: string, version: number): Entry {
  const current = cache.get(websiteId);
  if (current && current.version === version) {
    cache.delete(websiteId);
    cache.set(websiteId, current);
    return current;
  }
  const fresh: Entry = { version, values: new Map() };
  if (current && current.version > version) return fresh;
  cache.delete(websiteId);
  if (cache.size >= SITE_CACHE_MAX_SITES) cache.delete(cache.keys().next().value!);
  cache.set(websiteId, fresh);
  return fresh;
}

function memo<T>(entry: Entry, key: string, load: () => PromiseLike<T>): Promise<T> {
  const hit = entry.values.get(key);
  if (hit) return hit as Promise<T>;
  const value = (async () => await load())();
  entry.values.set(key, value);
  value.catch(() => {
    if (entry.values.get(key) === value) entry.values.delete(key);
  });
  return value;
}

/**
 * The site-wide data of a site for one request: reads the site's content version (one
 * statement) and serves collections, forms, shipping options and tax rules from this
 * process's cache when they were read at that version. Triggers bump the version in the
 * transaction of every write to those tables, so a change is seen by the next request of
 * every process.
 */
export async function siteData(db: Db, websiteId: string): Promise<SiteData> {
  return siteDataAt(db, websiteId, await readContentVersion(db, websiteId));
}

/**
 * {@link siteData} for a content version the request has already read (in the same statement
 * as other rows, for example a cart read): no statement of its own.
 */
export function siteDataAt(db: Db, websiteId: string, version: number): SiteData {
  const entry = entryFor(cacheOf(db), websiteId, version);
  return {
    websiteId,
    version,
    collections: () =>
      memo(entry, 'collections', () =>
        db.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.displayIndex), asc(collections.createdAt)),
      ),
    forms: async (ids) => {
      const wanted = [...new Set(ids)].sort();
      const out = new Map<string, FormRow>();
      if (wanted.length === 0) return out;
      const rows = await memo(entry, `forms:${wanted.join(',')}`, () =>
        db
          .select()
          .from(forms)
          .where(and(eq(forms.websiteId, websiteId), inArray(forms.id, wanted))),
      );
      for (const row of rows) out.set(row.id, row);
      return out;
    },
    shippingOptionRows: () =>
      memo(entry, 'shipping', () =>
        db
          .select()
          .from(shippingOptions)
          .where(eq(shippingOptions.websiteId, websiteId))
          .orderBy(asc(shippingOptions.displayIndex), asc(shippingOptions.priceCents), asc(shippingOptions.id)),
      ),
    taxRuleRows: () => memo(entry, 'tax', () => db.select().from(taxRules).where(eq(taxRules.websiteId, websiteId))),
  };
}
