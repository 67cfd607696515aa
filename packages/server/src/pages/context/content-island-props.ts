import type { CommentsProps, GalleryProps, LightboxProps, LikeButtonProps, ReviewsProps, ShareButtonsProps } from '@emporium/storefront';
import type { PublicComment } from '../../comments/index.js';
import { srcsetOfAssetUrl } from '../../media/index.js';
import type { AggregateRating, PublicReview } from '../../reviews/index.js';
import type { Website } from '../../sites/index.js';

/** Props of the Comments island: the approved comments and whether visitors may post. */
export function commentsIslandProps(site: Website, item: { id: string; commentState: number }, comments: readonly PublicComment[], now: Date): CommentsProps {
  return {
    itemId: item.id,
    commentsEnabled: site.settings.commentsEnabled === true,
    commentState: item.commentState,
    comments,
    locale: site.settings.locale,
    timeZone: site.settings.timeZone,
    renderedAt: now.getTime(),
  };
}

/** Props of the LikeButton island. */
export function likeIslandProps(itemId: string, likeCount: number): LikeButtonProps {
  return { itemId, likeCount };
}

/** A network the ShareButtons island offers. */
type ShareNetwork = NonNullable<ShareButtonsProps['networks']>[number];

/** Share networks by the numeric service ids of `shareButtonOptions` (our numbering; the spec does not give values). */
export const SHARE_SERVICE_NETWORKS: Readonly<Record<string, ShareNetwork>> = Object.freeze({
  1: 'facebook',
  2: 'x',
  3: 'linkedin',
  4: 'pinterest',
  5: 'email',
});
/** `shareButtonOptions` when the owner set none: Facebook, X and Pinterest. */
export const DEFAULT_SHARE_BUTTON_OPTIONS: Readonly<Record<string, boolean>> = Object.freeze({ 1: true, 2: true, 4: true });

/** The site's `shareButtonOptions` (service id → shown), or {@link DEFAULT_SHARE_BUTTON_OPTIONS}. */
export function shareButtonOptionsOf(settings: Record<string, unknown>): Record<string, boolean> {
  const raw = settings.shareButtonOptions;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ...DEFAULT_SHARE_BUTTON_OPTIONS };
  return Object.fromEntries(Object.entries(raw).filter(([id, on]) => Object.hasOwn(SHARE_SERVICE_NETWORKS, id) && typeof on === 'boolean')) as Record<
    string,
    boolean
  >;
}

/** Network names of the enabled share services, in service-id order. */
export function shareNetworksOf(options: Record<string, boolean>): ShareNetwork[] {
  return Object.keys(SHARE_SERVICE_NETWORKS)
    .filter((id) => options[id] === true)
    .map((id) => SHARE_SERVICE_NETWORKS[id]!);
}

/** Props of the ShareButtons island for an absolute page URL; `networks` from the site's shareButtonOptions. */
export function shareIslandProps(url: string, title: string, imageUrl: string | undefined, networks?: readonly ShareNetwork[]): ShareButtonsProps {
  return { url, title, imageUrl: imageUrl || undefined, networks };
}

/** Default width and height of a picture without a usable `originalSize` (the demo's illustrations are 800 square). */
export const DEFAULT_IMAGE_SIZE = Object.freeze({ width: 800, height: 800 });

/** `{width, height}` from an `originalSize` of `WIDTHxHEIGHT` (positive integers), else {@link DEFAULT_IMAGE_SIZE}. */
export function imageSizeOf(originalSize: unknown): { width: number; height: number } {
  const m = typeof originalSize === 'string' ? /^(\d{1,5})x(\d{1,5})$/.exec(originalSize) : null;
  const width = m ? Number(m[1]) : 0;
  const height = m ? Number(m[2]) : 0;
  return width > 0 && height > 0 ? { width, height } : { ...DEFAULT_IMAGE_SIZE };
}

/** An item or image with a picture at `assetUrl`. */
function isPicture(value: unknown): value is Record<string, unknown> & { assetUrl: string } {
  return !!value && typeof value === 'object' && typeof (value as Record<string, unknown>).assetUrl === 'string';
}

/** Smallest number of pictures for which a post shows the Lightbox island. */
export const POST_LIGHTBOX_MIN_IMAGES = 2;

/** Props of the Lightbox island for an item's `images` (assetUrl, altText, originalSize), or undefined below {@link POST_LIGHTBOX_MIN_IMAGES}. */
export function postLightboxProps(title: string, images: unknown): LightboxProps | undefined {
  const list = Array.isArray(images) ? images.filter(isPicture) : [];
  if (list.length < POST_LIGHTBOX_MIN_IMAGES) return undefined;
  return {
    label: `Photos: ${title}`,
    images: list.map((i) => {
      const { width, height } = imageSizeOf(i.originalSize);
      return {
        src: i.assetUrl,
        srcset: srcsetOfAssetUrl(i.assetUrl),
        alt: String(i.altText ?? ''),
        width,
        height,
        caption: i.altText ? String(i.altText) : undefined,
      };
    }),
  };
}

/** Props of the Reviews island. */
export function reviewsIslandProps(site: Website, itemId: string, rating: AggregateRating, reviews: readonly PublicReview[]): ReviewsProps {
  return {
    itemId,
    aggregateRating: { ratingValue: rating.ratingValue, reviewCount: rating.reviewCount },
    reviews,
    locale: site.settings.locale,
    timeZone: site.settings.timeZone,
  };
}

/** Props of the Gallery island for a gallery collection's items (grid, lightbox on). */
export function galleryIslandProps(title: string, items: readonly Record<string, unknown>[], options: Record<string, unknown>): GalleryProps {
  return {
    label: title,
    options: { design: 'grid', lightbox: true, 'thumbnails-per-row': 4, 'aspect-ratio': 'square', padding: 16, ...options },
    items: items.filter(isPicture).map((i) => {
      const { width, height } = imageSizeOf(i.originalSize);
      return { src: i.assetUrl, srcset: srcsetOfAssetUrl(i.assetUrl), alt: String(i.altText ?? i.title ?? ''), title: String(i.title ?? ''), width, height };
    }),
  };
}
