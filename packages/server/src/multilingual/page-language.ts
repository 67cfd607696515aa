import { escapeHtml } from '@emporium/template';
import { absoluteUrl } from '../sites/index.js';
import { domainOrigin, languageOfDomain, publishedLanguages, siteLanguagesOf, type SiteLanguage, type SiteLanguages } from './site-languages.js';

/** The `hreflang` of the alternate that search engines show visitors whose language the site lacks. */
export const X_DEFAULT = 'x-default';

/** One alternate of a page: its `hreflang` and the prefix of its language (an origin for a language with its own domain). */
export interface LanguageAlternate {
  readonly hreflang: string;
  readonly prefix: string;
}

/** The language of a page request: which one the URL names, and the page's alternates. */
export interface PageLanguage {
  readonly code: string;
  /** `''` for the primary language, `/fr` for the others, an origin on a language's own domain (see `SiteLanguage.prefix`). */
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
 * in the primary language. The prefix of a hidden language names no page, nor does the prefix of
 * a language with its own domain (that prefix redirects there, {@link languageDomainRedirect}).
 * On a language's own domain (settings read by `onLanguageHost`) every path is in that language.
 */
export function languageOfPath(settings: { readonly languages?: unknown; readonly locale: string }, path: string): PathLanguage {
  const languages = siteLanguagesOf(settings);
  const root = { kind: 'page', language: pageLanguageOf(languages, languages.root), path } as const;
  if (languages.all.length === 1 || !languages.root.primary) return root;
  const end = path.indexOf('/', 1);
  const first = end < 0 ? path : path.slice(0, end);
  const named = languages.all.find((l) => !l.primary && l.pathPrefix === first);
  if (!named) return root;
  if (!named.published || named.domain) return { kind: 'hidden' };
  return { kind: 'page', language: pageLanguageOf(languages, named), path: end < 0 ? '/' : path.slice(end) };
}

/**
 * Where a request for `url` (path and query) on the site's own host `host` moved to: the same
 * page on the language's own domain when the path is under the prefix of a published language
 * that has one (`/fr/boutique?x=1` → `https://boutique.example.fr/boutique?x=1`); undefined for
 * any other request, and on a language's domain itself.
 */
export function languageDomainRedirect(
  settings: { readonly languages?: unknown; readonly locale: string },
  host: string | undefined,
  url: string,
): string | undefined {
  const languages = siteLanguagesOf(settings);
  if (languages.all.length === 1 || languageOfDomain(settings, host)) return undefined;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const end = path.indexOf('/', 1);
  const first = (end < 0 ? path : path.slice(0, end)).toLowerCase();
  const named = languages.all.find((l) => !l.primary && l.published && l.domain && l.pathPrefix === first);
  if (!named?.domain) return undefined;
  return `${domainOrigin(named.domain)}${end < 0 ? '/' : path.slice(end)}${query < 0 ? '' : url.slice(query)}`;
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
