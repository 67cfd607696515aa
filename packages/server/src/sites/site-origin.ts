import type { AppConfig } from '../config.js';
import type { Website } from './website.js';

/**
 * `{public scheme}://{identifier}.{baseDomain}{:public port}` of a site, from the configured
 * public URL (the port is left out when it is the scheme's default), never from a request.
 */
export function siteOrigin(identifier: string, config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>): string {
  const url = new URL(config.publicUrl);
  return `${url.protocol}//${identifier}.${config.baseDomain}${url.port ? `:${url.port}` : ''}`;
}

/**
 * The origin of a site's canonical, Open Graph, sitemap and feed URLs: `https://{primary custom
 * domain}` when the site has one, else {@link siteOrigin}. The request's Host header plays no part.
 */
export function canonicalOrigin(site: Pick<Website, 'identifier' | 'domains'>, config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>): string {
  if (site.domains[0]) return `https://${site.domains[0]}`;
  return siteOrigin(site.identifier, config);
}

/** Joins an origin and a site path (`/blog/post`) into an absolute URL. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
