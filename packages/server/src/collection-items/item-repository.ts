import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { collections, items, siteDrafts, type DbOrTx } from '../db/index.js';
import { owners } from '../db/schema-owners.js';
import { AppError } from '../errors/index.js';
import { baseUrlId, nextFreeUrlId, urlIdFamilyPattern } from '../catalogue/index.js';
import { pageKindOf } from '../site-pages/index.js';
import { SEO_DATA_KEY } from '../seo/index.js';
import { ITEM_MESSAGES } from './item-messages.js';
import { RECORD_TYPE_OF, type StoredItemFields } from './item-rules.js';
import { PREVIOUS_URL_IDS_KEY, previousUrlIdsOf, type ItemCollection } from './item-view.js';
import type { ItemStatus } from './schemas.js';

type ItemRow = typeof items.$inferSelect;

/** Most former URL slugs an item keeps redirecting (as many as a page). */
const MAX_PREVIOUS_URL_IDS = 20;

/** Fallback titles whose slug an item takes when its own title gives under 3 characters. */
const FALLBACK_TITLE = Object.freeze({ blog: 'Post', events: 'Event', gallery: 'Image' });

/** The site's blog, events or gallery collection `collectionId`; 404 for any other. */
export async function itemCollectionOf(db: DbOrTx, websiteId: string, collectionId: string): Promise<ItemCollection> {
  const [row] = await db
    .select({ id: collections.id, type: collections.type, settings: collections.settings, title: collections.title, urlId: collections.urlId })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, collectionId)));
  const kind = row ? pageKindOf(row.type, row.settings) : undefined;
  if (!row || (kind !== 'blog' && kind !== 'events' && kind !== 'gallery')) throw new AppError('NOT_FOUND', ITEM_MESSAGES.collectionNotFound);
  return { id: row.id, kind, title: row.title, urlId: row.urlId };
}

/** The owners of a site, as authors: id, email and the name shown by default (the email's name). */
export async function authorsOf(db: DbOrTx, websiteId: string): Promise<{ id: string; email: string; displayName: string }[]> {
  const rows = await db.select({ id: owners.id, email: owners.email }).from(owners).where(eq(owners.websiteId, websiteId)).orderBy(asc(owners.email));
  return rows.map((row) => ({ ...row, displayName: row.email.split('@')[0]! }));
}

/** The name an item shows for `authorId` (an owner of the site): `given`, else the owner's email name; 400 when it is no owner of the site. */
export async function authorNameFor(db: DbOrTx, websiteId: string, authorId: string | null, given: string): Promise<string> {
  if (authorId === null) return given;
  const [owner] = await db
    .select({ email: owners.email })
    .from(owners)
    .where(and(eq(owners.websiteId, websiteId), eq(owners.id, authorId)));
  if (!owner) throw new AppError('VALIDATION_FAILED', ITEM_MESSAGES.authorNotOwner, { body: { fields: { authorId: ITEM_MESSAGES.authorNotOwner } } });
  return given || owner.email.split('@')[0]!;
}

/** A gallery image's drafted place (decision 0055), null when its draft does not move it. */
const draftedPlace = sql`(select case when jsonb_typeof(d.value -> 'displayIndex') = 'number' then (d.value ->> 'displayIndex')::int end
  from ${siteDrafts} d where d.website_id = ${items.websiteId} and d.subject = 'item:' || ${items.id})`;

/**
 * Keyset position of a row in its collection's order as the owner lists it: a gallery by its
 * drafted place (else its display index), so its pages follow the order the owner drafted;
 * others newest first.
 */
function positionOf(kind: ItemCollection['kind']) {
  return kind === 'gallery'
    ? sql<string>`lpad(coalesce(${draftedPlace}, ${items.displayIndex})::text, 10, '0')`
    : sql<string>`(extract(epoch from ${items.publishOn}) * 1000000)::bigint::text`;
}

/**
 * A page of a collection's items (every status, or one), `limit + 1` rows from after the
 * keyset position `after` ([position, id]) so the caller can tell whether more follow.
 */
export async function listItems(
  db: DbOrTx,
  websiteId: string,
  collection: ItemCollection,
  filter: { status?: ItemStatus },
  limit: number,
  after: string[] | undefined,
): Promise<(ItemRow & { position: string })[]> {
  const position = positionOf(collection.kind);
  const ascending = collection.kind === 'gallery';
  const where: SQL[] = [eq(items.websiteId, websiteId), eq(items.collectionId, collection.id)];
  if (filter.status) where.push(eq(items.status, filter.status));
  if (after)
    where.push(ascending ? sql`(${position}, ${items.id}) > (${after[0]}, ${after[1]})` : sql`(${position}, ${items.id}) < (${after[0]}, ${after[1]})`);
  const order = ascending ? [asc(position), asc(items.id)] : [desc(position), desc(items.id)];
  return db
    .select({ row: items, position })
    .from(items)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit + 1)
    .then((rows) => rows.map(({ row, position: p }) => ({ ...row, position: p })));
}

/** An item of the collection, or undefined. */
export async function findItem(db: DbOrTx, websiteId: string, collectionId: string, itemId: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), eq(items.id, itemId)));
  return row;
}

async function freeUrlId(db: DbOrTx, websiteId: string, collection: ItemCollection, title: string): Promise<string> {
  const base = baseUrlId(title, FALLBACK_TITLE[collection.kind]);
  const taken = await db
    .select({ urlId: items.urlId })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collection.id), like(items.urlId, urlIdFamilyPattern(base))));
  return nextFreeUrlId(
    base,
    taken.map((t) => t.urlId),
  );
}

