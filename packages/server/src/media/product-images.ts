import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { items } from '../db/index.js';
import type { Db, Tx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { z } from '../http/schemas.js';
import { renderImage, SRCSET_WIDTHS, sniffImageFormat, type ImageFormat } from './image-renditions.js';
import { localMediaStorage, type MediaStorage } from './media-storage.js';

/** Where media files are served. */
export const MEDIA_PATH = '/api/media';
/** Spec 9: default alt text is capped at 250 characters. */
export const MAX_ALT_TEXT = 250;
const EXTENSION: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** Largest image upload, in bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Spec 5 "Upload": the refusals of an upload. */
export const UPLOAD_MESSAGES = Object.freeze({
  noFile: 'Choose an image to upload.',
  notSupported: 'The file is not a supported type: upload a JPEG, PNG or WebP image.',
  tooLarge: `The file is too large: the maximum size is ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  notAnImage: 'The file could not be read as an image.',
  unreadable: 'The upload could not be read: send the image as multipart/form-data.',
});

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

/** The URL a stored copy is served at. */
export function mediaUrl(websiteId: string, name: string): string {
  return `${MEDIA_PATH}/${websiteId}/${name}`;
}

/**
 * The WebP srcset of an uploaded image from its `assetUrl` (every srcset width up to the
 * width in its name, as {@link attachProductImage} stores them), or undefined for any other URL.
 */
export function srcsetOfAssetUrl(assetUrl: string | null | undefined): string | undefined {
  const match = /^\/api\/media\/([a-z0-9]{1,64})\/([0-9a-f]{32})-(\d{1,4})\.(?:jpg|png|webp)$/.exec(assetUrl ?? '');
  if (!match) return undefined;
  const largest = Number(match[3]);
  const widths = SRCSET_WIDTHS.filter((w) => w <= largest);
  if (widths.length === 0) return undefined;
  return widths.map((w) => `${mediaUrl(match[1]!, `${match[2]}-${w}.webp`)} ${w}w`).join(', ');
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
  const format = sniffImageFormat(input.bytes);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.notSupported);
  const rendered = await renderImage(input.bytes, format).catch((error: unknown) => {
    throw new AppError('UNPROCESSABLE', UPLOAD_MESSAGES.notAnImage, { cause: error });
  });
  const id = randomBytes(16).toString('hex');
  for (const r of rendered.renditions) await storage.put(`${websiteId}/${id}-${r.width}.${EXTENSION[r.format]}`, r.bytes);
  const srcsetOf = (f: ImageFormat) =>
    rendered.renditions
      .filter((r) => r.format === f)
      .map((r) => `${mediaUrl(websiteId, `${id}-${r.width}.${EXTENSION[f]}`)} ${r.width}w`)
      .join(', ');
  const largest = rendered.renditions.filter((r) => r.format === format).at(-1)!;
  const image: ProductImage = {
    id,
    assetUrl: mediaUrl(websiteId, `${id}-${largest.width}.${EXTENSION[format]}`),
    altText: altTextOr(input.altText, product.title),
    originalSize: `${rendered.width}x${rendered.height}`,
    srcset: srcsetOf('webp'),
    srcsetOriginal: srcsetOf(format),
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
