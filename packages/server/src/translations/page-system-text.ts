import { siteLanguagesOf } from '../multilingual/index.js';
import type { TextTranslations } from './page-texts.js';
import { systemTextsIn } from './system-text-set.js';

/** A system text in a page's language: `text(english)`, or `text(template, values)` with its `{name}` placeholders filled in. */
export type PageText = (english: string, values?: Readonly<Record<string, string | number>>) => string;

/** What a server-built page knows of its language (the page request satisfies it). */
export interface PageTextSource {
  readonly site: { readonly settings: { readonly languages?: unknown; readonly locale: string } };
  readonly language?: { readonly code: string };
  readonly translations?: { readonly texts: TextTranslations };
}

function fill(template: string, values: Readonly<Record<string, string | number>> | undefined): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

const ENGLISH: PageText = (english, values) => fill(english, values);

/**
 * The system texts of a page the server writes itself (course and donation pages): in a
 * language other than the primary one, the owner's translation of each, else the language's
 * built-in catalogue, else the English, as islands show them; values (already formatted in the
 * page's language by the caller) fill the placeholders.
 */
export function pageTextOf(page: PageTextSource): PageText {
  const code = page.language?.code;
  if (!code || !page.translations || code === siteLanguagesOf(page.site.settings).primary.code) return ENGLISH;
  const set = systemTextsIn(code, page.translations.texts);
  if (!set) return ENGLISH;
  const shown = set.byEnglish;
  return (english, values) => fill(Object.hasOwn(shown, english) ? shown[english]! : english, values);
}
