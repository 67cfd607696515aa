import { useEffect, useRef, useState } from 'react';
import { priorityAttributes, srcsetAttributes } from '../components/image-attributes.js';
import { LightboxDialog } from './content/LightboxDialog.js';
import { GalleryMeta } from './content/GalleryMeta.js';
import { Slideshow } from './content/Slideshow.js';
import { gallerySizes, shownItems, type GalleryItem } from './content/gallery-item.js';
import { ASPECT_RATIOS, autoplayIntervalMs, normalizeGalleryOptions, type GalleryOptions } from './content/gallery-options.js';

/** Props of {@link Gallery}. */
export interface GalleryProps {
  readonly items: readonly GalleryItem[];
  /** Owner gallery options (spec 3), camelCase or kebab-case; defaults fill the rest. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Accessible name of the gallery. */
  readonly label?: string;
}

/** Props shared by the grid, slider and stacked designs. */
interface DesignProps {
  readonly items: readonly GalleryItem[];
  readonly options: GalleryOptions;
  readonly label: string;
  readonly open: (index: number) => void;
}

function Tile({
  item,
  index,
  options,
  open,
  imageStyle,
  sizes,
  firstRow = false,
}: {
  item: GalleryItem;
  index: number;
  options: GalleryOptions;
  open: (i: number) => void;
  imageStyle: React.CSSProperties;
  /** How wide the picture is shown, for the browser's srcset pick. */
  sizes: string;
  /**
   * A tile of the gallery's first row loads at once: a lazy image waits for layout, and a gallery
   * at the top of a page has its largest paint there (Lighthouse LCP on the demo's gallery).
   */
  firstRow?: boolean;
}) {
  const image = (
    <img
      src={item.src}
      {...srcsetAttributes(item.srcset, sizes)}
      alt={options.lightbox ? '' : item.alt}
      width={item.width}
      height={item.height}
      {...(firstRow ? { loading: 'eager' as const } : priorityAttributes())}
      style={imageStyle}
    />
  );
  let body = image;
  if (item.mediaType === 'video' && item.videoUrl) {
    body = (
      <a href={item.videoUrl} target="_blank" rel="noopener noreferrer" aria-label={`Play video: ${item.title || item.alt} (opens in a new window)`}>
        {image}
      </a>
    );
  } else if (options.lightbox) {
    body = (
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Open ${item.alt || `image ${index + 1}`}`}
        onClick={() => open(index)}
        style={{ padding: 0, border: 0, background: 'none', width: '100%', cursor: 'zoom-in' }}
      >
        {image}
      </button>
    );
  } else if (item.link) {
    body = (
      <a href={item.link} {...(options.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {image}
      </a>
    );
  }
  return (
    <figure style={{ margin: 0, position: 'relative' }}>
      {body}
      <GalleryMeta item={item} options={options} />
    </figure>
  );
}

function Grid({ items, options, label, open }: DesignProps) {
  const ratio = ASPECT_RATIOS[options.aspectRatio] ?? 1;
  return (
    <ul
      className="content-gallery content-gallery--grid"
      data-columns={options.thumbnailsPerRow}
      aria-label={label}
      style={{
        listStyle: 'none',
        padding: 0,
        margin: 0,
        display: 'grid',
        gridTemplateColumns: `repeat(${options.thumbnailsPerRow}, minmax(0, 1fr))`,
        gap: options.padding,
      }}
    >
      {items.map((item, i) => (
        <li key={`${item.src}-${i}`}>
          <Tile
            item={item}
            index={i}
            options={options}
            open={open}
            imageStyle={{ width: '100%', aspectRatio: String(ratio), objectFit: 'cover', display: 'block' }}
            sizes={gallerySizes('grid', options.thumbnailsPerRow)}
            firstRow={i < options.thumbnailsPerRow}
          />
        </li>
      ))}
    </ul>
  );
}

function Stacked({ items, options, label, open }: DesignProps) {
  return (
    <ul
      className="content-gallery content-gallery--stacked"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: options.padding }}
    >
      {items.map((item, i) => (
        <li key={`${item.src}-${i}`}>
          <Tile
            item={item}
            index={i}
            options={options}
            open={open}
            imageStyle={{
              display: 'block',
              height: 'auto',
              maxWidth: item.width ? `min(100%, ${Math.round((item.width * options.maxWidth) / 100)}px)` : '100%',
              margin: '0 auto',
            }}
            sizes={gallerySizes('stacked', 1, item.width, options.maxWidth)}
            firstRow={i === 0}
          />
        </li>
      ))}
    </ul>
  );
}

function Slider({ items, options, label, open }: DesignProps) {
  const track = useRef<HTMLUListElement>(null);
  const [paused, setPaused] = useState(false);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
    if (direction === 1 && atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
    else el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  useEffect(() => {
    if (!options.autoplay || paused || items.length < 2) return;
    if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => scroll(1), autoplayIntervalMs(options));
    return () => clearInterval(timer);
  }, [options, paused, items.length]);
  const ratio = ASPECT_RATIOS[options.aspectRatio] ?? 1;
  const snap = options.activeAlignment === 'left' ? 'start' : options.activeAlignment === 'right' ? 'end' : 'center';
  return (
    <section
      className="content-gallery content-gallery--slider"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        ref={track}
        tabIndex={0}
        aria-label="Slides"
        style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', gap: options.padding, overflowX: 'auto', scrollSnapType: 'x mandatory' }}
      >
        {items.map((item, i) => (
          <li key={`${item.src}-${i}`} style={{ flex: '0 0 auto', width: 'min(80%, 480px)', scrollSnapAlign: snap }}>
            <Tile
              item={item}
              index={i}
              options={options}
              open={open}
              imageStyle={{ width: '100%', aspectRatio: String(ratio), objectFit: 'cover', display: 'block' }}
              sizes={gallerySizes('slider', 1)}
              firstRow={i === 0}
            />
          </li>
        ))}
      </ul>
      {options.controls && items.length > 1 && (
        <div className="content-gallery__controls">
          <button type="button" aria-label="Previous slides" onClick={() => scroll(-1)}>
            ‹
          </button>
          <button type="button" aria-label="Next slides" onClick={() => scroll(1)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * A gallery in one of the four designs (spec 3): slideshow (autoplay 1-10 s, default 5),
 * slider, grid (thumbnails per row, padding, aspect ratio) and stacked, with the lightbox
 * (dark or light) when its option is on.
 */
export function Gallery({ items, options: raw, label = 'Gallery' }: GalleryProps) {
  const options = normalizeGalleryOptions(raw);
  const shown = shownItems(items);
  const [open, setOpen] = useState<number | null>(null);
  if (shown.length === 0) return null;
  if (options.design === 'slideshow') return <Slideshow items={shown} options={options} label={label} />;
  const Design = options.design === 'grid' ? Grid : options.design === 'slider' ? Slider : Stacked;
  return (
    <div className="content-gallery-wrapper">
      <Design items={shown} options={options} label={label} open={setOpen} />
      {open !== null && options.lightbox && (
        <LightboxDialog
          images={shown.map((i) => ({ src: i.src, srcset: i.srcset, alt: i.alt, width: i.width, height: i.height, caption: i.title }))}
          index={open}
          theme={options.lightboxTheme}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
