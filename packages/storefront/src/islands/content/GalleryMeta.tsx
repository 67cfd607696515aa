import type { GalleryOptions } from './gallery-options.js';
import type { GalleryItem } from './gallery-item.js';

/** Props of {@link GalleryMeta}. */
interface GalleryMetaProps {
  readonly item: GalleryItem;
  readonly options: GalleryOptions;
}

/** A slide's title and description, when show-meta is on (title only with show-meta-only-title). */
export function GalleryMeta({ item, options }: GalleryMetaProps) {
  if (!options.showMeta || (!item.title && !item.description)) return null;
  const hover = options.design === 'grid' && options.showMetaOnHover;
  return (
    <figcaption className={`content-gallery__meta content-gallery__meta--${options.metaPosition}${hover ? ' content-gallery__meta--hover' : ''}`}>
      {item.title && <span className="content-gallery__meta-title">{item.title}</span>}
      {item.description && !options.showMetaOnlyTitle && !options.showMetaBasic && (
        <span className="content-gallery__meta-description"> {item.description}</span>
      )}
    </figcaption>
  );
}
