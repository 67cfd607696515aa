import sharp, { type Sharp } from 'sharp';
import { AppError } from '../errors/index.js';
import { MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from './upload-messages.js';

/** Spec 9: the srcset widths of images. */
export const SRCSET_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/** Longest an upload's resizing may take, in ms, before it is refused. */
export const IMAGE_TIME_LIMIT_MS = 30_000;

/** Image types accepted for upload, recognised from their first bytes. */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The format of an image from its first bytes (JPEG, PNG or WebP), or null for anything else. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** One resized copy of an image. */
export interface Rendition {
  width: number;
  height: number;
  format: ImageFormat;
  bytes: Buffer;
}

/** An image resized into the srcset widths. */
export interface ImageRenditions {
  width: number;
  height: number;
  format: ImageFormat;
  renditions: Rendition[];
}

/** Options of {@link renderImage}. */
export interface RenderOptions {
  /** Longest the resizing may take, in ms ({@link IMAGE_TIME_LIMIT_MS} by default). */
  timeLimitMs?: number;
}

/** Images are resized one at a time, so uploads never hold more than one of libuv's threads. */
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Resizes an image once into every srcset width up to its own width (at least the smallest),
 * in WebP and in its original format, with EXIF orientation applied and metadata dropped.
 * Throws PAYLOAD_TOO_LARGE for more than {@link MAX_IMAGE_PIXELS} pixels (read from the header,
 * before any decoding) and UNPROCESSABLE past the time limit. Every step runs on libuv's
 * threads (sharp), never on the event loop, and uploads wait for each other.
 */
export async function renderImage(bytes: Buffer, format: ImageFormat, options: RenderOptions = {}): Promise<ImageRenditions> {
  const header = await sharp(bytes).metadata();
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels);
  return oneAtATime(() => resize(bytes, format, header.autoOrient, options.timeLimitMs ?? IMAGE_TIME_LIMIT_MS));
}

async function resize(bytes: Buffer, format: ImageFormat, oriented: { width: number; height: number }, timeLimitMs: number): Promise<ImageRenditions> {
  const deadline = Date.now() + timeLimitMs;
  const secondsLeft = () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new AppError('UNPROCESSABLE', UPLOAD_MESSAGES.tooSlow);
    return Math.ceil(left / 1000);
  };
  const timed = (image: Sharp) => image.timeout({ seconds: secondsLeft() });
  const refuseTimeout = (error: unknown): never => {
    if (error instanceof AppError) throw error;
    if (/timeout/i.test(String((error as Error)?.message))) throw new AppError('UNPROCESSABLE', UPLOAD_MESSAGES.tooSlow, { cause: error });
    throw error;
  };
  // One full decode: oriented and shrunk to the largest width needed; the copies are made from it.
  const largest = SRCSET_WIDTHS.at(-1)!;
  const decoded = await timed(sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: largest, withoutEnlargement: true }))
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(refuseTimeout);
  const { width, height } = oriented;
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  const widths = SRCSET_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(SRCSET_WIDTHS[0]);
  const renditions: Rendition[] = [];
  for (const w of widths) {
    for (const out of format === 'webp' ? (['webp'] as const) : (['webp', format] as const)) {
      const resized = sharp(decoded.data, { raw }).resize({ width: w, withoutEnlargement: true });
      const encoded = out === 'webp' ? resized.webp({ quality: 80 }) : out === 'png' ? resized.png() : resized.jpeg({ quality: 82, mozjpeg: true });
      const { data, info } = await timed(encoded).toBuffer({ resolveWithObject: true }).catch(refuseTimeout);
      renditions.push({ width: w, height: info.height, format: out, bytes: data });
    }
  }
  return { width, height, format, renditions };
}
