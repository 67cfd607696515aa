import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './columns.js';
import { websites } from './websites.js';

/** Publication states of a content item. */
export const ITEM_STATUSES = ['published', 'draft', 'scheduled', 'needs-review', 'private'] as const;
/** One of {@link ITEM_STATUSES}. */
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** A collection (page, blog, products, gallery...); `type` is the spec's collection type number. */
export const collections = pgTable(
  'collections',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    urlId: text('url_id').notNull(),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title').notNull().default(''),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    displayIndex: integer('display_index').notNull().default(0),
    isHomepage: boolean('is_homepage').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Moves on with every change from the owner's Pages panel (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('collections_website_url_key').on(t.websiteId, t.urlId),
    unique('collections_website_id_key').on(t.websiteId, t.id),
    check('collections_type_check', sql`${t.type} in (1,2,3,4,5,6,7,8,10,11,12,13,15,16,17,18,19,23,24,25)`),
  ],
);

/** A content item (post, product, event, gallery image...); `record_type` is the spec's record type number. */
export const items = pgTable(
  'items',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    collectionId: text('collection_id').notNull(),
    recordType: integer('record_type').notNull(),
    urlId: text('url_id').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    authorName: text('author_name').notNull().default(''),
    starred: boolean('starred').notNull().default(false),
    status: text('status').$type<ItemStatus>().notNull().default('published'),
    publishOn: timestamp('publish_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    assetUrl: text('asset_url'),
    displayIndex: integer('display_index').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    structuredContent: jsonb('structured_content').$type<Record<string, unknown>>().notNull().default({}),
    /** Moves on with every change from the owner's item editor (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'items_collection_fk',
      columns: [t.websiteId, t.collectionId],
      foreignColumns: [collections.websiteId, collections.id],
    }).onDelete('cascade'),
    uniqueIndex('items_collection_url_key').on(t.websiteId, t.collectionId, t.urlId),
    unique('items_website_id_key').on(t.websiteId, t.id),
    index('items_listing_idx').on(t.websiteId, t.collectionId, t.publishOn),
    check('items_status_check', sql`${t.status} in ('published','draft','scheduled','needs-review','private')`),
  ],
);

/** Store categories inside a products collection (spec 3: root category and children). */
export const productCategories = pgTable(
  'product_categories',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    collectionId: text('collection_id').notNull(),
    displayName: text('display_name').notNull(),
    parentCategoryId: text('parent_category_id'),
    type: text('type').notNull().default('ROOT'),
    pageRendering: text('page_rendering').notNull().default('LIST_VIEW'),
    displayIndex: integer('display_index').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'product_categories_collection_fk',
      columns: [t.websiteId, t.collectionId],
      foreignColumns: [collections.websiteId, collections.id],
    }).onDelete('cascade'),
    index('product_categories_collection_idx').on(t.websiteId, t.collectionId),
  ],
);
