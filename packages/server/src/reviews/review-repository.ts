import { and, asc, avg, count, desc, eq } from 'drizzle-orm';
import { productReviews, products, type DbOrTx, type ModerationStatus } from '../db/index.js';
import type { AggregateRating, PublicReview, QueuedReview, ReviewInput } from './schemas.js';
import { REVIEW_LIMITS } from './review-texts.js';

/** Most reviews returned by one listing. */
export const MAX_REVIEWS_LISTED = 200;

/** The product row's merchandising settings of a store item, or undefined when the item is not a product. */
export async function productMerchandising(db: DbOrTx, websiteId: string, itemId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ merchandising: products.merchandising })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.itemId, itemId)));
  return row?.merchandising;
}

/** Stores a review as pending; returns its id. */
export async function addReview(db: DbOrTx, websiteId: string, itemId: string, input: ReviewInput, visitorId: string | undefined): Promise<string> {
  const [row] = await db
    .insert(productReviews)
    .values({ websiteId, itemId, authorName: input.name, rating: input.rating, title: input.title, body: input.body, visitorId: visitorId ?? null })
    .returning({ id: productReviews.id });
  return row!.id;
}

/** Approved reviews of a product, newest first. */
export async function approvedReviews(db: DbOrTx, websiteId: string, itemId: string): Promise<PublicReview[]> {
  const rows = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.websiteId, websiteId), eq(productReviews.itemId, itemId), eq(productReviews.status, 'approved')))
    .orderBy(desc(productReviews.createdAt), asc(productReviews.id))
    .limit(MAX_REVIEWS_LISTED);
  return rows.map((r) => ({ id: r.id, authorName: r.authorName, rating: r.rating, title: r.title, body: r.body, createdOn: r.createdAt.getTime() }));
}

/** The aggregate rating of a product's approved reviews. */
export async function aggregateRating(db: DbOrTx, websiteId: string, itemId: string): Promise<AggregateRating> {
  const [row] = await db
    .select({ n: count(), mean: avg(productReviews.rating) })
    .from(productReviews)
    .where(and(eq(productReviews.websiteId, websiteId), eq(productReviews.itemId, itemId), eq(productReviews.status, 'approved')));
  const reviewCount = Number(row?.n ?? 0);
  const ratingValue = reviewCount === 0 || row?.mean == null ? null : Math.round(Number(row.mean) * 10) / 10;
  return { ratingValue, reviewCount, bestRating: REVIEW_LIMITS.maxRating, worstRating: REVIEW_LIMITS.minRating };
}

/** The site's reviews in one moderation state, newest first. */
export async function reviewQueue(db: DbOrTx, websiteId: string, status: ModerationStatus): Promise<QueuedReview[]> {
  const rows = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.websiteId, websiteId), eq(productReviews.status, status)))
    .orderBy(desc(productReviews.createdAt), asc(productReviews.id))
    .limit(MAX_REVIEWS_LISTED);
  return rows.map((r) => ({
    id: r.id,
    itemId: r.itemId,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    createdOn: r.createdAt.getTime(),
    status: r.status,
  }));
}

/** Sets a review's moderation state; false when the site has no such review. */
export async function moderateReview(db: DbOrTx, websiteId: string, reviewId: string, status: ModerationStatus): Promise<boolean> {
  const rows = await db
    .update(productReviews)
    .set({ status, moderatedAt: new Date() })
    .where(and(eq(productReviews.websiteId, websiteId), eq(productReviews.id, reviewId)))
    .returning({ id: productReviews.id });
  return rows.length > 0;
}
