import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, websiteIdColumn } from './columns.js';
import { items } from './content.js';

/** Moderation states of a comment or review: only `approved` ones are public. */
export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** One of {@link MODERATION_STATUSES}. */
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** A visitor comment on an item, queued for the owner's approval. */
export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    itemId: text('item_id').notNull(),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<ModerationStatus>().notNull().default('pending'),
    visitorId: text('visitor_id'),
    createdAt: createdAt(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    foreignKey({ name: 'comments_item_fk', columns: [t.websiteId, t.itemId], foreignColumns: [items.websiteId, items.id] }).onDelete('cascade'),
    index('comments_item_idx').on(t.websiteId, t.itemId, t.status, t.createdAt),
    index('comments_queue_idx').on(t.websiteId, t.status, t.createdAt),
    check('comments_status_check', sql`${t.status} in ('pending','approved','rejected')`),
  ],
);

/** One like of one visitor (cookie visitor id) on one item; `items.like_count` mirrors the count. */
export const itemLikes = pgTable(
  'item_likes',
  {
    websiteId: websiteIdColumn(),
    itemId: text('item_id').notNull(),
    visitorId: text('visitor_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'item_likes_pkey', columns: [t.websiteId, t.itemId, t.visitorId] }),
    foreignKey({ name: 'item_likes_item_fk', columns: [t.websiteId, t.itemId], foreignColumns: [items.websiteId, items.id] }).onDelete('cascade'),
  ],
);

/** A visitor review of a product item: a 1-5 rating and text, queued for approval. */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    itemId: text('item_id').notNull(),
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    status: text('status').$type<ModerationStatus>().notNull().default('pending'),
    visitorId: text('visitor_id'),
    createdAt: createdAt(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    foreignKey({ name: 'product_reviews_item_fk', columns: [t.websiteId, t.itemId], foreignColumns: [items.websiteId, items.id] }).onDelete('cascade'),
    index('product_reviews_item_idx').on(t.websiteId, t.itemId, t.status, t.createdAt),
    check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('product_reviews_status_check', sql`${t.status} in ('pending','approved','rejected')`),
  ],
);
