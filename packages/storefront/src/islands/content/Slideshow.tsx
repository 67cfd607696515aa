import { useEffect, useId, useState } from 'react';
import { priorityAttributes, srcsetAttributes } from '../../components/image-attributes.js';
import { ASPECT_RATIOS, autoplayIntervalMs, type GalleryOptions } from './gallery-options.js';
import { gallerySizes, type GalleryItem } from './gallery-item.js';
import { GalleryMeta } from './GalleryMeta.js';
import { wrapIndex } from './lightbox-layout.js';

/** The shown width of a strip thumbnail: the strip height, times the picture's aspect unless thumbnails are square. */
function thumbnailWidth(slide: GalleryItem, options: GalleryOptions): number {
  const height = options.thumbnailStripHeight;
  if (options.squareThumbs || !slide.width || !slide.height) return height;
  return Math.ceil((height * slide.width) / slide.height);
}

/** Props of {@link Slideshow}. */
interface SlideshowProps {
  readonly items: readonly GalleryItem[];
  readonly options: GalleryOptions;
  readonly label: string;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The slideshow design: one slide at a time, previous/next controls, optional thumbnail strip
 * and autoplay every `autoplayDuration` seconds (1-10, default 5). Autoplay pauses while the
 * pointer or focus is inside, has a pause button, and does not start under reduced motion.
 */
export function Slideshow({ items, options, label }: SlideshowProps) {
  const id = useId();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(options.autoplay);
  const [hovered, setHovered] = useState(false);
  const count = items.length;

  useEffect(() => {
    if (options.autoplay && prefersReducedMotion()) setPlaying(false);
  }, [options.autoplay]);

  useEffect(() => {
    if (!playing || hovered || count < 2) return;
    const timer = setInterval(() => setIndex((i) => wrapIndex(i, 1, count)), autoplayIntervalMs(options));
    return () => clearInterval(timer);
  }, [playing, hovered, count, options]);

  const ratio = ASPECT_RATIOS[options.aspectRatio] ?? 1;
  const item = items[index]!;
  return (
    <section
      className="content-gallery content-gallery--slideshow"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      style={{ background: options.transparentBackground ? 'transparent' : undefined }}
    >
      <div id={`${id}-slides`} aria-live={playing && !hovered ? 'off' : 'polite'}>
        {items.map((slide, i) => (
          <figure
            key={`${slide.src}-${i}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== index}
            style={{ margin: 0 }}
          >
            <img
              src={slide.src}
              {...srcsetAttributes(slide.srcset, gallerySizes('slideshow', 1))}
              alt={slide.alt}
              width={slide.width}
              height={slide.height}
              {...priorityAttributes(i === 0 ? 'high' : null)}
              style={
                options.autoCrop
                  ? { width: '100%', aspectRatio: String(ratio), objectFit: 'cover', display: 'block' }
                  : { maxWidth: '100%', height: 'auto', display: 'block', margin: '0 auto' }
              }
            />
            <GalleryMeta item={slide} options={options} />
          </figure>
        ))}
      </div>
      {count > 1 && (
        <div className="content-gallery__controls">
          {options.controls && (
            <>
              <button type="button" aria-controls={`${id}-slides`} aria-label="Previous slide" onClick={() => setIndex(wrapIndex(index, -1, count))}>
                ‹
              </button>
              <button type="button" aria-controls={`${id}-slides`} aria-label="Next slide" onClick={() => setIndex(wrapIndex(index, 1, count))}>
                ›
              </button>
            </>
          )}
          {options.autoplay && (
            <button type="button" aria-pressed={!playing} onClick={() => setPlaying(!playing)}>
              {playing ? 'Pause slideshow' : 'Play slideshow'}
            </button>
          )}
        </div>
      )}
      {options.thumbnails && count > 1 && (
        <ul
          className="content-gallery__thumbnails"
          aria-label="Choose a slide"
          style={{
            listStyle: 'none',
            display: 'flex',
            gap: 4,
            padding: 0,
            margin: `${options.thumbnailStripMargin}px 0 0`,
            height: options.thumbnailStripHeight,
            overflowX: 'auto',
          }}
        >
          {items.map((slide, i) => (
            <li key={`${slide.src}-${i}`} style={{ height: '100%' }}>
              <button
                type="button"
                aria-label={`Show slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                style={{ padding: 0, border: 0, height: '100%', background: 'none' }}
              >
                <img
                  src={slide.src}
                  {...srcsetAttributes(slide.srcset, `${thumbnailWidth(slide, options)}px`)}
                  alt=""
                  loading="lazy"
                  style={{ height: '100%', aspectRatio: options.squareThumbs ? '1' : undefined, objectFit: 'cover' }}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="content-gallery__status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {`Slide ${index + 1} of ${count}${item.title ? `: ${item.title}` : ''}`}
      </p>
    </section>
  );
}
