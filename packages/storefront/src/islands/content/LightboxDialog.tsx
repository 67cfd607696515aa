import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { srcsetAttributes } from '../../components/image-attributes.js';
import { nextTrappedFocus } from '../../lib/focus-trap.js';
import { debounce, lightboxContentBox, lightboxKeyAction, wrapIndex, type LightboxBox, type LightboxTheme } from './lightbox-layout.js';

/** One image the lightbox shows. */
export interface LightboxImage {
  readonly src: string;
  /** WebP copies with their widths, for an uploaded image (none for an external URL). */
  readonly srcset?: string;
  readonly alt: string;
  readonly width?: number;
  readonly height?: number;
  readonly caption?: string;
}

/** Props of {@link LightboxDialog}. */
export interface LightboxDialogProps {
  readonly images: readonly LightboxImage[];
  readonly index: number;
  readonly theme: LightboxTheme;
  readonly onIndexChange: (index: number) => void;
  readonly onClose: () => void;
}

const THEMES: Readonly<Record<LightboxTheme, { background: string; color: string }>> = {
  dark: { background: 'rgba(0,0,0,0.92)', color: '#fff' },
  light: { background: 'rgba(255,255,255,0.96)', color: '#111' },
};

/** Caption backing per theme: keeps the text readable over any picture. */
const CAPTION_BACKGROUNDS: Readonly<Record<LightboxTheme, string>> = {
  dark: 'rgba(0,0,0,0.75)',
  light: 'rgba(255,255,255,0.85)',
};

function viewport(): { width: number; height: number } {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The open lightbox: a modal dialog with the current image, previous/next and close buttons.
 * Arrow keys move, Escape closes, Tab stays inside; focus goes to the close button on open and
 * back to the opener on close. The image is re-fitted 100 ms after the last window resize,
 * keeping a 50 px margin when it is taller than the window; the caption lies over the foot of
 * the picture, so a window-high picture never pushes it out of view.
 */
export function LightboxDialog({ images, index, theme, onIndexChange, onClose }: LightboxDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [box, setBox] = useState<LightboxBox | null>(null);
  const image = images[index];
  const count = images.length;

  const move = useCallback((step: number) => onIndexChange(wrapIndex(index, step, count)), [index, count, onIndexChange]);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = lightboxKeyAction(event.key);
      if (action === 'close') onClose();
      else if (action === 'next' && count > 1) move(1);
      else if (action === 'previous' && count > 1) move(-1);
      else if (event.key === 'Tab' && dialogRef.current) {
        const target = nextTrappedFocus(dialogRef.current, document.activeElement, event.shiftKey);
        if (target) target.focus();
        else return;
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count, move, onClose]);

  useEffect(() => {
    if (!natural) return;
    setBox(lightboxContentBox(natural, viewport()));
    const refit = debounce(() => setBox(lightboxContentBox(natural, viewport())));
    window.addEventListener('resize', refit.run);
    return () => {
      window.removeEventListener('resize', refit.run);
      refit.cancel();
    };
  }, [natural]);

  useEffect(() => {
    setNatural(image?.width && image.height ? { width: image.width, height: image.height } : null);
    setBox(null);
  }, [image]);

  if (!image) return null;
  const colors = THEMES[theme];
  return (
    <div
      className={`content-lightbox content-lightbox--${theme}`}
      style={{ position: 'fixed', inset: 0, zIndex: 1000, display: 'flex', alignItems: 'center', justifyContent: 'center', ...colors }}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="content-lightbox__dialog" data-margin={box?.margin ?? 0}>
        <h2 id={titleId} className="content-lightbox__title" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {`Image ${index + 1} of ${count}${image.caption ? `: ${image.caption}` : ''}`}
        </h2>
        <figure style={{ margin: box ? `${box.margin}px 0` : 0, textAlign: 'center', position: 'relative' }}>
          <img
            src={image.src}
            {...srcsetAttributes(image.srcset, '90vw')}
            alt={image.alt}
            className="content-lightbox__image"
            style={{ display: 'block', margin: '0 auto', ...(box ? { width: box.width, height: box.height } : { maxWidth: '90vw', maxHeight: '90vh' }) }}
            onLoad={(e) => {
              if (natural) return;
              const img = e.currentTarget;
              if (img.naturalWidth && img.naturalHeight) setNatural({ width: img.naturalWidth, height: img.naturalHeight });
            }}
          />
          {image.caption && (
            <figcaption
              className="content-lightbox__caption"
              style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '8px 12px', background: CAPTION_BACKGROUNDS[theme] }}
            >
              {image.caption}
            </figcaption>
          )}
        </figure>
        {count > 1 && (
          <>
            <button
              type="button"
              className="content-lightbox__previous"
              aria-label="Previous image"
              onClick={() => move(-1)}
              style={{ position: 'fixed', left: 12, top: '50%', color: 'inherit', background: 'transparent', border: 0, fontSize: 32, cursor: 'pointer' }}
            >
              ‹
            </button>
            <button
              type="button"
              className="content-lightbox__next"
              aria-label="Next image"
              onClick={() => move(1)}
              style={{ position: 'fixed', right: 12, top: '50%', color: 'inherit', background: 'transparent', border: 0, fontSize: 32, cursor: 'pointer' }}
            >
              ›
            </button>
          </>
        )}
        <button
          ref={closeRef}
          type="button"
          className="content-lightbox__close"
          aria-label="Close"
          onClick={onClose}
          style={{ position: 'fixed', right: 12, top: 12, color: 'inherit', background: 'transparent', border: 0, fontSize: 28, cursor: 'pointer' }}
        >
          ×
        </button>
      </div>
    </div>
  );
}
