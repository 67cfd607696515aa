/** What a translation belongs to (decision 0049). */
export const SUBJECT_TYPES = [
  'site',
  'collection',
  'block',
  'navigation',
  'item',
  'product-option',
  'variant',
  'header-footer',
  'form',
  'system',
  'course',
  'donation',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** The field of a page or item whose translation is its URL slug. */
export const SLUG_FIELD = 'slug';

/** Text fields of stored blocks that are shown to visitors (one translation each). */
export const BLOCK_TEXT_FIELDS = [
  'eyebrow',
  'title',
  'text',
  'html',
  'markdown',
  'description',
  'buttonText',
  'linkText',
  'caption',
  'altText',
  'source',
  'label',
  'placeholder',
] as const;

/** Header and footer texts, by the subject id (`header`, `footer`) and their path in `headerFooter`. */
export const HEADER_FOOTER_FIELDS: Readonly<Record<'header' | 'footer', readonly string[]>> = Object.freeze({
  header: ['tagline', 'announcement'],
  footer: ['text', 'address', 'legal', 'newsletter.title', 'newsletter.description'],
});

/** A text of the site that can be translated, as it is now. */
export interface SourceText {
  readonly subjectType: SubjectType;
  readonly subjectId: string;
  readonly field: string;
  /** What the dashboard names the subject by: `Shop › Linen Camp Shirt`. */
  readonly label: string;
  readonly text: string;
}

/** The key of a subject's field in maps: type, id and field joined by NUL (which none of them holds). */
export function textKey(subjectType: string, subjectId: string, field: string): string {
  return `${subjectType}\u0000${subjectId}\u0000${field}`;
}

/** The id of a block subject: its page and its place in the page's blocks. */
export function blockSubjectId(collectionId: string, index: number): string {
  return `${collectionId}:${index}`;
}

/** The field of a product's option value (`value:Colour=Sage`): one translation per value of the product, shared by its variants. */
export function optionValueField(option: string, value: string): string {
  return `value:${option}=${value}`;
}

/** The field of a product's option name (`name:Colour`): one translation per option of the product, shown where the name is written out (mails). */
export function optionNameField(option: string): string {
  return `name:${option}`;
}

/** The id of a navigation entry subject: the navigation and what the entry leads to. */
export function navigationSubjectId(navigation: string, target: string): string {
  return `${navigation}:${target}`;
}
