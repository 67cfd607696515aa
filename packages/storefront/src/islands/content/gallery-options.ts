/** Spec 3: gallery designs; the default is grid. */
export const GALLERY_DESIGNS = ['slideshow', 'slider', 'grid', 'stacked'] as const;
/** One of {@link GALLERY_DESIGNS}. */
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

/** Spec 3: aspect ratios by name, as width / height. */
export const ASPECT_RATIOS: Readonly<Record<string, number>> = Object.freeze({
  square: 1,
  standard: 3 / 2,
  'standard-vertical': 2 / 3,
  'four-three': 4 / 3,
  'three-four-vertical': 3 / 4,
  widescreen: 16 / 9,
  'anamorphic-widescreen': 2.4,
});

/** Spec 3: meta positions; default bottom. */
export const META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;
/** Spec 3: active alignments; default center. */
export const ACTIVE_ALIGNMENTS = ['left', 'center', 'right'] as const;

/** Gallery options with every default filled in (spec 3, Gallery options). */
export interface GalleryOptions {
  design: GalleryDesign;
  autoplay: boolean;
  /** Seconds per slide, 1-10. */
  autoplayDuration: number;
  controls: boolean;
  autoCrop: boolean;
  aspectRatio: keyof typeof ASPECT_RATIOS;
  squareThumbs: boolean;
  thumbnails: boolean;
  thumbnailStripHeight: number;
  thumbnailStripMargin: number;
  showMeta: boolean;
  showMetaBasic: boolean;
  showMetaOnlyTitle: boolean;
  metaPosition: (typeof META_POSITIONS)[number];
  showMetaOnHover: boolean;
  activeAlignment: (typeof ACTIVE_ALIGNMENTS)[number];
  thumbnailsPerRow: number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: 'dark' | 'light';
  maxWidth: number;
  newWindow: boolean;
  transparentBackground: boolean;
}

/** Numeric options: [min, max, default] (spec 3). */
export const GALLERY_RANGES = Object.freeze({
  autoplayDuration: [1, 10, 5],
  thumbnailStripHeight: [0, 200, 80],
  thumbnailStripMargin: [0, 60, 20],
  thumbnailsPerRow: [1, 10, 4],
  padding: [0, 50, 20],
  maxWidth: [100, 300, 300],
} as const);

/** Defaults of every option (spec 3). */
export const GALLERY_DEFAULTS: Readonly<GalleryOptions> = Object.freeze({
  design: 'grid',
  autoplay: false,
  autoplayDuration: 5,
  controls: true,
  autoCrop: true,
  aspectRatio: 'square',
  squareThumbs: false,
  thumbnails: false,
  thumbnailStripHeight: 80,
  thumbnailStripMargin: 20,
  showMeta: false,
  showMetaBasic: false,
  showMetaOnlyTitle: false,
  metaPosition: 'bottom',
  showMetaOnHover: false,
  activeAlignment: 'center',
  thumbnailsPerRow: 4,
  padding: 20,
  lightbox: false,
  lightboxTheme: 'dark',
  maxWidth: 300,
  newWindow: false,
  transparentBackground: false,
});

/** Option names as the theme and editor spell them (kebab-case) to our camelCase names. */
const KEBAB_NAMES: Readonly<Record<string, keyof GalleryOptions>> = Object.freeze({
  'autoplay-duration': 'autoplayDuration',
  'auto-crop': 'autoCrop',
  'aspect-ratio': 'aspectRatio',
  'square-thumbs': 'squareThumbs',
  'thumbnail-strip-height': 'thumbnailStripHeight',
  'thumbnail-strip-margin': 'thumbnailStripMargin',
  'show-meta': 'showMeta',
  'show-meta-basic': 'showMetaBasic',
  'show-meta-only-title': 'showMetaOnlyTitle',
  'meta-position': 'metaPosition',
  'show-meta-on-hover': 'showMetaOnHover',
  'active-alignment': 'activeAlignment',
  'thumbnails-per-row': 'thumbnailsPerRow',
  'max-width': 'maxWidth',
});

function clampInt(value: unknown, [min, max, fallback]: readonly [number, number, number]): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

