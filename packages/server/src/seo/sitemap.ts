import { pathInLanguage, X_DEFAULT, type LanguageAlternate } from '../multilingual/index.js';
import { absoluteUrl } from '../sites/index.js';
import { SITEMAP_MAX_URLS, type SiteUrl } from './site-urls.js';
import { escapeXml } from './xml.js';

/** Namespace of the sitemaps protocol 0.9. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Namespace of the `xhtml:link` alternates of a multilingual sitemap. */
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/**
 * A sitemaps.org `urlset` document of absolute URLs under `origin`. With `languages` (each
 * published language, then `x-default`), every page is listed once in each language, and each
 * entry names all of them as `xhtml:link` alternates, its own included, as search engines ask.
 */
export function buildSitemapXml(
  origin: string,
  urls: readonly SiteUrl[],
  languages: readonly LanguageAlternate[] = [],
  pathOf: (prefix: string, path: string) => string = pathInLanguage,
): string {
  const multilingual = languages.filter((l) => l.hreflang !== X_DEFAULT).length > 1;
  const urlOf = (prefix: string, path: string) => escapeXml(absoluteUrl(origin, pathOf(prefix, path)));
  const linksOf = (path: string) =>
    multilingual ? languages.map((l) => `<xhtml:link rel="alternate" hreflang="${escapeXml(l.hreflang)}" href="${urlOf(l.prefix, path)}"/>`).join('') : '';
  const prefixes = multilingual ? languages.filter((l) => l.hreflang !== X_DEFAULT).map((l) => l.prefix) : [''];
  const entries = prefixes
    .flatMap((prefix) => urls.map((u) => `<url><loc>${urlOf(prefix, u.path)}</loc><lastmod>${isoDate(u.lastModified)}</lastmod>${linksOf(u.path)}</url>`))
    .slice(0, SITEMAP_MAX_URLS)
    .join('\n');
  const namespaces = multilingual ? ` xmlns:xhtml="${XHTML_NAMESPACE}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}"${namespaces}>\n${entries}${entries ? '\n' : ''}</urlset>\n`;
}

/** Paths crawlers are asked to skip: the API, owner pages, cart and checkout. */
export const ROBOTS_DISALLOWED = Object.freeze(['/api/', '/config', '/cart', '/checkout', '/search']);

/**
 * A robots.txt allowing the public pages and naming the sitemap. With `languages`, the skipped
 * paths are skipped under every language's prefix too (`/fr/cart`).
 */
export function buildRobotsTxt(origin: string, languages: readonly LanguageAlternate[] = []): string {
  // A language with a domain of its own (an absolute prefix) has its own robots.txt there.
  const prefixes = ['', ...new Set(languages.map((l) => l.prefix).filter((prefix) => prefix.startsWith('/')))];
  const disallowed = prefixes.flatMap((prefix) => ROBOTS_DISALLOWED.filter((p) => !prefix || p !== '/api/').map((p) => `Disallow: ${prefix}${p}`));
  const lines = ['User-agent: *', ...disallowed, 'Allow: /', '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`];
  return `${lines.join('\n')}\n`;
}
