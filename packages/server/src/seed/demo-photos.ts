import { readdir, readFile } from 'node:fs/promises';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { items } from '../db/index.js';
import type { Db } from '../db/types.js';
import { attachProductImage, type MediaStorage, type ProductImage, storeImage } from '../media/index.js';
import { RecordType } from '../spec/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { DEMO_SHOP_IDENTIFIER } from './demo-shop.js';

/**
 * The demo shop's product photos: JPEGs rendered from the shop's own illustrations, one per
 * illustration and named like it (`shirt-sage.svg` has `shirt-sage.jpg`). Beside the module in
 * the source tree and beside the bundle in `dist/`.
 */
export const DEMO_PHOTOS_DIR = new URL('./demo-photos/', import.meta.url);

const ILLUSTRATION = /^\/assets\/illustrations\/([a-z]+-[a-z]+)\.svg$/;

/** What {@link seedDemoPhotos} did. */
export interface PhotoSeedReport {
  /** Products that got their photos now. */
  products: number;
  /** Photos attached (each resized into the srcset widths in WebP and JPEG). */
  photos: number;
  /** Blog posts and gallery images whose illustration became a photo (stored in the srcset widths). */
  pictures: number;
  /** How long it took, in milliseconds. */
  ms: number;
}

async function photoOf(name: string): Promise<Buffer | null> {
  try {
    return await readFile(new URL(`${name}.jpg`, DEMO_PHOTOS_DIR));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Gives every demo shop product that still shows illustrations its photos, through the same
 * pipeline as an owner's upload (renditions in the srcset widths, WebP and JPEG, stored through
 * `storage`, appended to the product's images), then drops the illustrations so the photo is the
 * product's main image on its page, in lists and in the cart. Idempotent: a product that already
 * has uploaded images gets no new ones, so a second seed or a restart adds nothing.
 */
export async function seedDemoPhotos(db: Db, storage: MediaStorage): Promise<PhotoSeedReport> {
  const started = performance.now();
  const report: PhotoSeedReport = { products: 0, photos: 0, pictures: 0, ms: 0 };
  const site = await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER);
  if (!site) return report;
  const products = await db
    .select({ id: items.id, title: items.title, assetUrl: items.assetUrl, structuredContent: items.structuredContent })
    .from(items)
    .where(and(eq(items.websiteId, site.id), eq(items.recordType, 11)))
    .orderBy(asc(items.displayIndex), asc(items.id));
  for (const product of products) {
    if (!product.assetUrl || !ILLUSTRATION.test(product.assetUrl)) continue;
    const images = Array.isArray(product.structuredContent.images) ? (product.structuredContent.images as Record<string, unknown>[]) : [];
    const uploaded = images.filter((i) => typeof i?.srcset === 'string') as ProductImage[];
    if (uploaded.length === 0) {
      const illustrations = images.length
        ? images.map((i) => ({ url: String(i.assetUrl ?? ''), altText: String(i.altText ?? '') }))
        : [{ url: product.assetUrl, altText: String(product.structuredContent.altText ?? '') }];
      for (const { url, altText } of illustrations) {
        const name = ILLUSTRATION.exec(url)?.[1];
        const bytes = name ? await photoOf(name) : null;
        if (!bytes) continue;
        uploaded.push(await attachProductImage(db, storage, { websiteId: site.id, productId: product.id, bytes, altText }));
        report.photos += 1;
      }
      if (uploaded.length === 0) continue;
      report.products += 1;
    }
    // The photos replace the illustrations as the product's pictures.
    await db
      .update(items)
      .set({
        assetUrl: uploaded[0]!.assetUrl,
        structuredContent: sql`jsonb_set(${items.structuredContent}, '{images}', (select coalesce(jsonb_agg(i), '[]'::jsonb) from jsonb_array_elements(${items.structuredContent}->'images') i where i ? 'srcset'))`,
      })
      .where(and(eq(items.websiteId, site.id), eq(items.id, product.id)));
  }
  report.pictures = await seedPicturePhotos(db, storage, site.id);
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** The photo shown for an illustration: the one of the same name, else the first of the same motif (a mug for a mug), else none. */
async function photoNameFor(illustration: string): Promise<string | null> {
  const names = (await readdir(DEMO_PHOTOS_DIR)).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4));
  if (names.includes(illustration)) return illustration;
  const motif = illustration.split('-')[0];
  return names.sort().find((n) => n.split('-')[0] === motif) ?? null;
}

/**
 * Gives the demo shop's blog posts and gallery images a photo where one shows their
 * illustration's motif, stored through `storage` in the srcset widths like an upload, so
 * posts and the gallery show responsive copies as products do. The item's main picture and
 * the pictures under a post (`structuredContent.images`) are replaced, each keeping its alt
 * text; `originalSize` becomes the photo's. Idempotent: only illustrations are replaced.
 */
async function seedPicturePhotos(db: Db, storage: MediaStorage, websiteId: string): Promise<number> {
  const rows = await db
    .select({ id: items.id, assetUrl: items.assetUrl, recordType: items.recordType, structuredContent: items.structuredContent })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), inArray(items.recordType, [RecordType.TEXT, RecordType.IMAGE])))
    .orderBy(asc(items.displayIndex), asc(items.id));
  let pictures = 0;
  const photoFor = async (url: string | null | undefined) => {
    const illustration = ILLUSTRATION.exec(url ?? '')?.[1];
    const name = illustration ? await photoNameFor(illustration) : null;
    const bytes = name ? await photoOf(name) : null;
    if (!bytes) return null;
    pictures += 1;
    return storeImage(storage, websiteId, bytes);
  };
  for (const row of rows) {
    const main = await photoFor(row.assetUrl);
    const images = Array.isArray(row.structuredContent.images) ? (row.structuredContent.images as Record<string, unknown>[]) : [];
    let changed = false;
    const shown: Record<string, unknown>[] = [];
    for (const image of images) {
      const photo = await photoFor(typeof image?.assetUrl === 'string' ? image.assetUrl : null);
      changed ||= photo !== null;
      shown.push(photo ? { ...image, assetUrl: photo.assetUrl, originalSize: photo.originalSize } : image);
    }
    if (!main && !changed) continue;
    const structuredContent = { ...row.structuredContent, ...(changed ? { images: shown } : {}), ...(main ? { originalSize: main.originalSize } : {}) };
    await db
      .update(items)
      .set({ ...(main ? { assetUrl: main.assetUrl } : {}), structuredContent })
      .where(and(eq(items.websiteId, websiteId), eq(items.id, row.id)));
  }
  return pictures;
}
