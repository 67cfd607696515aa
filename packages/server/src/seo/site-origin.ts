import type { FastifyRequest } from 'fastify';
import type { Website } from '../sites/website.js';

/**
 * The origin canonical URLs use: `https://{primary custom domain}` when the site has one,
 * else the origin the request came in on (`{protocol}://{host}`).
 */
export function canonicalOrigin(site: Pick<Website, 'domains'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  if (site.domains[0]) return `https://${site.domains[0]}`;
  return `${request.protocol}://${request.host}`;
}

/** Joins an origin and a site path (`/blog/post`) into an absolute URL. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
