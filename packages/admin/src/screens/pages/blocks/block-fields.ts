import {
  CHART_MAX_COLUMNS,
  CHART_MAX_ROWS,
  type ChartData,
  ChartMessages,
  ImageMessages,
  menuFromText,
  menuToText,
  NewsletterMessages,
  truncateDataset,
} from '@emporium/server/block-kinds';
import type { FieldSpec } from './field-spec.js';
import { MORE_BLOCK_FIELDS, newContentBlock } from './more-fields.js';

/** A block as the editor holds it (`typeName` names its kind). */
export type Block = Readonly<Record<string, unknown>>;

export type { FieldSpec } from './field-spec.js';

const lines = (text: string) => text.split('\n').map((line) => line.trim());
const array = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);

/** A chart's dataset as comma-separated lines (the header first). */
export const chartToText = (value: unknown) => (Array.isArray(value) ? (value as ChartData).map((row) => row.join(', ')).join('\n') : '');
export const chartFromText = (text: string): ChartData =>
  lines(text)
    .filter(Boolean)
    .map((line) => line.split(',').map((cell) => cell.trim()));

const accordionToText = (value: unknown) =>
  array(value)
    .map((item) => `${String(item.title ?? '')}${item.body ? ` | ${String(item.body)}` : ''}`)
    .join('\n');
const accordionFromText = (text: string) =>
  lines(text)
    .filter(Boolean)
    .map((line) => {
      const [title = '', ...body] = line.split('|');
      return { title: title.trim(), body: body.join('|').trim() };
    });

const socialToText = (value: unknown) =>
  array(value)
    .map((link) => String(link.url ?? ''))
    .join('\n');
const socialFromText = (text: string) =>
  lines(text)
    .filter(Boolean)
    .map((url) => ({ url }));

const ALIGN = [
  ['left', 'Left'],
  ['center', 'Centre'],
  ['right', 'Right'],
] as const;

/** The form of each kind the editor edits, by `typeName`. */
export const BLOCK_FIELDS: Readonly<Record<string, readonly FieldSpec[]>> = Object.freeze({
  html: [{ control: 'textarea', key: 'html', label: 'Text', rows: 6, hint: 'Text and simple HTML (paragraphs, headings, links, bold, lists).' }],
  quote: [
    { control: 'textarea', key: 'text', label: 'Quote', rows: 3 },
    { control: 'text', key: 'source', label: 'Source', hint: 'Who said it (optional).' },
  ],
  button: [
    { control: 'text', key: 'text', label: 'Button text' },
    { control: 'url', key: 'url', label: 'Link', hint: 'https://…, a page of this site such as /shop, mailto: or tel:.' },
    {
      control: 'select',
      key: 'style',
      label: 'Style',
      options: [
        ['primary', 'Primary'],
        ['secondary', 'Secondary'],
      ],
    },
    { control: 'select', key: 'align', label: 'Alignment', options: ALIGN },
    { control: 'checkbox', key: 'newWindow', label: 'Open in a new tab' },
  ],
  spacer: [{ control: 'number', key: 'height', label: 'Height in pixels', min: 8, max: 400 }],
  line: [],
  image: [
    { control: 'image', key: 'assetUrl', label: 'Image' },
    { control: 'url', key: 'assetUrl', label: 'Image address (src)', hint: 'An uploaded image (/api/media/…) or an https:// address.' },
    {
      control: 'text',
      key: 'altText',
      label: 'Alt text',
      hint: 'What the image shows, for people who cannot see it. Leave empty only for a decorative image.',
    },
    { control: 'number', key: 'width', label: 'Width in pixels', min: 1 },
    { control: 'number', key: 'height', label: 'Height in pixels', min: 1 },
    { control: 'text', key: 'caption', label: 'Caption' },
    { control: 'url', key: 'linkUrl', label: 'Link (optional)' },
    { control: 'number', key: 'focalX', label: 'Focal point across (0 to 1)', min: 0, max: 1 },
    { control: 'number', key: 'focalY', label: 'Focal point down (0 to 1)', min: 0, max: 1 },
    { control: 'text', key: 'sizes', label: 'Sizes', hint: 'How wide the image shows, for choosing among its widths (100 to 2500 pixels), e.g. 100vw.' },
  ],
  markdown: [{ control: 'textarea', key: 'markdown', label: 'Markdown', rows: 8, code: true }],
  video: [
    {
      control: 'url',
      key: 'url',
      label: 'Video address',
      hint: 'https://… of the video page. Visitors get a link to it; nothing loads from the video site until they follow it.',
    },
    { control: 'text', key: 'title', label: 'Title' },
  ],
  embed: [
    { control: 'url', key: 'url', label: 'Content address', hint: 'https://… of the post, map or pen. Visitors get a link to it.' },
    { control: 'text', key: 'title', label: 'Title' },
  ],
  accordion: [
    { control: 'lines', key: 'items', label: 'Items', rows: 5, hint: 'One item a line: Title | Text.', toText: accordionToText, fromText: accordionFromText },
    { control: 'checkbox', key: 'openFirst', label: 'Open the first item' },
  ],
  code: [
    { control: 'textarea', key: 'code', label: 'Code', rows: 6, code: true },
    {
      control: 'select',
      key: 'display',
      label: 'Show as',
      options: [
        ['source', 'Source code'],
        ['raw', 'HTML that runs on the page'],
      ],
    },
    { control: 'text', key: 'language', label: 'Language (optional)' },
  ],
  chart: [
    {
      control: 'select',
      key: 'chartType',
      label: 'Chart type',
      options: [
        ['bar', 'Bar'],
        ['line', 'Line'],
        ['pie', 'Pie'],
      ],
    },
    { control: 'text', key: 'title', label: 'Title' },
    {
      control: 'lines',
      key: 'data',
      label: 'Data',
      rows: 5,
      hint: 'Comma-separated: the first line names the label column and each series, then one line a row (e.g. Jan, 10, 4).',
      toText: chartToText,
      fromText: chartFromText,
    },
  ],
  map: [
    { control: 'textarea', key: 'address', label: 'Address', rows: 3 },
    { control: 'text', key: 'label', label: 'Place name' },
  ],
  search: [
    { control: 'text', key: 'label', label: 'Label' },
    { control: 'text', key: 'placeholder', label: 'Placeholder' },
  ],
  'social-links': [
    {
      control: 'lines',
      key: 'links',
      label: 'Profile addresses',
      rows: 4,
      hint: 'One https:// address a line.',
      toText: socialToText,
      fromText: socialFromText,
    },
  ],
  newsletter: [
    { control: 'newsletter-list', key: 'formId', label: 'Mailing list' },
    { control: 'text', key: 'title', label: 'Title' },
  ],
  menu: [
    {
      control: 'lines',
      key: 'sections',
      label: 'Menu',
      rows: 8,
      hint: '## Section starts a section; then one dish a line: Name | price | description.',
      toText: (value) => menuToText(array(value) as Parameters<typeof menuToText>[0]),
      fromText: menuFromText,
    },
  ],
  'language-switcher': [
    { control: 'text', key: 'label', label: 'Name for screen readers', hint: 'Default: Language' },
    {
      control: 'select',
      key: 'display',
      label: 'Show each language by',
      options: [
        ['names', 'Its own name (Français)'],
        ['codes', 'Its code (FR)'],
      ],
    },
  ],
  audio: [
    { control: 'url', key: 'url', label: 'Audio file address' },
    { control: 'text', key: 'title', label: 'Track title' },
    { control: 'text', key: 'artist', label: 'Artist' },
  ],
  ...MORE_BLOCK_FIELDS,
});

