import { GALLERY_ASPECT_RATIOS, GALLERY_META_POSITIONS, SUMMARY_DESIGNS, SUMMARY_MAX_ITEMS } from '@emporium/server/block-kinds';
import type { FieldSpec } from './field-spec.js';

type Block = Readonly<Record<string, unknown>>;

const ASPECT_NAMES: Readonly<Record<(typeof GALLERY_ASPECT_RATIOS)[number], string>> = {
  square: 'Square',
  standard: 'Standard 3:2',
  'standard-vertical': 'Standard vertical 2:3',
  'four-three': '4:3',
  'three-four-vertical': 'Vertical 3:4',
  widescreen: 'Widescreen 16:9',
  'anamorphic-widescreen': 'Anamorphic widescreen 2.40',
};
const SUMMARY_NAMES: Readonly<Record<(typeof SUMMARY_DESIGNS)[number], string>> = { wall: 'Wall', carousel: 'Carousel', list: 'List', grid: 'Grid' };
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' ');

const design = (block: Block) => String(block.design ?? 'grid');
const designs =
  (...names: string[]) =>
  (block: Block) =>
    names.includes(design(block));
const on =
  (key: string, fallback = false) =>
  (block: Block) =>
    block[key] === undefined ? fallback : block[key] === true;

/**
 * The gallery's options (spec 3), each shown only for the designs it applies to and when the
 * option it depends on is on (the rules the Gallery island follows).
 */
const GALLERY_FIELDS: readonly FieldSpec[] = [
  { control: 'gallery-images', key: 'images', label: 'Images' },
  {
    control: 'select',
    key: 'design',
    label: 'Design',
    options: [
      ['grid', 'Grid'],
      ['slideshow', 'Slideshow'],
      ['slider', 'Slider'],
      ['stacked', 'Stacked'],
    ],
  },
  { control: 'checkbox', key: 'autoCrop', label: 'Crop images to one shape', when: designs('slideshow') },
  {
    control: 'select',
    key: 'aspectRatio',
    label: 'Aspect ratio',
    options: GALLERY_ASPECT_RATIOS.map((name) => [name, ASPECT_NAMES[name]] as const),
    when: (b) => designs('grid', 'slider')(b) || (design(b) === 'slideshow' && on('autoCrop', true)(b)),
  },
  { control: 'number', key: 'thumbnailsPerRow', label: 'Images per row (1 to 10)', min: 1, max: 10, when: designs('grid') },
  { control: 'number', key: 'padding', label: 'Space between images (0 to 50 pixels)', min: 0, max: 50, when: designs('grid', 'slider', 'stacked') },
  { control: 'number', key: 'maxWidth', label: 'Largest image width (100 to 300)', min: 100, max: 300, when: designs('stacked') },
  { control: 'checkbox', key: 'autoplay', label: 'Play automatically', when: designs('slideshow', 'slider') },
  {
    control: 'number',
    key: 'autoplayDuration',
    label: 'Seconds per image (1 to 10)',
    min: 1,
    max: 10,
    when: (b) => designs('slideshow', 'slider')(b) && on('autoplay')(b),
  },
  { control: 'checkbox', key: 'controls', label: 'Show previous and next controls', when: designs('slideshow', 'slider') },
  { control: 'checkbox', key: 'thumbnails', label: 'Show thumbnails', when: designs('slideshow') },
  { control: 'checkbox', key: 'squareThumbs', label: 'Square thumbnails', when: (b) => design(b) === 'slideshow' && on('thumbnails')(b) },
  {
    control: 'number',
    key: 'thumbnailStripHeight',
    label: 'Thumbnail strip height (0 to 200)',
    min: 0,
    max: 200,
    when: (b) => design(b) === 'slideshow' && on('thumbnails')(b),
  },
  {
    control: 'number',
    key: 'thumbnailStripMargin',
    label: 'Thumbnail strip margin (0 to 60)',
    min: 0,
    max: 60,
    when: (b) => design(b) === 'slideshow' && on('thumbnails')(b),
  },
  {
    control: 'select',
    key: 'activeAlignment',
    label: 'Current image alignment',
    options: [
      ['left', 'Left'],
      ['center', 'Centre'],
      ['right', 'Right'],
    ],
    when: designs('slider'),
  },
  { control: 'checkbox', key: 'showMeta', label: 'Show titles and descriptions' },
  { control: 'checkbox', key: 'showMetaBasic', label: 'Basic titles only', when: on('showMeta') },
  { control: 'checkbox', key: 'showMetaOnlyTitle', label: 'Titles without descriptions', when: on('showMeta') },
  {
    control: 'select',
    key: 'metaPosition',
    label: 'Title position',
    options: GALLERY_META_POSITIONS.map((name) => [name, capitalised(name)] as const),
    when: (b) => on('showMeta')(b) && designs('slideshow', 'grid')(b),
  },
  { control: 'checkbox', key: 'showMetaOnHover', label: 'Show titles on hover', when: (b) => on('showMeta')(b) && design(b) === 'grid' },
  { control: 'checkbox', key: 'lightbox', label: 'Open images in a lightbox', when: designs('grid', 'slider', 'stacked') },
  {
    control: 'select',
    key: 'lightboxTheme',
    label: 'Lightbox colours',
    options: [
      ['dark', 'Dark'],
      ['light', 'Light'],
    ],
    when: (b) => designs('grid', 'slider', 'stacked')(b) && on('lightbox')(b),
  },
  { control: 'checkbox', key: 'newWindow', label: 'Open image links in a new tab', when: (b) => !on('lightbox')(b) },
  { control: 'checkbox', key: 'transparentBackground', label: 'Transparent background', when: designs('slideshow', 'slider') },
];

