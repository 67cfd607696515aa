import type { Db } from '../db/types.js';
import { classifyHost, type HostTarget } from './host.js';
import { findWebsiteByDomain, findWebsiteByIdentifier } from './repository.js';
import type { Website } from './website.js';

/** Outcome of resolving a Host header. */
export type SiteResolution = { kind: 'root' } | { kind: 'site'; website: Website } | { kind: 'unknown' };

/** Resolves Host headers to websites, caching answers briefly. */
export interface SiteResolver {
  resolve(host: string | undefined): Promise<SiteResolution>;
  /** Forgets cached answers (call after creating or changing a site). */
  invalidate(): void;
}

/** Options of {@link createSiteResolver}. */
export interface SiteResolverOptions {
  baseDomain: string;
  /** How long an answer is reused, in milliseconds (default 5000; 0 disables the cache). */
  ttlMs?: number;
  /** Largest number of cached hosts (default 1000). */
  maxEntries?: number;
}

/** Creates a resolver over the websites and website_domains tables. */
export function createSiteResolver(db: Db, options: SiteResolverOptions): SiteResolver {
  const ttlMs = options.ttlMs ?? 5000;
  const maxEntries = options.maxEntries ?? 1000;
  const cache = new Map<string, { expiresAt: number; value: Promise<SiteResolution> }>();

  async function lookup(target: HostTarget): Promise<SiteResolution> {
    if (target.kind === 'root') return { kind: 'root' };
    if (target.kind === 'invalid') return { kind: 'unknown' };
    const website = target.kind === 'subdomain' ? await findWebsiteByIdentifier(db, target.identifier) : await findWebsiteByDomain(db, target.domain);
    return website ? { kind: 'site', website } : { kind: 'unknown' };
  }

  return {
    resolve(host) {
      const target = classifyHost(host, options.baseDomain);
      if (target.kind === 'root' || target.kind === 'invalid' || ttlMs === 0) return lookup(target);
      const key = target.kind === 'subdomain' ? `s:${target.identifier}` : `d:${target.domain}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const value = lookup(target);
      value.catch(() => cache.delete(key));
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, { expiresAt: now + ttlMs, value });
      return value;
    },
    invalidate() {
      cache.clear();
    },
  };
}
