import type { AppConfig } from '../config.js';
import { ADMIN_LABEL } from './host.js';
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

/**
 * `{public scheme}://admin.{baseDomain}{:public port}`: the owner dashboard's one origin, where
 * owner sessions and the dashboard's crumb live; no site is ever served from it.
 */
export function adminOrigin(config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>): string {
  return siteOrigin(ADMIN_LABEL, config);
}

/** Where the dashboard of the site with `identifier` starts: `{admin origin}/sites/{identifier}`. */
export function dashboardUrl(identifier: string, config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>, path = ''): string {
  return `${adminOrigin(config)}${DASHBOARD_SITES}/${identifier}${path}`;
}

/** Path under which the dashboard's per-site screens live on the admin origin. */
export const DASHBOARD_SITES = '/sites';
