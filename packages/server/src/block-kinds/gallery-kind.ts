import { z } from 'zod';
import { LinkUrl, MediaUrl, oneOf, text } from './fields.js';
import { BlockMessages } from './messages.js';
import { MAX_ALT } from './media-kinds.js';

/** Spec 3 "Gallery options": the designs, grid first (the default). */
export const GALLERY_BLOCK_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
/** Spec 3: aspect ratios by name (square is the default). */
export const GALLERY_ASPECT_RATIOS = [
  'square',
  'standard',
  'standard-vertical',
  'four-three',
  'three-four-vertical',
  'widescreen',
  'anamorphic-widescreen',
] as const;
/** Spec 3: where an image's title and description show (bottom by default). */
export const GALLERY_META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;
/** Spec 9 "smug gallery size 50": most images of one gallery block. */
export const MAX_GALLERY_IMAGES = 50;

/** A whole number in `[min, max]`, with `fallback` when absent (spec 3's ranges). */
const ranged = (label: string, min: number, max: number, fallback: number) =>
  z
    .number({ error: BlockMessages.range(label, min, max) })
    .int({ error: BlockMessages.range(label, min, max) })
    .min(min, { error: BlockMessages.range(label, min, max) })
    .max(max, { error: BlockMessages.range(label, min, max) })
    .default(fallback);

/** One picture of a gallery block: an uploaded image of the site (or an https address) with its alt text. */
export const GalleryImage = z.strictObject({
  assetUrl: z.string().trim().min(1, { error: BlockMessages.GALLERY_IMAGE }).pipe(MediaUrl),
  altText: z
    .string()
    .max(MAX_ALT, { error: `alt is at most ${MAX_ALT} characters` })
    .default(''),
  title: text(200).optional(),
  description: text(1000).optional(),
  linkUrl: LinkUrl.optional(),
  originalSize: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/)
    .optional()
    .describe('WIDTHxHEIGHT of the upload'),
});

/**
 * Gallery (block type 8): the site's images in one of spec 3's four designs with its options.
 * Option names are spec 3's in camelCase (`autoplay-duration` is `autoplayDuration`); each
 * applies only to the designs that use it, and the Gallery island ignores it elsewhere.
 */
export const GalleryBlock = z.strictObject({
  typeName: z.literal('gallery'),
  images: z
    .array(GalleryImage)
    .min(1, { error: BlockMessages.GALLERY_IMAGES })
    .max(MAX_GALLERY_IMAGES, { error: BlockMessages.galleryMax(MAX_GALLERY_IMAGES) }),
  design: oneOf(GALLERY_BLOCK_DESIGNS).default('grid'),
  aspectRatio: oneOf(GALLERY_ASPECT_RATIOS).default('square'),
  autoplay: z.boolean().default(false),
  autoplayDuration: ranged('Autoplay seconds', 1, 10, 5),
  controls: z.boolean().default(true),
  autoCrop: z.boolean().default(true),
  squareThumbs: z.boolean().optional(),
  thumbnails: z.boolean().optional(),
  thumbnailStripHeight: ranged('Thumbnail strip height', 0, 200, 80),
  thumbnailStripMargin: ranged('Thumbnail strip margin', 0, 60, 20),
  showMetaBasic: z.boolean().optional(),
  showMeta: z.boolean().optional(),
  showMetaOnlyTitle: z.boolean().optional(),
  metaPosition: oneOf(GALLERY_META_POSITIONS).default('bottom'),
  showMetaOnHover: z.boolean().optional(),
  activeAlignment: oneOf(['left', 'center', 'right']).default('center'),
  thumbnailsPerRow: ranged('Images per row', 1, 10, 4),
  padding: ranged('Space between images', 0, 50, 20),
  lightbox: z.boolean().optional(),
  lightboxTheme: oneOf(['dark', 'light']).default('dark'),
  maxWidth: ranged('Largest image width', 100, 300, 300),
  newWindow: z.boolean().optional(),
  transparentBackground: z.boolean().optional(),
});
