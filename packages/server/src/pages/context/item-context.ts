import { commentStateOf } from '../../comments/index.js';
import type { items } from '../../db/index.js';
import { FocalPoint, MAX_ALT_TEXT, objectPositionOf, srcsetOfAssetUrl } from '../../media/index.js';
import { cleanOwnerHtml } from '../../rich-text/index.js';
import { RecordType } from '../../spec/index.js';
import type { ItemContext, ItemImage, ProductStructuredContent } from './schemas.js';

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

/** Fields an item keeps in `structured_content` that its context shows at the top level, where the spec names them. */
const LIFTED_FIELDS = ['altText', 'startDate', 'endDate', 'location', 'externalLink', 'sourceUrl', 'mediaFocalPoint', 'originalSize'] as const;
type LiftedField = (typeof LIFTED_FIELDS)[number];

/** An image as an item keeps it: a product photo (with its stored copies) or a picture under a post. */
type StoredImage = Omit<ItemImage, 'srcset' | 'objectPosition'> & { srcset?: string };

/**
 * What the context reads of an item's `structured_content`, in the shapes the owner's calls
 * (catalogue schemas) and the seed write.
 */
type StoredItemFields = LiftedFields & { images?: StoredImage[]; details?: ProductStructuredContent['details'] };
type LiftedFields = Partial<Pick<ItemContext, LiftedField>>;

/** The owner's product details of each store item context built here, kept beside the context (not in it) until the commerce content is added. */
const productDetails = new WeakMap<ItemContext, NonNullable<ProductStructuredContent['details']>>();

/** `{ details }` of a store item context built by {@link itemContext} (empty without details): the start of its commerce `structuredContent`. */
export function productDetailsOf(item: ItemContext): Pick<ProductStructuredContent, 'details'> {
  const details = productDetails.get(item);
  return details === undefined ? {} : { details };
}

function lift<K extends LiftedField>(ctx: LiftedFields, stored: LiftedFields, key: K): void {
  if (stored[key] !== undefined) ctx[key] = stored[key];
}

/**
 * An item as the template context shows it (spec section 3, Content items): dates as epoch
 * milliseconds, `fullUrl`, author, comment and like counts. Event and image fields kept in
 * `structured_content` are lifted to the top level where the spec names them; product
 * items get their commerce `structuredContent` from `enrichProducts`. The body
 * and excerpt, which themes print as markup, are cleaned by {@link cleanOwnerHtml}.
 */
export function itemContext(item: ItemRow, collection: ItemCollectionRef, publicCommentCount = 0): ItemContext {
  const stored = item.structuredContent as StoredItemFields;
  const ctx: ItemContext = {
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
    commentState: commentStateOf(item.structuredContent),
    srcset: '',
  };
  if (item.assetUrl) {
    ctx.assetUrl = item.assetUrl;
    ctx.mainImageId = `${item.id}-main`;
    ctx.altText = item.title.slice(0, MAX_ALT_TEXT);
  }
  for (const key of LIFTED_FIELDS) lift(ctx, stored, key);
  const images = Array.isArray(stored.images) ? stored.images.filter((image) => !!image && typeof image === 'object') : undefined;
  if (item.recordType === RecordType.STORE_ITEM) {
    const shown = images ?? (item.assetUrl ? [{ assetUrl: item.assetUrl, altText: ctx.altText ?? '' }] : []);
    liftMainImage(ctx, shown);
    if (stored.details !== undefined) productDetails.set(ctx, stored.details);
  } else {
    // Posts, gallery images and events: an uploaded image (one with stored copies) gets its
    // WebP srcset, any other URL an empty one, so the template shows it as a plain <img>.
    ctx.srcset = srcsetOfAssetUrl(item.assetUrl) ?? '';
    if (images) ctx.images = images.map(withSrcset);
  }
  return ctx;
}

/** An image of an item's `images` with the `srcset` of its stored copies ('' for any other URL). */
function withSrcset(image: StoredImage): ItemImage {
  return { ...image, srcset: srcsetOfAssetUrl(typeof image.assetUrl === 'string' ? image.assetUrl : undefined) ?? '' };
}

/**
 * Gives each uploaded image its CSS `objectPosition` from its focal point (spec 3
 * `mediaFocalPoint`), and the item the `srcset` and `objectPosition` of its main image, so
 * product lists show the same responsive copies as the product page.
 */
function liftMainImage(ctx: ItemContext, images: readonly StoredImage[]): void {
  // Every image and the item name `srcset` and `objectPosition` (empty when there is none), so a
  // template section never finds an outer item's values instead.
  const shown = images.map((image): ItemImage => {
    const focal = FocalPoint.safeParse(image.mediaFocalPoint);
    return { ...image, srcset: typeof image.srcset === 'string' ? image.srcset : '', objectPosition: focal.success ? objectPositionOf(focal.data) : '' };
  });
  ctx.images = shown;
  const main = shown.find((image) => image.assetUrl === ctx.assetUrl);
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