/** Refuses (400, on the `urlId` field) a slug another item of the collection has. */
export async function refuseTakenUrlId(db: DbOrTx, websiteId: string, collectionId: string, urlId: string, itemId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), eq(items.urlId, urlId)))
    .limit(1);
  if (taken && taken.id !== itemId) {
    const message = ITEM_MESSAGES.urlIdTaken(urlId);
    throw new AppError('VALIDATION_FAILED', message, { body: { fields: { urlId: message } } });
  }
}

/** Adds an item to the collection (version 1, last in a gallery) at its given slug (400 when taken) or its title's; returns its row. */
export async function createItem(
  tx: DbOrTx,
  websiteId: string,
  collection: ItemCollection,
  fields: StoredItemFields,
  extra: { assetUrl?: string; structured?: Record<string, unknown> } = {},
): Promise<ItemRow> {
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${items.displayIndex}), -1)` })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collection.id)));
  const { structured, urlId: wanted, displayIndex: _place, ...columns } = fields;
  if (wanted !== undefined) await refuseTakenUrlId(tx, websiteId, collection.id, wanted);
  const [row] = await tx
    .insert(items)
    .values({
      websiteId,
      collectionId: collection.id,
      recordType: RECORD_TYPE_OF[collection.kind],
      urlId: wanted ?? (await freeUrlId(tx, websiteId, collection, fields.title)),
      ...columns,
      assetUrl: extra.assetUrl ?? null,
      displayIndex: Number(last?.max ?? -1) + 1,
      structuredContent: { ...extra.structured, ...structured },
    })
    .returning();
  return row!;
}

/**
 * Locks an item for the rest of the transaction and checks the version the owner read: 404
 * when the collection has no such item, 409 with the current version when it moved on.
 */
export async function lockItem(tx: DbOrTx, websiteId: string, collectionId: string, itemId: string, expected: number): Promise<ItemRow> {
  const [row] = await tx
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), eq(items.id, itemId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', ITEM_MESSAGES.itemNotFound);
  if (row.version !== expected) throw new AppError('CONFLICT', ITEM_MESSAGES.staleVersion(expected, row.version), { body: { currentVersion: row.version } });
  return row;
}

/**
 * Saves every field of a locked item and moves its version on; returns the new row. A new slug
 * (400 when another item of the collection has it) keeps the old one of a published item,
 * which then redirects to it, as a page's does.
 */
export async function updateItem(tx: DbOrTx, current: ItemRow, fields: StoredItemFields): Promise<ItemRow> {
  const { structured, urlId, displayIndex, ...columns } = fields;
  const stored: Record<string, unknown> = { ...current.structuredContent, ...structured };
  const seo = structured[SEO_DATA_KEY];
  if (seo && typeof seo === 'object') stored[SEO_DATA_KEY] = { ...objectOf(current.structuredContent[SEO_DATA_KEY]), ...seo };
  const moved = urlId !== undefined && urlId !== current.urlId;
  if (moved) {
    await refuseTakenUrlId(tx, current.websiteId, current.collectionId, urlId, current.id);
    const kept = previousUrlIdsOf(current.structuredContent).filter((u) => u !== urlId && u !== current.urlId);
    // Only an address visitors could have known redirects.
    stored[PREVIOUS_URL_IDS_KEY] = (current.status === 'published' ? [current.urlId, ...kept] : kept).slice(0, MAX_PREVIOUS_URL_IDS);
  }
  const [row] = await tx
    .update(items)
    .set({
      ...columns,
      ...(moved ? { urlId } : {}),
      ...(displayIndex !== undefined ? { displayIndex } : {}),
      structuredContent: stored,
      version: current.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(items.websiteId, current.websiteId), eq(items.id, current.id)))
    .returning();
  return row!;
}

function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Deletes a locked item. */
export async function deleteItem(tx: DbOrTx, current: ItemRow): Promise<void> {
  await tx.delete(items).where(and(eq(items.websiteId, current.websiteId), eq(items.id, current.id)));
}

/**
 * Puts a gallery's items in the order given (display index 0, 1, ...); items not named keep
 * their place after them. 400 when an id is not an item of the collection.
 */
export async function orderItems(tx: DbOrTx, websiteId: string, collectionId: string, itemIds: readonly string[]): Promise<void> {
  const unique = [...new Set(itemIds)];
  const found = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), inArray(items.id, unique)))
    .for('update');
  if (found.length !== unique.length) throw new AppError('VALIDATION_FAILED', ITEM_MESSAGES.orderUnknownItem);
  const rest = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), sql`${items.id} <> all(${sql.param(unique)}::text[])`))
    .orderBy(asc(items.displayIndex), asc(items.id));
  const order = [...unique, ...rest.map((r) => r.id)];
  await tx
    .update(items)
    .set({ displayIndex: sql`array_position(${sql.param(order)}::text[], ${items.id}) - 1`, updatedAt: new Date() })
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId)));
}

/**
 * Publishes a scheduled item whose time has come (one guarded statement: status still
 * `scheduled` and `publish_on` not after `now`, the database's clock by default), so a job that runs twice, or one left over from
 * an earlier schedule, publishes nothing twice. True when this call published it.
 */
export async function publishDueItem(db: DbOrTx, websiteId: string, itemId: string, now?: Date): Promise<boolean> {
  // Without `now`, the database's clock: the one the job queue started the job by.
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const rows = await db
    .update(items)
    .set({ status: 'published', version: sql`${items.version} + 1`, updatedAt: sql`${at}` })
    .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId), eq(items.status, 'scheduled'), sql`${items.publishOn} <= ${at}`))
    .returning({ id: items.id });
  return rows.length === 1;
}
