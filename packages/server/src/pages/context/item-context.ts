import { commentStateOf } from '../../comments/index.js';
import type { items } from '../../db/index.js';
import { FocalPoint, MAX_ALT_TEXT, objectPositionOf, srcsetOfAssetUrl } from '../../media/index.js';
import { cleanOwnerHtml } from '../../rich-text/index.js';
import { RecordType } from '../page-types.js';

type ItemRow = typeof items.$inferSelect;

/** The collection facts an item's context needs. */
export interface ItemCollectionRef {
  id: string;
  urlId: string;
  title: string;
  isHomepage: boolean;
}

/** `/{collectionUrlId}/{itemUrlId}`: the public URL of an item. */
export function itemUrl(collection: ItemCollectionRef, item: Pick<ItemRow, 'urlId'>): string {
  return `/${collection.urlId}/${item.urlId}`;
}

/** `/` for the home page, else `/{urlId}`. */
export function collectionUrl(collection: Pick<ItemCollectionRef, 'urlId' | 'isHomepage'>): string {
  return collection.isHomepage ? '/' : `/${collection.urlId}`;
}

const LIFTED_FIELDS = ['altText', 'startDate', 'endDate', 'location', 'images', 'externalLink', 'sourceUrl', 'mediaFocalPoint', 'originalSize'] as const;

/**
 * An item as the template context shows it (spec section 3, Content items): dates as epoch
 * milliseconds, `fullUrl`, author, comment and like counts. Event and image fields kept in
 * `structured_content` are lifted to the top level where the spec names them; product
 * items get their commerce `structuredContent` from {@link productStructuredContent}. The body
 * and excerpt, which themes print as markup, are cleaned by {@link cleanOwnerHtml}.
 */
export function itemContext(item: ItemRow, collection: ItemCollectionRef, publicCommentCount = 0): Record<string, unknown> {
  const extra = item.structuredContent;
  const ctx: Record<string, unknown> = {
    id: item.id,
    collectionId: item.collectionId,
    websiteId: item.websiteId,
    recordType: item.recordType,
    title: item.title,
    urlId: item.urlId,
    fullUrl: itemUrl(collection, item),
    body: cleanOwnerHtml(item.body),
    excerpt: cleanOwnerHtml(item.excerpt),
    tags: item.tags,
    categories: item.categories,
    author: { displayName: item.authorName },
    starred: item.starred,
    addedOn: item.createdAt.getTime(),
    publishOn: item.publishOn.getTime(),
    updatedOn: item.updatedAt.getTime(),
    likeCount: item.likeCount,
    publicCommentCount,
    commentState: commentStateOf(extra),
  };
  if (item.assetUrl) {
    ctx.assetUrl = item.assetUrl;
    ctx.mainImageId = `${item.id}-main`;
    ctx.altText = item.title.slice(0, MAX_ALT_TEXT);
  }
  for (const key of LIFTED_FIELDS) if (extra[key] !== undefined) ctx[key] = extra[key];
  if (item.recordType === RecordType.STORE_ITEM) {
    if (!ctx.images && item.assetUrl) ctx.images = [{ assetUrl: item.assetUrl, altText: ctx.altText }];
    liftMainImage(ctx, Array.isArray(ctx.images) ? ctx.images : []);
    ctx.structuredContentExtra = extra.details === undefined ? {} : { details: extra.details };
  } else {
    // Posts, gallery images and events: an uploaded image (one with stored copies) gets its
    // WebP srcset, any other URL an empty one, so the template shows it as a plain <img>.
    ctx.srcset = srcsetOfAssetUrl(item.assetUrl) ?? '';
    if (Array.isArray(ctx.images)) ctx.images = ctx.images.map(withSrcset);
  }
  return ctx;
}

/** An image of an item's `images` with the `srcset` of its stored copies ('' for any other URL). */
function withSrcset(image: unknown): unknown {
  if (!image || typeof image !== 'object') return image;
  const fields = image as Record<string, unknown>;
  return { ...fields, srcset: srcsetOfAssetUrl(typeof fields.assetUrl === 'string' ? fields.assetUrl : undefined) ?? '' };
}

/**
 * Gives each uploaded image its CSS `objectPosition` from its focal point (spec 3
 * `mediaFocalPoint`), and the item the `srcset` and `objectPosition` of its main image, so
 * product lists show the same responsive copies as the product page.
 */
function liftMainImage(ctx: Record<string, unknown>, images: unknown[]): void {
  // Every image and the item name `srcset` and `objectPosition` (empty when there is none), so a
  // template section never finds an outer item's values instead.
  const shown = images.map((image) => {
    if (!image || typeof image !== 'object') return image;
    const fields = image as Record<string, unknown>;
    const focal = FocalPoint.safeParse(fields.mediaFocalPoint);
    return { ...fields, srcset: typeof fields.srcset === 'string' ? fields.srcset : '', objectPosition: focal.success ? objectPositionOf(focal.data) : '' };
  });
  ctx.images = shown;
  const main = shown.find((i): i is Record<string, unknown> => !!i && typeof i === 'object' && (i as Record<string, unknown>).assetUrl === ctx.assetUrl);
  ctx.srcset = main?.srcset ?? '';
  ctx.objectPosition = main?.objectPosition ?? '';
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

/** Strips tags, decodes common entities and collapses white space: plain text for snippets. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#39|[a-z]+);/g, (m, name: string) => (Object.hasOwn(ENTITIES, name) ? ENTITIES[name]! : m))
    .replace(/\s+/g, ' ')
    .trim();
}
