import { useState } from 'react';
import { priorityAttributes, srcsetAttributes } from '../components/image-attributes.js';
import { LightboxDialog, type LightboxImage } from './content/LightboxDialog.js';
import { lightboxTheme, type LightboxTheme } from './content/lightbox-layout.js';

/** Props of {@link Lightbox}. */
export interface LightboxProps {
  readonly images: readonly LightboxImage[];
  /** Gallery option lightboxTheme: dark (default) or light. */
  readonly theme?: LightboxTheme;
  /** Accessible name of the thumbnail list. */
  readonly label?: string;
}

/**
 * Thumbnails that open a lightbox. Each thumbnail is a button (server-rendered, so nothing
 * shifts on hydration); the lightbox itself exists only while open.
 */
export function Lightbox({ images, theme, label = 'Images' }: LightboxProps) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  return (
    <div className="content-lightbox-gallery">
      <ul
        className="content-lightbox-gallery__list"
        aria-label={label}
        style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}
      >
        {images.map((image, i) => (
          <li key={`${image.src}-${i}`}>
            <button
              type="button"
              className="content-lightbox-gallery__open"
              aria-label={`Open image ${i + 1} of ${images.length}${image.alt ? `: ${image.alt}` : ''}`}
              aria-haspopup="dialog"
              onClick={() => setOpen(i)}
              style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in' }}
            >
              <img
                src={image.src}
                {...srcsetAttributes(image.srcset, '160px')}
                alt=""
                width={image.width}
                height={image.height}
                {...priorityAttributes()}
                style={{ display: 'block', maxWidth: 160, height: 'auto' }}
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <LightboxDialog images={images} index={open} theme={lightboxTheme(theme)} onIndexChange={setOpen} onClose={() => setOpen(null)} />}
    </div>
  );
}
