import { z } from 'zod';
import { oneOf, text } from './fields.js';
import { BlockMessages } from './messages.js';

/** An id of one of the site's rows (a form, a product, a collection). */
const rowId = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(64, { error: message });

/** Form (block type 9): one of the site's forms, shown by the forms island. */
export const FormBlock = z.strictObject({
  typeName: z.literal('form'),
  formId: rowId(BlockMessages.FORM_REQUIRED),
  title: text(200).optional(),
  description: text(1000).optional(),
});

/** Product (block type 43): one product of the store with its image, title, price and the add-to-cart button. */
export const ProductBlock = z.strictObject({
  typeName: z.literal('product'),
  itemId: rowId(BlockMessages.PRODUCT_REQUIRED),
  showImage: z.boolean().default(true),
  showPrice: z.boolean().default(true),
  showAddToCart: z.boolean().default(true),
  align: oneOf(['left', 'center', 'right']).default('left'),
});

/** Spec 3 block variants: summary wall, carousel, list, grid. */
export const SUMMARY_DESIGNS = ['wall', 'carousel', 'list', 'grid'] as const;
/** Most items a summary block shows. */
export const SUMMARY_MAX_ITEMS = 30;

/** Summary v2 (block type 55): the latest items of one of the site's collections in a wall, carousel, list or grid. */
export const SummaryBlock = z.strictObject({
  typeName: z.literal('summary-v2'),
  collectionId: rowId(BlockMessages.COLLECTION_REQUIRED),
  title: text(200).optional(),
  design: oneOf(SUMMARY_DESIGNS).default('grid'),
  limit: z
    .number({ error: BlockMessages.range('Number of items', 1, SUMMARY_MAX_ITEMS) })
    .int({ error: BlockMessages.range('Number of items', 1, SUMMARY_MAX_ITEMS) })
    .min(1, { error: BlockMessages.range('Number of items', 1, SUMMARY_MAX_ITEMS) })
    .max(SUMMARY_MAX_ITEMS, { error: BlockMessages.range('Number of items', 1, SUMMARY_MAX_ITEMS) })
    .default(6),
  showTitle: z.boolean().default(true),
  showExcerpt: z.boolean().default(false),
  showPrice: z.boolean().default(true),
});

/** Tag cloud (block type 14): the tags of one of the site's blogs, each with how many posts carry it. */
export const TagCloudBlock = z.strictObject({
  typeName: z.literal('tag-cloud'),
  collectionId: rowId(BlockMessages.BLOG_REQUIRED),
  title: text(200).optional(),
  showCounts: z.boolean().default(true),
});

/** Archive (block type 61): a blog's posts grouped by the month they were published, newest first. */
export const ArchiveBlock = z.strictObject({
  typeName: z.literal('archive'),
  collectionId: rowId(BlockMessages.BLOG_REQUIRED),
  title: text(200).optional(),
  showCounts: z.boolean().default(true),
});
