import type { FastifyReply, FastifyRequest } from 'fastify';
import { ITEM_NOT_FOUND_MESSAGE, requirePublicItem, type CollectionRow, type ItemRow } from '../content/index.js';
import type { DbOrTx } from '../db/index.js';
import { notFound } from '../errors/index.js';
import { visitorAccess } from '../member-areas/index.js';

/** A public item the visitor may open, and whether a membership opened it. */
export interface OpenItem {
  item: ItemRow;
  collection: CollectionRow;
  /** `member` when a member area gates the item (or its collection) and the visitor holds it. */
  access: 'public' | 'member';
}

/**
 * A public item of the site that this visitor may open under the member-area rule pages apply
 * (docs/member-areas.md). A gated item answers a visitor without its areas exactly as a missing
 * item does (404 {@link ITEM_NOT_FOUND_MESSAGE}), so its comments, likes and reviews show nothing
 * of it, not even that it exists.
 */
export async function requireOpenItem(db: DbOrTx, websiteId: string, itemId: string, cookies: FastifyRequest['cookies'], now: Date): Promise<OpenItem> {
  const { item, collection } = await requirePublicItem(db, websiteId, itemId);
  const target = { collectionId: collection.id, membersOnly: collection.settings.access === 'members', itemId: item.id };
  const access = await visitorAccess(db, websiteId, target, cookies, now);
  if (access === 'denied') throw notFound(ITEM_NOT_FOUND_MESSAGE);
  return { item, collection, access };
}

/** The cache header of an answer about an item: `private, no-store` when a membership opened it (no shared cache keeps it), else `shared`. */
export function itemCacheControl(reply: FastifyReply, access: OpenItem['access'], shared: string): void {
  reply.header('cache-control', access === 'member' ? 'private, no-store' : shared);
}
