import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { collections, forms, items, orderCheckoutDetails, orderItems, orders, products, variants, type Db } from '../db/index.js';
import type { CollectionKind } from '../spec/index.js';
import { readThrough, type ReadSource } from '../site-data/index.js';

/** A collection row. */
export type CollectionRow = typeof collections.$inferSelect;
/** An item row. */
export type ItemRow = typeof items.$inferSelect;
/** A product row with its variants in display order. */
export interface ProductWithVariants {
  product: typeof products.$inferSelect;
  variants: (typeof variants.$inferSelect)[];
}

function visible(websiteId: string, now: Date): SQL {
  return and(eq(items.websiteId, websiteId), eq(items.status, 'published'), lte(items.publishOn, now))!;
}

/** Every collection of a website, in display order. */
export function listCollections(db: Db, websiteId: string): Promise<CollectionRow[]> {
  return db.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.displayIndex), asc(collections.createdAt));
}

/** Listing options: page window and optional tag or category filter. */
export interface ListOptions {
  kind: CollectionKind;
  limit: number;
  offset: number;
  tag?: string | undefined;
  category?: string | undefined;
  /** Items with any of these tags (a theme query's `tag="a,b"`). */
  anyTag?: readonly string[];
  /** Items in any of these categories. */
  anyCategory?: readonly string[];
  /** Only featured (starred) items. */
  starred?: boolean;
  now: Date;
  /** False skips counting the matches (`total` is then the number of rows returned). */
  count?: boolean;
}

function listingOrder(kind: CollectionKind): SQL[] {
  if (kind === 'blog') return [desc(items.publishOn), asc(items.id)];
  if (kind === 'events') return [sql`(${items.structuredContent}->>'startDate')::bigint asc nulls last`, asc(items.id)];
  return [asc(items.displayIndex), asc(items.createdAt), asc(items.id)];
}

/** The key of a listing among a page build's reads: everything but the clock, which kept reads outlive by at most their life. */
function listingKey(collectionId: string, options: ListOptions): string {
  const { now: _now, ...rest } = options;
  return `items:${collectionId}:${JSON.stringify(rest)}`;
}

/** One page of a collection's published items, and how many there are in all (unless `count: false`). */
export function listItems(from: ReadSource, websiteId: string, collectionId: string, options: ListOptions): Promise<{ rows: ItemRow[]; total: number }> {
  return readThrough(from, listingKey(collectionId, options), (db) => readListing(db, websiteId, collectionId, options));
}

