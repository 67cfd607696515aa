import { performance } from 'node:perf_hooks';
import type { Db } from '../db/types.js';
import { classifyHost, IDENTIFIER_PATTERN, type HostTarget } from './host.js';
import { noteReadSentAt } from './read-state.js';
import { findWebsiteByDomain, findWebsiteByIdentifier, findWebsiteByLanguageDomain } from './repository.js';
import type { Website } from './website.js';

/** Outcome of resolving a Host header. */
export type SiteResolution = { kind: 'root' } | { kind: 'admin' } | { kind: 'site'; website: Website } | { kind: 'unknown' };

/** Resolves Host headers to websites, caching answers briefly. */
export interface SiteResolver {
  resolve(host: string | undefined): Promise<SiteResolution>;
  /** The website with `identifier` (as the dashboard names the site it works on), cached like hosts. */
  byIdentifier(identifier: string): Promise<Website | undefined>;
  /** The website of `host` when a fresh answer is at hand, without waiting; undefined otherwise. */
  cachedWebsite(host: string | undefined): Website | undefined;
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
  const cache = new Map<string, { expiresAt: number; value: Promise<SiteResolution>; website?: Website }>();
  // The last raw Host header seen for each cache key, so a repeated header skips classifying.
  const keysByHost = new Map<string, string>();

  function keyOf(target: HostTarget): string | undefined {
    if (target.kind === 'subdomain') return `s:${target.identifier}`;
    if (target.kind === 'domain') return `d:${target.domain}`;
    return undefined;
  }

  async function lookup(target: HostTarget): Promise<SiteResolution> {
    if (target.kind === 'root' || target.kind === 'admin') return { kind: target.kind };
    if (target.kind === 'invalid') return { kind: 'unknown' };
    // A domain is a site's own, else one of its languages' (decision 0056: the page reads its language from the host).
    const sentAt = performance.now();
    const website =
      target.kind === 'subdomain'
        ? await findWebsiteByIdentifier(db, target.identifier)
        : ((await findWebsiteByDomain(db, target.domain)) ?? (await findWebsiteByLanguageDomain(db, target.domain)));
    if (!website) return { kind: 'unknown' };
    // A language domain's site is read by a second statement: its versions were read when that was sent, later than this.
    noteReadSentAt(website, sentAt);
    return { kind: 'site', website };
  }

  function cachedLookup(target: HostTarget & { kind: 'subdomain' | 'domain' }): Promise<SiteResolution> {
    const key = keyOf(target)!;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = lookup(target);
    const entry: { expiresAt: number; value: Promise<SiteResolution>; website?: Website } = { expiresAt: now + ttlMs, value };
    value.then(
      (resolution) => {
        if (resolution.kind === 'site') entry.website = resolution.website;
      },
      () => cache.delete(key),
    );
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(key, entry);
    return value;
  }

  return {
    resolve(host) {
      const target = classifyHost(host, options.baseDomain);
      if (target.kind === 'root' || target.kind === 'admin' || target.kind === 'invalid' || ttlMs === 0) return lookup(target);
      const value = cachedLookup(target);
      const key = keyOf(target)!;
      if (host !== undefined) {
        if (keysByHost.size >= maxEntries) keysByHost.clear();
        keysByHost.set(host, key);
      }
      return value;
    },
    async byIdentifier(identifier) {
      if (!IDENTIFIER_PATTERN.test(identifier)) return undefined;
      const target = { kind: 'subdomain', identifier } as const;
      const resolution = ttlMs === 0 ? await lookup(target) : await cachedLookup(target);
      return resolution.kind === 'site' ? resolution.website : undefined;
    },
    cachedWebsite(host) {
      if (host === undefined || ttlMs === 0) return undefined;
      const key = keysByHost.get(host);
      const hit = key === undefined ? undefined : cache.get(key);
      return hit && hit.expiresAt > Date.now() ? hit.website : undefined;
    },
    invalidate() {
      cache.clear();
    },
  };
}