/** A new block of a kind, with the fields its schema needs. */
export function newBlock(typeName: string): Block {
  switch (typeName) {
    case 'html':
      return { typeName, html: '' };
    case 'quote':
      return { typeName, text: '' };
    case 'button':
      return { typeName, text: 'Learn more', url: '/', style: 'primary', align: 'left' };
    case 'spacer':
      return { typeName, height: 48 };
    case 'image':
      return { typeName, assetUrl: '', altText: '', width: 1600, height: 900, sizes: '100vw', loader: 'sqs', priority: null };
    case 'markdown':
      return { typeName, markdown: '' };
    case 'accordion':
      return { typeName, items: [] };
    case 'code':
      return { typeName, code: '', display: 'source' };
    case 'chart':
      return { typeName, chartType: 'bar', data: [] };
    case 'map':
      return { typeName, address: '' };
    case 'search':
      return { typeName, label: 'Search' };
    case 'social-links':
      return { typeName, links: [] };
    case 'newsletter':
      return { typeName, formId: '' };
    case 'menu':
      return { typeName, sections: [] };
    case 'audio':
      return { typeName, url: '', title: '' };
    case 'video':
    case 'embed':
      return { typeName, url: '' };
    default:
      return newContentBlock(typeName);
  }
}

/** The value a field shows: the focal point's parts come from `focalPoint`. */
export function fieldValue(block: Block, key: string): unknown {
  if (key === 'focalX' || key === 'focalY') return (block.focalPoint as { x?: number; y?: number } | undefined)?.[key === 'focalX' ? 'x' : 'y'] ?? 0.5;
  return block[key];
}

/** `block` with field `key` set to `value` (an emptied optional text is removed, the focal point kept as one object). */
export function withField(block: Block, key: string, value: unknown): Block {
  if (key === 'focalX' || key === 'focalY') {
    const focal = { x: 0.5, y: 0.5, ...(block.focalPoint as object | undefined) };
    return { ...block, focalPoint: { ...focal, [key === 'focalX' ? 'x' : 'y']: value } };
  }
  const next: Record<string, unknown> = { ...block, [key]: value };
  if (value === '' && ['source', 'caption', 'linkUrl', 'title', 'language', 'placeholder', 'artist', 'label', 'description'].includes(key)) delete next[key];
  return next;
}

/** Notes the form shows under a block: a decorative image's warning, a chart cut to its limits (spec 5). */
export function blockNotes(block: Block): string[] {
  const notes: string[] = [];
  if (block.typeName === 'image' && block.altText === '' && block.assetUrl) notes.push(ImageMessages.ALT_DECORATIVE);
  if (block.typeName === 'chart' && Array.isArray(block.data) && truncateDataset(block.data as string[][]).truncated)
    notes.push(ChartMessages.truncated(CHART_MAX_ROWS, CHART_MAX_COLUMNS));
  if (block.typeName === 'line') notes.push('A line across the page: nothing to set.');
  return notes;
}

/** A form as the list of mailing lists needs it. */
export interface ListForm {
  readonly id: string;
  readonly name: string;
  readonly fields: readonly { readonly type: string }[];
}

/** The site's mailing lists (forms that ask for an email address), or the spec's message when it has none. */
export function mailingLists(forms: readonly ListForm[]): { lists: ListForm[]; problem?: string } {
  const lists = forms.filter((form) => form.fields.some((field) => field.type === 'email'));
  return lists.length > 0 ? { lists } : { lists, problem: NewsletterMessages.NO_LISTS };
}
