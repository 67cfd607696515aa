import type { GalleryProps } from '@emporium/storefront';
import { archiveOf, SUMMARY_MAX_ITEMS, tagCloudOf } from '../../blocks/index.js';
import { srcsetOfAssetUrl } from '../../media/index.js';
import type { ReadSource } from '../../site-data/index.js';
import { listItems, type CollectionRow } from '../queries.js';
import { collectionKind } from './collection-context.js';
import { imageSizeOf } from './content-island-props.js';
import { collectionUrl, itemContext } from './item-context.js';
import { enrichProducts } from './product-items.js';

type StoredBlock = Record<string, unknown>;

/** Most posts a tag cloud or an archive reads (spec 9: items in a user-orderable collection 250). */
const BLOG_READ_LIMIT = 250;
/** Most products of one store (spec 9: products per collection 200). */
const STORE_READ_LIMIT = 200;

/** What a block of the kinds below needs from the site's data: its fields, or null when it has nothing to show (it is then left out). */
export interface KindData {
  readonly fields: Record<string, unknown> | null;
  readonly merchandising?: Record<string, unknown>;
}

/** Where the blocks are read: the site's data, its collections, the store currency, the clock, the locale and time zone, and whether islands are on. */
export interface KindDataSource {
  readonly db: ReadSource;
  readonly websiteId: string;
  readonly collections: readonly CollectionRow[];
  readonly currency: string;
  readonly now: Date;
  readonly locale: string;
  /** The site's time zone (IANA): an archive's months are the site's months. */
  readonly timeZone: string;
  readonly islands: boolean;
  /** Which listed items the visitor may see (the member-area rule). */
  readonly listed: <T extends { id: string }>(collection: CollectionRow, rows: readonly T[]) => Promise<T[]>;
}

const enabledCollection = (src: KindDataSource, id: unknown) => src.collections.find((c) => c.id === id && c.enabled);

async function summaryData(src: KindDataSource, block: StoredBlock): Promise<KindData> {
  const source = enabledCollection(src, block.collectionId);
  if (!source || collectionKind(source) === 'page') return { fields: null };
  const kind = collectionKind(source);
  const limit = Math.min(Math.max(1, Number(block.limit) || 6), SUMMARY_MAX_ITEMS);
  const { rows } = await listItems(src.db, src.websiteId, source.id, { kind, limit, offset: 0, now: src.now, count: false });
  const items = (await src.listed(source, rows)).map((row) => itemContext(row, source));
  const merchandising = kind === 'products' ? (await enrichProducts(src.db, src.websiteId, items, src.currency)).merchandising : {};
  return { fields: { collectionType: kind, items, linkUrl: collectionUrl(source), collectionTitle: source.title }, merchandising };
}

async function productData(src: KindDataSource, block: StoredBlock): Promise<KindData> {
  for (const store of src.collections.filter((c) => c.enabled && collectionKind(c) === 'products')) {
    const { rows } = await listItems(src.db, src.websiteId, store.id, { kind: 'products', limit: STORE_READ_LIMIT, offset: 0, now: src.now, count: false });
    const found = rows.find((r) => r.id === block.itemId);
    const [row] = found ? await src.listed(store, [found]) : [];
    if (!row) continue;
    const product = itemContext(row, store);
    const { merchandising } = await enrichProducts(src.db, src.websiteId, [product], src.currency);
    return { fields: { product }, merchandising };
  }
  return { fields: null };
}

async function blogData(src: KindDataSource, block: StoredBlock): Promise<KindData> {
  const blog = enabledCollection(src, block.collectionId);
  if (!blog || collectionKind(blog) !== 'blog') return { fields: null };
  const { rows } = await listItems(src.db, src.websiteId, blog.id, { kind: 'blog', limit: BLOG_READ_LIMIT, offset: 0, now: src.now, count: false });
  const posts = (await src.listed(blog, rows)).map((row) => ({
    title: row.title,
    fullUrl: itemContext(row, blog).fullUrl,
    tags: row.tags,
    publishOn: row.publishOn.getTime(),
  }));
  const blogUrl = collectionUrl(blog);
  const fields = block.typeName === 'tag-cloud' ? { tags: tagCloudOf(posts, blogUrl) } : { months: archiveOf(posts, src.locale, src.timeZone) };
  return { fields: { ...fields, blogUrl, blogTitle: blog.title } };
}

/** The Gallery island's props for a gallery block (spec 3's designs and options; the island draws all four). */
function galleryProps(block: StoredBlock): GalleryProps {
  const images = Array.isArray(block.images) ? (block.images as Record<string, unknown>[]) : [];
  const { typeName: _t, images: _i, grid: _g, ...options } = block;
  return {
    label: typeof block.title === 'string' && block.title ? block.title : 'Gallery',
    options,
    items: images.map((image) => {
      const src = String(image.assetUrl ?? '');
      const { width, height } = imageSizeOf(image.originalSize);
      return {
        src,
        srcset: srcsetOfAssetUrl(src) ?? '',
        alt: String(image.altText ?? ''),
        title: String(image.title ?? ''),
        description: String(image.description ?? ''),
        ...(typeof image.linkUrl === 'string' ? { link: image.linkUrl } : {}),
        width,
        height,
      };
    }),
  };
}

/**
 * The data of the block kinds that show the site's content (summary v2 55, product 43, tag
 * cloud 14, archive 61) and the Gallery island's props (gallery 8, islands on): undefined for
 * every other kind. Blocks are read at the same time; each listing is read once per page build.
 */
export function blockKindData(src: KindDataSource, stored: readonly StoredBlock[]): Promise<(KindData | undefined)[]> {
  return Promise.all(
    stored.map(async (block): Promise<KindData | undefined> => {
      switch (block.typeName) {
        case 'summary-v2':
          return summaryData(src, block);
        case 'product':
          return productData(src, block);
        case 'tag-cloud':
        case 'archive':
          return blogData(src, block);
        case 'gallery':
          return src.islands ? { fields: { islandProps: galleryProps(block) } } : undefined;
        default:
          return undefined;
      }
    }),
  );
}