async function readListing(db: Db, websiteId: string, collectionId: string, options: ListOptions): Promise<{ rows: ItemRow[]; total: number }> {
  const filters: SQL[] = [visible(websiteId, options.now), eq(items.collectionId, collectionId)];
  if (options.tag) filters.push(sql`${options.tag} = any(${items.tags})`);
  if (options.category) filters.push(sql`${options.category} = any(${items.categories})`);
  if (options.anyTag?.length)
    filters.push(
      sql`${items.tags} && ARRAY[${sql.join(
        options.anyTag.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  if (options.anyCategory?.length)
    filters.push(
      sql`${items.categories} && ARRAY[${sql.join(
        options.anyCategory.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]`,
    );
  if (options.starred) filters.push(eq(items.starred, true));
  const where = and(...filters);
  const page = db
    .select()
    .from(items)
    .where(where)
    .orderBy(...listingOrder(options.kind))
    .limit(options.limit)
    .offset(options.offset);
  if (options.count === false) {
    const rows = await page;
    return { rows, total: rows.length };
  }
  const [rows, totals] = await Promise.all([page, db.select({ n: count() }).from(items).where(where)]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

/** Most categories a store page's filter lists. */
const MAX_LISTED_CATEGORIES = 100;

/** The categories of a collection's published items, each once, in alphabetical order. */
export function publishedCategories(from: ReadSource, websiteId: string, collectionId: string, now: Date): Promise<string[]> {
  return readThrough(from, `categories:${collectionId}`, (db) => readCategories(db, websiteId, collectionId, now));
}

async function readCategories(db: Db, websiteId: string, collectionId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: sql<string>`unnest(${items.categories})`.as('category') })
    .from(items)
    .where(and(visible(websiteId, now), eq(items.collectionId, collectionId)))
    .orderBy(sql`1`)
    .limit(MAX_LISTED_CATEGORIES);
  return rows.map((row) => row.category).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** A published item of a collection by its URL id, or undefined. */
export function findItem(from: ReadSource, websiteId: string, collectionId: string, urlId: string, now: Date): Promise<ItemRow | undefined> {
  return readThrough(from, `item:${collectionId}:${urlId}`, async (db) => {
    const rows = await db
      .select()
      .from(items)
      .where(and(visible(websiteId, now), eq(items.collectionId, collectionId), eq(items.urlId, urlId)))
      .limit(1);
    return rows[0];
  });
}

/**
 * The slug a published item of a collection has now when `urlId` was its slug before (an
 * owner changed it, decision 0055); undefined when none had it.
 */
export async function movedItemUrlId(db: Db, websiteId: string, collectionId: string, urlId: string, now: Date): Promise<string | undefined> {
  const rows = await db
    .select({ urlId: items.urlId })
    .from(items)
    .where(
      and(
        visible(websiteId, now),
        eq(items.collectionId, collectionId),
        sql`${items.structuredContent} -> 'previousUrlIds' @> ${JSON.stringify([urlId])}::jsonb`,
      ),
    )
    .orderBy(desc(items.updatedAt))
    .limit(1);
  return rows[0]?.urlId;
}

/** The published items just before and after a blog post (by publish date). */
export function adjacentPosts(from: ReadSource, websiteId: string, item: ItemRow, now: Date): Promise<{ newer?: ItemRow; older?: ItemRow }> {
  return readThrough(from, `adjacent:${item.id}`, (db) => readAdjacentPosts(db, websiteId, item, now));
}

async function readAdjacentPosts(db: Db, websiteId: string, item: ItemRow, now: Date): Promise<{ newer?: ItemRow; older?: ItemRow }> {
  const base = and(visible(websiteId, now), eq(items.collectionId, item.collectionId), sql`${items.id} <> ${item.id}`);
  const [newer, older] = await Promise.all([
    db
      .select()
      .from(items)
      .where(and(base, sql`${items.publishOn} > ${item.publishOn}`))
      .orderBy(asc(items.publishOn))
      .limit(1),
    db
      .select()
      .from(items)
      .where(and(base, sql`${items.publishOn} <= ${item.publishOn}`))
      .orderBy(desc(items.publishOn), asc(items.id))
      .limit(1),
  ]);
  return { newer: newer[0], older: older[0] };
}

/** Products and their variants for the given item ids of one website. */
export async function loadProducts(from: ReadSource, websiteId: string, itemIds: readonly string[]): Promise<Map<string, ProductWithVariants>> {
  if (itemIds.length === 0) return new Map();
  const ids = [...new Set(itemIds)].sort();
  return readThrough(from, `products:${ids.join(',')}`, (db) => readProducts(db, websiteId, ids));
}

async function readProducts(db: Db, websiteId: string, ids: readonly string[]): Promise<Map<string, ProductWithVariants>> {
  const out = new Map<string, ProductWithVariants>();
  const [productRows, variantRows] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(products.itemId, ids))),
    db
      .select()
      .from(variants)
      .where(and(eq(variants.websiteId, websiteId), inArray(variants.productId, ids)))
      .orderBy(asc(variants.displayIndex), asc(variants.sku)),
  ]);
  for (const product of productRows) out.set(product.itemId, { product, variants: [] });
  for (const v of variantRows) out.get(v.productId)?.variants.push(v);
  return out;
}

/** Forms of one website by id. */
export async function loadForms(from: ReadSource, websiteId: string, ids: readonly string[]): Promise<Map<string, typeof forms.$inferSelect>> {
  if (ids.length === 0) return new Map();
  const wanted = [...new Set(ids)].sort();
  return readThrough(from, `forms:${wanted.join(',')}`, async (db) => {
    const rows = await db
      .select()
      .from(forms)
      .where(and(eq(forms.websiteId, websiteId), inArray(forms.id, wanted)));
    return new Map(rows.map((r) => [r.id, r]));
  });
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Published items of a website whose title, body, excerpt or tags contain every word of
 * the query (case-insensitive), title matches first.
 */
export async function searchItems(db: Db, websiteId: string, query: string, now: Date, limit: number): Promise<ItemRow[]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return [];
  const haystack = sql`lower(${items.title} || ' ' || ${items.excerpt} || ' ' || ${items.body} || ' ' || array_to_string(${items.tags}, ' ') || ' ' || array_to_string(${items.categories}, ' '))`;
  const matches = words.map((w) => sql`${haystack} like ${`%${likeEscape(w)}%`}`);
  const titleHit = sql`case when lower(${items.title}) like ${`%${likeEscape(words[0]!)}%`} then 0 else 1 end`;
  return db
    .select()
    .from(items)
    .innerJoin(collections, and(eq(collections.websiteId, items.websiteId), eq(collections.id, items.collectionId)))
    .where(and(visible(websiteId, now), eq(collections.enabled, true), ...matches))
    .orderBy(titleHit, desc(items.publishOn), asc(items.id))
    .limit(limit)
    .then((rows) => rows.map((r) => r.items));
}

/** An order of one website with its lines, or undefined. */
export async function findOrder(db: Db, websiteId: string, orderId: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)))
    .limit(1);
  const order = rows[0];
  if (!order) return undefined;
  const [lines, details] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.websiteId, websiteId), eq(orderItems.orderId, orderId)))
      .orderBy(asc(orderItems.id)),
    db
      .select({ shippingOption: orderCheckoutDetails.shippingOption, giftCardCents: orderCheckoutDetails.giftCardCents })
      .from(orderCheckoutDetails)
      .where(and(eq(orderCheckoutDetails.websiteId, websiteId), eq(orderCheckoutDetails.orderId, orderId)))
      .limit(1),
  ]);
  return { order, lines, details: details[0] };
}

/** Items of one website by id (for cart lines and summaries). */
export async function itemsById(db: Db, websiteId: string, ids: readonly string[]): Promise<Map<string, ItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), inArray(items.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}
