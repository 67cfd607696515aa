import { defaultAltText } from './texts.js';

/** Spec 3: gallery item media types. */
export const GALLERY_MEDIA_TYPES = ['imageEmpty', 'imageFile', 'imageLicensed', 'imageReused', 'assetReused', 'video'] as const;
/** One of {@link GALLERY_MEDIA_TYPES}. */
export type GalleryMediaType = (typeof GALLERY_MEDIA_TYPES)[number];

/** One gallery slide. */
export interface GalleryItem {
  readonly src: string;
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