/** The forms of the kinds that show the site's content, and the gallery. */
export const MORE_BLOCK_FIELDS: Readonly<Record<string, readonly FieldSpec[]>> = Object.freeze({
  gallery: GALLERY_FIELDS,
  form: [
    { control: 'source', key: 'formId', label: 'Form', source: 'form' },
    { control: 'text', key: 'title', label: 'Title' },
    { control: 'text', key: 'description', label: 'Description' },
  ],
  product: [
    { control: 'source', key: 'itemId', label: 'Product', source: 'product' },
    { control: 'checkbox', key: 'showImage', label: 'Show the image' },
    { control: 'checkbox', key: 'showPrice', label: 'Show the price' },
    { control: 'checkbox', key: 'showAddToCart', label: 'Show the Add To Cart button' },
    {
      control: 'select',
      key: 'align',
      label: 'Alignment',
      options: [
        ['left', 'Left'],
        ['center', 'Centre'],
        ['right', 'Right'],
      ],
    },
  ],
  'summary-v2': [
    { control: 'source', key: 'collectionId', label: 'Items from', source: 'collection' },
    { control: 'text', key: 'title', label: 'Title' },
    { control: 'select', key: 'design', label: 'Layout', options: SUMMARY_DESIGNS.map((name) => [name, SUMMARY_NAMES[name]] as const) },
    { control: 'number', key: 'limit', label: `Number of items (1 to ${SUMMARY_MAX_ITEMS})`, min: 1, max: SUMMARY_MAX_ITEMS },
    { control: 'checkbox', key: 'showTitle', label: 'Show titles' },
    { control: 'checkbox', key: 'showExcerpt', label: 'Show excerpts' },
    { control: 'checkbox', key: 'showPrice', label: 'Show prices (products)' },
  ],
  'tag-cloud': [
    { control: 'source', key: 'collectionId', label: 'Blog', source: 'blog' },
    { control: 'text', key: 'title', label: 'Title' },
    { control: 'checkbox', key: 'showCounts', label: 'Show how many posts carry each tag' },
  ],
  archive: [
    { control: 'source', key: 'collectionId', label: 'Blog', source: 'blog' },
    { control: 'text', key: 'title', label: 'Title' },
    { control: 'checkbox', key: 'showCounts', label: 'Show how many posts each month has' },
  ],
});

/** A new block of these kinds, with its schema's defaults; any other kind is just its name. */
export function newContentBlock(typeName: string): Block {
  switch (typeName) {
    case 'gallery':
      return { typeName, images: [], design: 'grid', aspectRatio: 'square', thumbnailsPerRow: 4, padding: 20, controls: true, autoCrop: true };
    case 'form':
      return { typeName, formId: '' };
    case 'product':
      return { typeName, itemId: '', showImage: true, showPrice: true, showAddToCart: true, align: 'left' };
    case 'summary-v2':
      return { typeName, collectionId: '', design: 'grid', limit: 6, showTitle: true, showExcerpt: false, showPrice: true };
    case 'tag-cloud':
    case 'archive':
      return { typeName, collectionId: '', showCounts: true };
    default:
      return { typeName };
  }
}
