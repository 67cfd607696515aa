import { escapeHtml } from '@emporium/template';
import { absoluteUrl } from '../sites/index.js';
import { publishedLanguages, siteLanguagesOf, type SiteLanguage, type SiteLanguages } from './site-languages.js';

/** The `hreflang` of the alternate that search engines show visitors whose language the site lacks. */
export const X_DEFAULT = 'x-default';

/** One alternate of a page: its `hreflang` and the path prefix of its language. */
export interface LanguageAlternate {
  readonly hreflang: string;
  readonly prefix: string;
}

/** The language of a page request: which one the URL names, and the page's alternates. */
export interface PageLanguage {
  readonly code: string;
  /** `''` for the primary language, `/fr` for the others. */
  readonly prefix: string;
  /** Every published language (the page's own included), then `x-default` (the primary). */
  readonly alternates: readonly LanguageAlternate[];
}

/** What a URL path names: a page in a published language (`path` without the prefix), or a prefix of a hidden language. */
export type PathLanguage = { kind: 'page'; language: PageLanguage; path: string } | { kind: 'hidden' };

const alternatesCache = new WeakMap<SiteLanguages, readonly LanguageAlternate[]>();

/** The alternates every page of a site carries: each published language, then `x-default` at the primary's URL. */
export function languageAlternates(languages: SiteLanguages): readonly LanguageAlternate[] {
  let alternates = alternatesCache.get(languages);
  if (!alternates) {
    alternates = Object.freeze([
      ...publishedLanguages(languages).map((l) => ({ hreflang: l.code, prefix: l.prefix })),
      { hreflang: X_DEFAULT, prefix: languages.primary.prefix },
    ]);
    alternatesCache.set(languages, alternates);
  }
  return alternates;
}

function pageLanguageOf(languages: SiteLanguages, language: SiteLanguage): PageLanguage {
  return { code: language.code, prefix: language.prefix, alternates: languageAlternates(languages) };
}

/**
 * The language a URL path is in (the visitor's language is chosen by the URL only): a first
 * segment that is the prefix of another language (`/fr`, `/fr/shop`) names it, any other path is
 * in the primary language. The prefix of a hidden language names no page.
 */
export function languageOfPath(settings: { readonly languages?: unknown; readonly locale: string }, path: string): PathLanguage {
  const languages = siteLanguagesOf(settings);
  const primary = { kind: 'page', language: pageLanguageOf(languages, languages.primary), path } as const;
  if (languages.all.length === 1) return primary;
  const end = path.indexOf('/', 1);
  const first = end < 0 ? path : path.slice(0, end);
  const named = languages.all.find((l) => !l.primary && l.prefix === first);
  if (!named) return primary;
  if (!named.published) return { kind: 'hidden' };
  return { kind: 'page', language: pageLanguageOf(languages, named), path: end < 0 ? '/' : path.slice(end) };
}

/** The path of the page at `path` (a path without language prefix) in the language of `prefix`: `/fr/` for the home page, `/fr/shop` for others. */
export function pathInLanguage(prefix: string, path: string): string {
  if (!prefix) return path;
  return path === '/' || path === '' ? `${prefix}/` : `${prefix}${path}`;
}

/**
 * The `<link rel="alternate" hreflang>` tags of the page at `path` (without language prefix),
 * absolute under `origin`, escaped; `pathOf` gives the page's path in each language (with
 * translated slugs, decision 0049).
 */
export function renderAlternateLinks(
  origin: string,
  language: PageLanguage,
  path: string,
  pathOf: (prefix: string, path: string) => string = pathInLanguage,
): string {
  if (language.alternates.length <= 2) return '';
  return language.alternates
    .map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(absoluteUrl(origin, pathOf(alternate.prefix, path)))}">`,
    )
    .join('\n');
}
