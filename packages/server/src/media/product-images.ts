import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { items } from '../db/index.js';
import type { Db, Tx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { z } from '../http/schemas.js';
import { localMediaStorage, type MediaStorage } from './media-storage.js';
import { storeImage } from './stored-images.js';

export { MEDIA_PATH, mediaUrl, srcsetOfAssetUrl } from './stored-images.js';
export { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from './upload-messages.js';

/** Spec 9: default alt text is capped at 250 characters. */
export const MAX_ALT_TEXT = 250;

/** Spec 3 item field `mediaFocalPoint`: the point of an image kept in view when it is cropped, 0 to 1 from the top left (default 0.5, 0.5). */
export const FocalPoint = z.object({
  x: z.number().min(0).max(1).describe('0 is the left edge, 1 the right edge'),
  y: z.number().min(0).max(1).describe('0 is the top edge, 1 the bottom edge'),
});
export type FocalPoint = z.infer<typeof FocalPoint>;

/** An image attached to a product, as stored in the item's structured content. */
export const ProductImage = z.object({
  id: z.string(),
  assetUrl: z.string().describe('The largest copy in the original format'),
  altText: z.string(),
  originalSize: z.string().describe('WIDTHxHEIGHT'),
  srcset: z.string().describe('WebP copies with their widths, for <img srcset>'),
  srcsetOriginal: z.string().describe('Copies in the original format with their widths'),
  mediaFocalPoint: FocalPoint.optional().describe('Absent means the centre (0.5, 0.5)'),
});
export type ProductImage = z.infer<typeof ProductImage>;

/** The default media storage: a `media` folder under the data directory. */
export function defaultMediaStorage(dataDir: string): MediaStorage {
  return localMediaStorage(join(dataDir, 'media'));
}

/** Spec 3/9 default alt text: the given text, else the product title, at most 250 characters. */
export function altTextOr(altText: string, title: string): string {
  return (altText.trim() || title).slice(0, MAX_ALT_TEXT);
}

/** The `object-position` of a focal point (`50% 50%` for the centre). */
export function objectPositionOf(point: FocalPoint): string {
  const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;
  return `${percent(point.x)} ${percent(point.y)}`;
}

/** What {@link attachProductImage} needs. */
export interface AttachImageInput {
  websiteId: string;
  productId: string;
  bytes: Buffer;
  /** Empty means the default (the product title). */
  altText: string;
  /** Runs in the transaction that attaches the image (the owner call records its audit entry here). */
  onAttached?: (tx: Tx, image: ProductImage) => Promise<void>;
}

/**
 * The upload pipeline shared by the owner call and the demo seed: recognises the format from
 * the bytes, resizes once into the srcset widths in WebP and the original format, stores the
 * copies through {@link MediaStorage} and appends the image to the product's
 * `structuredContent.images` (the item's `assetUrl` becomes it when the product has none).
 * Throws NOT_FOUND for an unknown product of the site, UNSUPPORTED_MEDIA_TYPE or UNPROCESSABLE
 * for bytes that are not a usable image.
 */
export async function attachProductImage(db: Db, storage: MediaStorage, input: AttachImageInput): Promise<ProductImage> {
  const { websiteId } = input;
  const [product] = await db
    .select({ id: items.id, title: items.title })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.id, input.productId), eq(items.recordType, 11)));
  if (!product) throw new AppError('NOT_FOUND', 'No such product on this site.');
  const stored = await storeImage(storage, websiteId, input.bytes);
  const image: ProductImage = {
    id: stored.id,
    assetUrl: stored.assetUrl,
    altText: altTextOr(input.altText, product.title),
    originalSize: stored.originalSize,
    srcset: stored.srcset,
    srcsetOriginal: stored.srcsetOriginal,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(items)
      .set({
        assetUrl: sql`coalesce(${items.assetUrl}, ${image.assetUrl})`,
        structuredContent: sql`jsonb_set(${items.structuredContent}, '{images}', coalesce(${items.structuredContent}->'images', '[]'::jsonb) || ${JSON.stringify([image])}::jsonb)`,
        updatedAt: new Date(),
      })
      .where(and(eq(items.websiteId, websiteId), eq(items.id, product.id)));
    await input.onAttached?.(tx, image);
  });
  return image;
}

/** What an owner may change on an attached image. */
export interface ImageChanges {
  /** Empty means the default (the product title). */
  altText?: string;
  focalPoint?: FocalPoint;
}

/**
 * Changes the alt text and focal point of one of a product's images, in a transaction that
 * locks the product row. Throws NOT_FOUND when the site has no such product or the product no
 * such image.
 */
export async function updateProductImage(
  db: Db,
  input: { websiteId: string; productId: string; imageId: string; changes: ImageChanges; onUpdated?: (tx: Tx, image: ProductImage) => Promise<void> },
): Promise<ProductImage> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: items.id, title: items.title, structuredContent: items.structuredContent })
      .from(items)
      .where(and(eq(items.websiteId, input.websiteId), eq(items.id, input.productId), eq(items.recordType, 11)))
      .for('update');
    if (!product) throw new AppError('NOT_FOUND', 'No such product on this site.');
    const images = Array.isArray(product.structuredContent.images) ? (product.structuredContent.images as Record<string, unknown>[]) : [];
    const index = images.findIndex((i) => i && typeof i === 'object' && i.id === input.imageId);
    if (index < 0) throw new AppError('NOT_FOUND', 'No such image on this product.');
    const parsed = ProductImage.safeParse(images[index]);
    if (!parsed.success) throw new AppError('NOT_FOUND', 'No such image on this product.');
    const { changes } = input;
    const image: ProductImage = {
      ...parsed.data,
      ...(changes.altText !== undefined ? { altText: altTextOr(changes.altText, product.title) } : {}),
      ...(changes.focalPoint !== undefined ? { mediaFocalPoint: changes.focalPoint } : {}),
    };
    const next = images.map((i, n) => (n === index ? { ...i, ...image } : i));
    await tx
      .update(items)
      .set({ structuredContent: sql`jsonb_set(${items.structuredContent}, '{images}', ${JSON.stringify(next)}::jsonb)`, updatedAt: new Date() })
      .where(and(eq(items.websiteId, input.websiteId), eq(items.id, product.id)));
    await input.onUpdated?.(tx, image);
    return image;
  });
}
