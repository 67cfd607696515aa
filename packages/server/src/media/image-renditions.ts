import sharp from 'sharp';

/** Spec 9: the srcset widths of images. */
export const SRCSET_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

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

/**
 * Resizes an image once into every srcset width up to its own width (at least the smallest),
 * in WebP and in its original format, with EXIF orientation applied and metadata dropped.
 */
export async function renderImage(bytes: Buffer, format: ImageFormat): Promise<ImageRenditions> {
  const source = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
  const { width, height } = await source
    .clone()
    .toBuffer({ resolveWithObject: true })
    .then((r) => r.info);
  const widths = SRCSET_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(SRCSET_WIDTHS[0]);
  const renditions: Rendition[] = [];
  for (const w of widths) {
    for (const out of format === 'webp' ? (['webp'] as const) : (['webp', format] as const)) {
      const resized = source.clone().resize({ width: w, withoutEnlargement: true });
      const encoded = out === 'webp' ? resized.webp({ quality: 80 }) : out === 'png' ? resized.png() : resized.jpeg({ quality: 82, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      renditions.push({ width: w, height: info.height, format: out, bytes: data });
    }
  }
  return { width, height, format, renditions };
}
