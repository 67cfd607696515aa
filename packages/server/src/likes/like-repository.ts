import { and, eq, sql } from 'drizzle-orm';
import { itemLikes, items, type Db } from '../db/index.js';

/** The like state of one visitor on one item. */
export interface LikeState {
  liked: boolean;
  likeCount: number;
}

async function countOf(db: Db, websiteId: string, itemId: string): Promise<number> {
  const [row] = await db
    .select({ likeCount: items.likeCount })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId)));
  return row?.likeCount ?? 0;
}

/** Whether a visitor likes an item, and the item's like count. */
export async function likeState(db: Db, websiteId: string, itemId: string, visitorId: string | undefined): Promise<LikeState> {
  const likeCount = await countOf(db, websiteId, itemId);
  if (!visitorId) return { liked: false, likeCount };
  const rows = await db
    .select({ visitorId: itemLikes.visitorId })
    .from(itemLikes)
    .where(and(eq(itemLikes.websiteId, websiteId), eq(itemLikes.itemId, itemId), eq(itemLikes.visitorId, visitorId)));
  return { liked: rows.length > 0, likeCount };
}

/**
 * Sets a visitor's like on an item (idempotent: liking twice counts once, unliking an item not
 * liked changes nothing). `items.like_count` changes in the same transaction as the like row.
 */
export async function setLike(db: Db, websiteId: string, itemId: string, visitorId: string, liked: boolean): Promise<LikeState> {
  return db.transaction(async (tx) => {
    const changed = liked
      ? await tx.insert(itemLikes).values({ websiteId, itemId, visitorId }).onConflictDoNothing().returning({ v: itemLikes.visitorId })
      : await tx
          .delete(itemLikes)
          .where(and(eq(itemLikes.websiteId, websiteId), eq(itemLikes.itemId, itemId), eq(itemLikes.visitorId, visitorId)))
          .returning({ v: itemLikes.visitorId });
    if (changed.length === 0) return { liked, likeCount: await countOf(tx as unknown as Db, websiteId, itemId) };
    const [row] = await tx
      .update(items)
      .set({ likeCount: liked ? sql`${items.likeCount} + 1` : sql`greatest(${items.likeCount} - 1, 0)` })
      .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId)))
      .returning({ likeCount: items.likeCount });
    return { liked, likeCount: row?.likeCount ?? 0 };
  });
}
