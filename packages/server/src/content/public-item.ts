import { and, eq, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { collections, items, type DbOrTx } from '../db/index.js';
import { AppError, notFound } from '../errors/index.js';
import type { Website } from '../sites/index.js';

/** An item row. */
export type ItemRow = typeof items.$inferSelect;
/** A collection row. */
export type CollectionRow = typeof collections.$inferSelect;

/** Message of the 404 for an item id that is not a public item of the request's site. */
export const ITEM_NOT_FOUND_MESSAGE = 'This item does not exist.';

const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The request's website; 404 on a host without one. */
export function siteOf(request: FastifyRequest): Website {
  if (!request.site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  return request.site;
}

/** The `:itemId` route parameter (declared by the route's params schema), checked for shape (404 otherwise: no probing with odd ids). */
export function itemIdParam(request: { params: { itemId: string } }): string {
  const id = request.params.itemId;
  if (!ITEM_ID.test(id)) throw notFound(ITEM_NOT_FOUND_MESSAGE);
  return id;
}

/** True for a collection behind a password or a member area (its items are not public). */
export function isRestrictedCollection(settings: Readonly<Record<string, unknown>>): boolean {
  return settings.access === 'password' || settings.access === 'members';
}

/**
 * A published item (publish date reached) of an enabled, unrestricted collection of the site,
 * with its collection, or undefined. An id belonging to another site is simply not found.
 */
export async function findPublicItem(
  db: DbOrTx,
  websiteId: string,
  itemId: string,
  now: Date = new Date(),
): Promise<{ item: ItemRow; collection: CollectionRow } | undefined> {
  const rows = await db
    .select({ item: items, collection: collections })
    .from(items)
    .innerJoin(collections, and(eq(collections.websiteId, items.websiteId), eq(collections.id, items.collectionId)))
    .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId), eq(items.status, 'published'), lte(items.publishOn, now), eq(collections.enabled, true)))
    .limit(1);
  const found = rows[0];
  return found && !isRestrictedCollection(found.collection.settings) ? found : undefined;
}

/** {@link findPublicItem}, throwing a 404 when there is none. */
export async function requirePublicItem(db: DbOrTx, websiteId: string, itemId: string): Promise<{ item: ItemRow; collection: CollectionRow }> {
  const found = await findPublicItem(db, websiteId, itemId);
  if (!found) throw notFound(ITEM_NOT_FOUND_MESSAGE);
  return found;
}
