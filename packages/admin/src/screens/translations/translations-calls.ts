import type { SaveTranslationBody, TranslationEntryBody, TranslationImportResult, TranslationListBody } from '@emporium/server/translations/schemas';
import { api, apiHref, withQuery } from '../../api/http.js';

/** The owner's translation calls (packages/server/src/translations/routes.ts). */
export const TRANSLATIONS_PATH = '/api/owner/translations';
export const EXPORT_PATH = '/api/owner/translations/export';
export const IMPORT_PATH = '/api/owner/translations/import';

export type TranslationList = (typeof TranslationListBody)['_zod']['output'];
export type TranslationEntry = (typeof TranslationEntryBody)['_zod']['output'];
export type ImportResult = (typeof TranslationImportResult)['_zod']['output'];
export type SaveBody = (typeof SaveTranslationBody)['_zod']['input'];

/** Which texts the list shows. */
export type StateFilter = 'all' | 'missing' | 'stale' | 'current';

/** Texts per page of the screen. */
export const PAGE_SIZE = 25;

/** The list call of one page with its filters (its path is the cache key). */
export function listPath(language: string | undefined, state: StateFilter, q: string, page: number, kind = ''): string {
  return withQuery(TRANSLATIONS_PATH, {
    language: language || undefined,
    state,
    subjectType: kind || undefined,
    q: q.trim() || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
}

/** Which kinds of text the list shows (`subjectType`; empty: all). */
export const KINDS: readonly { value: string; label: string }[] = [
  { value: '', label: 'All kinds' },
  { value: 'collection', label: 'Pages' },
  { value: 'block', label: 'Blocks' },
  { value: 'item', label: 'Items and products' },
  { value: 'product-option', label: 'Product options' },
  { value: 'navigation', label: 'Navigation' },
  { value: 'header-footer', label: 'Header and footer' },
  { value: 'site', label: 'Site' },
  { value: 'form', label: 'Forms' },
  { value: 'course', label: 'Courses' },
  { value: 'donation', label: 'Donations' },
  { value: 'system', label: 'System texts' },
];

/** Saves one translation made from the source as it is now; an empty text removes it. */
export function saveTranslation(body: SaveBody): Promise<TranslationEntry> {
  return api<TranslationEntry>(TRANSLATIONS_PATH, { method: 'PUT', body });
}

/** Imports a CSV or XLIFF file's translations into one language. */
export function importTranslations(language: string, format: 'csv' | 'xliff', content: string): Promise<ImportResult> {
  return api<ImportResult>(IMPORT_PATH, { method: 'POST', body: { language, format, content } });
}

/** The address of an export download. */
export function exportHref(language: string, format: 'csv' | 'xliff'): string {
  return apiHref(withQuery(EXPORT_PATH, { language, format }));
}

const FIELD_NAMES: Readonly<Record<string, string>> = {
  title: 'Title',
  navigationTitle: 'Navigation title',
  description: 'Description',
  slug: 'URL slug',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  excerpt: 'Summary',
  body: 'Body',
  eyebrow: 'Eyebrow',
  text: 'Text',
  html: 'Text',
  markdown: 'Text',
  buttonText: 'Button text',
  linkText: 'Link text',
  caption: 'Caption',
  altText: 'Alt text',
  source: 'Source',
  label: 'Label',
  placeholder: 'Placeholder',
  tagline: 'Tagline',
  announcement: 'Announcement',
  address: 'Address',
  legal: 'Legal text',
  'newsletter.title': 'Newsletter title',
  'newsletter.description': 'Newsletter description',
  submitLabel: 'Submit button',
  submissionMessage: 'Success message',
  disclaimerMessage: 'Disclaimer',
};

const FORM_FIELD_NAMES: Readonly<Record<string, string>> = { title: 'Field label', description: 'Field description', placeholder: 'Field placeholder' };

/** What the screen calls a field: `Title`, `URL slug`, `Size value`. */
export function fieldName(field: string): string {
  if (field.startsWith('field:')) {
    const [, , name = '', ...rest] = field.split(':');
    return name === 'option' ? `Option: ${rest.join(':')}` : (FORM_FIELD_NAMES[name] ?? name);
  }
  if (field.startsWith('name:')) return `Option name (${field.slice(5)})`;
  if (field.startsWith('value:')) {
    const [option, ...value] = field.slice(6).split('=');
    return value.length ? `${option}: ${value.join('=')}` : `${option} value`;
  }
  return FIELD_NAMES[field] ?? field;
}

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** The English name of a language code. */
export function languageName(code: string): string {
  return names.of(code) ?? code;
}
