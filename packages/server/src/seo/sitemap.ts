import { absoluteUrl } from '../sites/index.js';
import type { SiteUrl } from './site-urls.js';
import { escapeXml } from './xml.js';

/** Namespace of the sitemaps protocol 0.9. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A sitemaps.org `urlset` document of absolute URLs under `origin`. */
export function buildSitemapXml(origin: string, urls: readonly SiteUrl[]): string {
  const entries = urls.map((u) => `<url><loc>${escapeXml(absoluteUrl(origin, u.path))}</loc><lastmod>${isoDate(u.lastModified)}</lastmod></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${entries}${entries ? '\n' : ''}</urlset>\n`;
}

/** Paths crawlers are asked to skip: the API, owner pages, cart and checkout. */
export const ROBOTS_DISALLOWED = Object.freeze(['/api/', '/config', '/cart', '/checkout', '/search']);

/** A robots.txt allowing the public pages and naming the sitemap. */
export function buildRobotsTxt(origin: string): string {
  const lines = ['User-agent: *', ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`];
  return `${lines.join('\n')}\n`;
}
