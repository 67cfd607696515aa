/** Most blocks in one layout (spec 9: max blocks per layout 60). */
export const MAX_BLOCKS_PER_LAYOUT = 60;
/** Most rows and columns of a chart's dataset (the header row and the label column included). */
export const CHART_MAX_ROWS = 50;
export const CHART_MAX_COLUMNS = 10;

/**
 * The image component's messages (spec 5 "Image component and editor"), as a block's field
 * errors: `src`, `width` and `height` required, sizes positive integers, the loader's rules.
 */
export const ImageMessages = Object.freeze({
  SRC_REQUIRED: 'An image needs its address (src).',
  negative: (field: string) => `${field} requires a positive integer, but received a negative value`,
  nonInteger: (field: string) => `${field} requires a positive integer, but received a non-integer value`,
  required: (field: string) => `${field} is required`,
  ALT_DECORATIVE: 'An empty alt text marks the image as decorative: screen readers skip it.',
  PRIORITY: 'priority is not one of the expected options (high, low or null)',
  LOADER: 'loader is not one of the expected options (sqs or raw)',
  SRCSET_ONLY_RAW: 'srcset can only be set with the raw loader',
  SIZES_WITH_SQS: 'sizes is required with the sqs loader',
});

/** The chart editor's messages (spec 5). */
export const ChartMessages = Object.freeze({
  EMPTY: 'A chart needs at least one column and one row of data.',
  MISSING_DATA: 'one or more rows was missing data',
  NOT_A_NUMBER: (value: string) => `${value} is not a number`,
  truncated: (maxRows: number, maxColumns: number) => `The dataset was truncated to ${maxRows} rows or ${maxColumns} columns.`,
});

/** The newsletter block's messages (spec 5 and spec 8 "Setup and UI"). */
export const NewsletterMessages = Object.freeze({
  LIST_REQUIRED: 'A List must be selected',
  NO_LISTS: "You don't have any mailing lists, create one before continuing",
});

/** The other blocks' messages, as the dashboard shows them. */
export const BlockMessages = Object.freeze({
  TOO_MANY: `A layout holds at most ${MAX_BLOCKS_PER_LAYOUT} blocks. Remove a block before adding another.`,
  TYPE_NAME: 'Every block needs its kind (typeName).',
  QUOTE_TEXT: 'A quote needs its words.',
  BUTTON_TEXT: 'A button needs its text.',
  LINK_FORM: 'Links must be formatted as https://example.com, /a-page, mailto: or tel:',
  HTTPS_URL: 'Enter an address starting with https://',
  MARKDOWN_REQUIRED: 'A Markdown block needs some text.',
  ACCORDION_ITEMS: 'An accordion needs at least one item with a title.',
  ADDRESS_REQUIRED: 'A map needs an address.',
  SOCIAL_LINKS: 'Add at least one profile address.',
  MENU_SECTIONS: 'A menu needs at least one section with an item.',
  CODE_ROLE: 'Your role cannot add or change raw code, so it was cleaned like rich text.',
  UNSUPPORTED: 'This kind of block is not supported by the editor. It is kept as it is.',
  GALLERY_IMAGE: 'Every picture of a gallery needs its image.',
  GALLERY_IMAGES: 'A gallery needs at least one image.',
  galleryMax: (max: number) => `A gallery holds at most ${max} images.`,
  FORM_REQUIRED: 'Choose one of your forms.',
  PRODUCT_REQUIRED: 'Choose a product.',
  COLLECTION_REQUIRED: 'Choose a page of items (a blog, store, events or gallery).',
  BLOG_REQUIRED: 'Choose a blog.',
  range: (label: string, min: number, max: number) => `${label} is a whole number from ${min} to ${max}.`,
  notOneOf: (value: string) => `${value} is not one of the expected options`,
  atMost: (max: number) => `At most ${max} characters.`,
});

/** Columns of the layout grid: a row's blocks share them. */
export const GRID_COLUMNS = 12;

/** The 12-column grid's messages. */
/** The colour themes a row of blocks may take as a section (the site styles' seven, `COLOR_THEME_IDS` of @emporium/theme). */
export const SECTION_COLOR_THEMES = ['white', 'light-1', 'light-2', 'accent', 'dark-1', 'dark-2', 'black'] as const;

export const GridMessages = Object.freeze({
  SPAN: `A block spans a whole number of columns from 1 to ${GRID_COLUMNS}.`,
  FIRST_BESIDE: 'The first block has no block before it to sit beside.',
  rowSum: (sum: number) => `The blocks of a row share ${GRID_COLUMNS} columns; this row's take ${sum}.`,
  LOCKED: "This area's layout is fixed by the theme: its blocks can be edited but not added, moved or removed.",
  SINGLE_COLUMN: 'This area is one column wide: its blocks stack one under another.',
  COLOR_THEME: `A section's colour theme is one of: ${SECTION_COLOR_THEMES.join(', ')}.`,
  COLOR_THEME_BESIDE: "A section's colour theme is set on the first block of its row.",
});

/** The video block's messages (spec 5 "Image component and editor", spec 8 "Setup and UI"). */
export const VideoMessages = Object.freeze({
  VIMEO_BASIC: 'Vimeo Basic accounts unsupported',
  NOT_FOUND: 'Unable to locate content',
  UNREACHABLE: 'Unable to connect. Please try again',
  NOT_A_VIDEO: 'Enter the address of a YouTube or Vimeo video.',
});

/** The code editors' message (spec 8 "Setup and UI"): code and raw HTML are not edited on Android. */
export const CodeEditorMessages = Object.freeze({
  ANDROID: 'Code editing is not available on Android',
});
