import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { LibraryImage } from '../block-kinds/index.js';
import { collections, items, type DbOrTx } from '../db/index.js';
import { listLibraryFiles } from '../files-library/index.js';

/** Most images the picker lists. */
export const MAX_LIBRARY_IMAGES = 300;

type Image = { assetUrl?: unknown; altText?: unknown; originalSize?: unknown };

function imagesOfBlocks(blocks: unknown): Image[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block: { typeName?: unknown; images?: unknown } & Image) => {
    if (block?.typeName === 'image') return [block];
    if (block?.typeName === 'gallery' && Array.isArray(block.images)) return block.images as Image[];
    return [];
  });
}

/**
 * The site's uploaded and used images, newest first, each once: the files of its library
 * (Files in the dashboard, where block uploads are kept too), the images of its products,
 * posts, events and gallery pages (their main image and any others), then those placed in the
 * image and gallery blocks of its pages. Only addresses of the site's media or https.
 */
export async function siteImages(db: DbOrTx, websiteId: string): Promise<LibraryImage[]> {
  const [library, itemRows, pageRows] = await Promise.all([
    listLibraryFiles(db, websiteId, { limit: 100, offset: 0 }),
    db
      .select({ title: items.title, assetUrl: items.assetUrl, structured: items.structuredContent })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), isNotNull(items.assetUrl)))
      .orderBy(desc(items.updatedAt))
      .limit(MAX_LIBRARY_IMAGES),
    db.select({ title: collections.title, settings: collections.settings }).from(collections).where(eq(collections.websiteId, websiteId)),
  ]);
  const seen = new Map<string, LibraryImage>();
  const add = (image: Image, source: string) => {
    const assetUrl = typeof image.assetUrl === 'string' ? image.assetUrl : '';
    if (!/^(\/|https:\/\/)/.test(assetUrl) || seen.has(assetUrl) || seen.size >= MAX_LIBRARY_IMAGES) return;
    const originalSize = typeof image.originalSize === 'string' && /^\d+x\d+$/.test(image.originalSize) ? image.originalSize : undefined;
    seen.set(assetUrl, { assetUrl, altText: typeof image.altText === 'string' ? image.altText : '', source, ...(originalSize ? { originalSize } : {}) });
  };
  for (const file of library.files) add(file, 'Files');
  for (const row of itemRows) {
    const structured = (row.structured ?? {}) as { originalSize?: unknown; images?: unknown };
    add({ assetUrl: row.assetUrl, altText: row.title, originalSize: structured.originalSize }, row.title);
    if (Array.isArray(structured.images)) for (const image of structured.images as Image[]) add(image, row.title);
  }
  for (const page of pageRows) for (const image of imagesOfBlocks(page.settings.blocks)) add(image, page.title);
  return [...seen.values()];
}