/** Options from owner settings (camelCase or kebab-case keys), clamped to their ranges, defaults filled in. */
export function normalizeGalleryOptions(raw: Readonly<Record<string, unknown>> = {}): GalleryOptions {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) input[KEBAB_NAMES[key] ?? key] = value;
  const d = GALLERY_DEFAULTS;
  return {
    design: oneOf(input.design, GALLERY_DESIGNS, d.design),
    autoplay: flag(input.autoplay, d.autoplay),
    autoplayDuration: clampInt(input.autoplayDuration, GALLERY_RANGES.autoplayDuration),
    controls: flag(input.controls, d.controls),
    autoCrop: flag(input.autoCrop, d.autoCrop),
    aspectRatio: Object.prototype.hasOwnProperty.call(ASPECT_RATIOS, String(input.aspectRatio)) ? (input.aspectRatio as string) : d.aspectRatio,
    squareThumbs: flag(input.squareThumbs, d.squareThumbs),
    thumbnails: flag(input.thumbnails, d.thumbnails),
    thumbnailStripHeight: clampInt(input.thumbnailStripHeight, GALLERY_RANGES.thumbnailStripHeight),
    thumbnailStripMargin: clampInt(input.thumbnailStripMargin, GALLERY_RANGES.thumbnailStripMargin),
    showMeta: flag(input.showMeta, d.showMeta),
    showMetaBasic: flag(input.showMetaBasic, d.showMetaBasic),
    showMetaOnlyTitle: flag(input.showMetaOnlyTitle, d.showMetaOnlyTitle),
    metaPosition: oneOf(input.metaPosition, META_POSITIONS, d.metaPosition),
    showMetaOnHover: flag(input.showMetaOnHover, d.showMetaOnHover),
    activeAlignment: oneOf(input.activeAlignment, ACTIVE_ALIGNMENTS, d.activeAlignment),
    thumbnailsPerRow: clampInt(input.thumbnailsPerRow, GALLERY_RANGES.thumbnailsPerRow),
    padding: clampInt(input.padding, GALLERY_RANGES.padding),
    lightbox: flag(input.lightbox, d.lightbox),
    lightboxTheme: oneOf(input.lightboxTheme, ['dark', 'light'] as const, d.lightboxTheme),
    maxWidth: clampInt(input.maxWidth, GALLERY_RANGES.maxWidth),
    newWindow: flag(input.newWindow, d.newWindow),
    transparentBackground: flag(input.transparentBackground, d.transparentBackground),
  };
}

/** Milliseconds per slide when autoplay runs. */
export function autoplayIntervalMs(options: Pick<GalleryOptions, 'autoplayDuration'>): number {
  return clampInt(options.autoplayDuration, GALLERY_RANGES.autoplayDuration) * 1000;
}

type Rule = (o: GalleryOptions) => boolean;
const designs =
  (...list: GalleryDesign[]): Rule =>
  (o) =>
    list.includes(o.design);

/**
 * Spec 4: which options apply (and are shown in the editor) for the current values. Each rule
 * names the designs an option belongs to and the option it depends on.
 */
export const GALLERY_OPTION_RULES: Readonly<Record<keyof GalleryOptions, Rule>> = Object.freeze({
  design: () => true,
  autoplay: designs('slideshow', 'slider'),
  autoplayDuration: (o) => designs('slideshow', 'slider')(o) && o.autoplay,
  controls: designs('slideshow', 'slider'),
  autoCrop: designs('slideshow'),
  aspectRatio: (o) => designs('grid', 'slider')(o) || (o.design === 'slideshow' && o.autoCrop),
  squareThumbs: (o) => o.design === 'slideshow' && o.thumbnails,
  thumbnails: designs('slideshow'),
  thumbnailStripHeight: (o) => o.design === 'slideshow' && o.thumbnails,
  thumbnailStripMargin: (o) => o.design === 'slideshow' && o.thumbnails,
  showMeta: () => true,
  showMetaBasic: (o) => o.showMeta,
  showMetaOnlyTitle: (o) => o.showMeta,
  metaPosition: (o) => o.showMeta && designs('slideshow', 'grid')(o),
  showMetaOnHover: (o) => o.showMeta && o.design === 'grid',
  activeAlignment: designs('slider'),
  thumbnailsPerRow: designs('grid'),
  padding: designs('grid', 'slider', 'stacked'),
  lightbox: designs('grid', 'slider', 'stacked'),
  lightboxTheme: (o) => designs('grid', 'slider', 'stacked')(o) && o.lightbox,
  maxWidth: designs('stacked'),
  newWindow: (o) => !o.lightbox,
  transparentBackground: designs('slideshow', 'slider'),
});

/** The options that apply for these values, in declaration order. */
export function applicableGalleryOptions(options: GalleryOptions): (keyof GalleryOptions)[] {
  return (Object.keys(GALLERY_OPTION_RULES) as (keyof GalleryOptions)[]).filter((name) => GALLERY_OPTION_RULES[name](options));
}
