import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { comments, type DbOrTx, type ModerationStatus } from '../db/index.js';
import type { CommentInput, PublicComment, QueuedComment } from './schemas.js';

/** Most comments returned by one listing. */
export const MAX_COMMENTS_LISTED = 500;

/** Stores a visitor's comment as pending; returns its id. */
export async function addComment(db: DbOrTx, websiteId: string, itemId: string, input: CommentInput, visitorId: string | undefined): Promise<string> {
  const [row] = await db
    .insert(comments)
    .values({ websiteId, itemId, authorName: input.name, authorEmail: input.email, body: input.body, visitorId: visitorId ?? null })
    .returning({ id: comments.id });
  return row!.id;
}

/** Approved comments of an item, oldest first. */
export async function approvedComments(db: DbOrTx, websiteId: string, itemId: string): Promise<PublicComment[]> {
  const rows = await db
    .select({ id: comments.id, authorName: comments.authorName, body: comments.body, createdAt: comments.createdAt })
    .from(comments)
    .where(and(eq(comments.websiteId, websiteId), eq(comments.itemId, itemId), eq(comments.status, 'approved')))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(MAX_COMMENTS_LISTED);
  return rows.map((r) => ({ id: r.id, authorName: r.authorName, body: r.body, addedOn: r.createdAt.getTime() }));
}

/** Approved-comment counts (publicCommentCount) for several items of a site; missing ids count 0. */
export async function publicCommentCounts(db: DbOrTx, websiteId: string, itemIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(itemIds.map((id) => [id, 0]));
  if (itemIds.length === 0) return counts;
  const rows = await db
    .select({ itemId: comments.itemId, n: count() })
    .from(comments)
    .where(and(eq(comments.websiteId, websiteId), inArray(comments.itemId, [...itemIds]), eq(comments.status, 'approved')))
    .groupBy(comments.itemId);
  for (const row of rows) counts.set(row.itemId, Number(row.n));
  return counts;
}

/** The site's comments in one moderation state, newest first. */
export async function commentQueue(db: DbOrTx, websiteId: string, status: ModerationStatus): Promise<QueuedComment[]> {
  const rows = await db
    .select()
    .from(comments)
    .where(and(eq(comments.websiteId, websiteId), eq(comments.status, status)))
    .orderBy(desc(comments.createdAt), asc(comments.id))
    .limit(MAX_COMMENTS_LISTED);
  return rows.map((r) => ({
    id: r.id,
    itemId: r.itemId,
    authorName: r.authorName,
    authorEmail: r.authorEmail,
    body: r.body,
    addedOn: r.createdAt.getTime(),
    status: r.status,
  }));
}

/** Sets a comment's moderation state; false when the site has no such comment. */
export async function moderateComment(db: DbOrTx, websiteId: string, commentId: string, status: ModerationStatus): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ status, moderatedAt: new Date() })
    .where(and(eq(comments.websiteId, websiteId), eq(comments.id, commentId)))
    .returning({ id: comments.id });
  return rows.length > 0;
}
