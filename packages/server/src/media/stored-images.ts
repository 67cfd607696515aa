import { randomBytes } from 'node:crypto';
import { AppError } from '../errors/index.js';
import { renderImage, SRCSET_WIDTHS, sniffImageFormat, type ImageFormat } from './image-renditions.js';
import type { MediaStorage } from './media-storage.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/** Where media files are served. */
export const MEDIA_PATH = '/api/media';
const EXTENSION: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The URL a stored copy is served at. */
export function mediaUrl(websiteId: string, name: string): string {
  return `${MEDIA_PATH}/${websiteId}/${name}`;
}

/** An uploaded image once its copies are stored: what pages need to show it responsively. */
export interface StoredImage {
  id: string;
  /** The largest copy in the original format. */
  assetUrl: string;
  /** WIDTHxHEIGHT of the upload, orientation applied. */
  originalSize: string;
  /** WebP copies with their widths, for `<img srcset>`. */
  srcset: string;
  /** Copies in the original format with their widths. */
  srcsetOriginal: string;
}

/**
 * Recognises the format from the bytes, resizes once into the srcset widths in WebP and the
 * original format and stores every copy through `storage` under `{websiteId}/{id}-{width}.{ext}`.
 * Throws UNSUPPORTED_MEDIA_TYPE or UNPROCESSABLE for bytes that are not a usable image,
 * PAYLOAD_TOO_LARGE for too many pixels and UNPROCESSABLE when resizing takes too long.
 */
export async function storeImage(storage: MediaStorage, websiteId: string, bytes: Buffer): Promise<StoredImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.notSupported);
  const rendered = await renderImage(bytes, format).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
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
  return {
    id,
    assetUrl: mediaUrl(websiteId, `${id}-${largest.width}.${EXTENSION[format]}`),
    originalSize: `${rendered.width}x${rendered.height}`,
    srcset: srcsetOf('webp'),
    srcsetOriginal: srcsetOf(format),
  };
}

const STORED_ASSET_URL = /^\/api\/media\/([a-z0-9]{1,64})\/([0-9a-f]{32})-(\d{1,4})\.(?:jpg|png|webp)$/;

/**
 * The WebP srcset of an uploaded image from its `assetUrl` (every srcset width up to the
 * width in its name, as {@link storeImage} stores them), or undefined for any other URL
 * (an external image, an illustration), which pages show as a plain `<img>`.
 */
export function srcsetOfAssetUrl(assetUrl: string | null | undefined): string | undefined {
  const match = STORED_ASSET_URL.exec(assetUrl ?? '');
  if (!match) return undefined;
  const largest = Number(match[3]);
  const widths = SRCSET_WIDTHS.filter((w) => w <= largest);
  if (widths.length === 0) return undefined;
  return widths.map((w) => `${mediaUrl(match[1]!, `${match[2]}-${w}.webp`)} ${w}w`).join(', ');
}
