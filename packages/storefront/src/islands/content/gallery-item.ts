import { defaultAltText } from './texts.js';

/** Spec 3: gallery item media types. */
export const GALLERY_MEDIA_TYPES = ['imageEmpty', 'imageFile', 'imageLicensed', 'imageReused', 'assetReused', 'video'] as const;
/** One of {@link GALLERY_MEDIA_TYPES}. */
export type GalleryMediaType = (typeof GALLERY_MEDIA_TYPES)[number];

/** One gallery slide. */
export interface GalleryItem {
  readonly src: string;
  /** WebP copies with their widths, for an uploaded image (none for an external URL). */
  readonly srcset?: string;
  readonly alt: string;
  readonly width?: number;
  readonly height?: number;
  readonly title?: string;
  readonly description?: string;
  /** Click-through link (used when the lightbox is off). */
  readonly link?: string;
  readonly mediaType?: GalleryMediaType;
  /** Video page URL for `video` items (opened as a plain link, no embed script). */
  readonly videoUrl?: string;
}

/**
 * Items that can be shown: imageEmpty items (no image yet) are skipped; an item without alt
 * text gets its title or description, capped at 250 characters (spec 9).
 */
export function shownItems(items: readonly GalleryItem[]): GalleryItem[] {
  return items
    .filter((item) => item.mediaType !== 'imageEmpty' && typeof item.src === 'string' && item.src !== '')
    .map((item) => ({ ...item, alt: defaultAltText(item.alt, item.title, item.description) }));
}

/** Widest a gallery is laid out (the theme's container), in CSS pixels. */
export const GALLERY_MAX_WIDTH = 1180;

/**
 * The `sizes` of a gallery picture: how wide it is shown in each design, so the browser picks
 * the smallest stored copy that fills it (grid: a column of the row; slider: a slide of at most
 * 480 px; stacked: the picture's width times max-width %, within the page; slideshow: the page).
 */
export function gallerySizes(design: 'grid' | 'slider' | 'stacked' | 'slideshow', perRow: number, itemWidth?: number, maxWidthPercent = 100): string {
  if (design === 'grid') {
    const column = Math.ceil(GALLERY_MAX_WIDTH / perRow);
    return `(min-width: ${GALLERY_MAX_WIDTH}px) ${column}px, ${Math.ceil(100 / perRow)}vw`;
  }
  if (design === 'slider') return '(min-width: 600px) 480px, 80vw';
  if (design === 'stacked' && itemWidth) {
    const shown = Math.min(GALLERY_MAX_WIDTH, Math.round((itemWidth * maxWidthPercent) / 100));
    return `(min-width: ${shown}px) ${shown}px, 100vw`;
  }
  return `(min-width: ${GALLERY_MAX_WIDTH}px) ${GALLERY_MAX_WIDTH}px, 100vw`;
}
