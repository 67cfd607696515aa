import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE, CART_MARKER_COOKIE } from '../cart/index.js';
import { PAGE_VERSION_LEASE_MS, pageVersionFenceOf, websites, writeEpochOf, type Db, type WriteEpoch } from '../db/index.js';

function preparePageVersion(db: Db) {
  return db
    .select({ version: websites.pageVersion })
    .from(websites)
    .where(eq(websites.id, sql.placeholder('websiteId')))
    .limit(1)
    .prepare('page_version');
}

/** One prepared statement per database handle: a cache hit on PostgreSQL runs it for every request. */
const pageVersionStatements = new WeakMap<Db, ReturnType<typeof preparePageVersion>>();

/** Reads the site's page version (0078: bumped by every write a page can show); -1 when the site does not exist. */
export async function readPageVersion(db: Db, websiteId: string): Promise<number> {
  let statement = pageVersionStatements.get(db);
  if (!statement) pageVersionStatements.set(db, (statement = preparePageVersion(db)));
  const [row] = await statement.execute({ websiteId });
  return row ? Number(row.version) : -1;
}

/** Default bound of one process's rendered-page cache, in bytes (bodies, all encodings). */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Default longest life of an entry: bounds staleness of pages that depend on the clock. */
export const PAGE_CACHE_TTL_MS = 60_000;
/**
 * How long past `ttlMs` an entry is still served while one request rebuilds it, so that pages
 * expiring under load do not make every visitor wait for (and repeat) the same build.
 */
export const PAGE_REBUILD_GRACE_MS = 5_000;
/** Most sites whose page version is remembered: between writes on PGlite, as leased reads on PostgreSQL. */
export const KNOWN_VERSIONS_MAX = 10_000;
/** Response header telling whether the page came from the cache (`hit`), was stored (`miss`) or bypassed it. */
export const PAGE_CACHE_HEADER = 'x-page-cache';

/**
 * Cookies that change a page, and so send the visitor to a fresh render: password grants
 * (`ss_unlock_site`, `ss_unlock_{collectionId}`), the site user's `SiteUserInfo`, and the
 * product's own session, language, preview and owner cookies (`emporium_…`, with or without the
 * `__Host-` prefix). An allowlist, as CDNs keep: every other cookie (the crumb, the analytics
 * collector's, and whatever an owner's injected code sets, such as `_ga`, `_gid`, `_fbp`) never
 * changes a page and never keeps a visitor from the cache.
 */
const SIGNIFICANT_COOKIE = /^(ss_unlock_[A-Za-z0-9_-]+|SiteUserInfo|(__Host-)?emporium_(?!cart$)[A-Za-z0-9_-]+)$/;

/** True when a cookie of this name changes what a page shows (see {@link SIGNIFICANT_COOKIE}). */
export function cookieChangesPage(name: string): boolean {
  return SIGNIFICANT_COOKIE.test(name);
}

/** The cart's cookies: a cached page is built without the cart, whose count the browser fills in after load. */
const CART_COOKIES = new Set([CART_COOKIE, CART_MARKER_COOKIE]);
const UNCACHED_PATHS = [/^\/cart\/?$/, /^\/checkout(\/|$)/, /^\/search\/?$/, /^\/config(\/|$)/];

/** One rendered page, stored once in each encoding. */
export interface CachedPage {
  readonly contentType: string;
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly storedAt: number;
  readonly bytes: number;
  /** The page may be served to a visitor with a cart (its site sells, so the header shows the count). */
  readonly sharedWithCarts: boolean;
}

/** The version read of one site in flight, and the one queued behind it. */
interface VersionReads {
  queued?: Promise<number>;
  running?: Promise<number>;
}

/** The newest page-version read of one site on PostgreSQL: when it was sent, and its answer once known. */
interface LeasedRead {
  readonly sentAt: number;
  readonly read: Promise<number>;
  version?: number;
}

/** A page being built by one request, which requests for the same key wait for instead of building it again. */
export interface PageBuild {
  readonly key: string;
  readonly startedAt: number;
  readonly done: Promise<CachedPage | undefined>;
  finish(page: CachedPage | undefined): void;
}

/** Options of {@link PageCache}. */
export interface PageCacheOptions {
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
  /** The clock page-version leases are measured with (default `performance.now`). */
  monotonicNow?: () => number;
}

/**
 * Rendered pages of anonymous visitors, keyed by site, page version, host, path, sorted
 * query and format; least recently used entries are dropped past `maxBytes`, and entries older
 * than `ttlMs` are not served.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly versionReads = new Map<string, VersionReads>();
  private readonly knownVersions = new Map<string, number>();
  private readonly leasedReads = new Map<string, LeasedRead>();
  private readonly builds = new Map<string, PageBuild>();
  private knownEpoch = -1;
  private total = 0;
  private newest: string | undefined;
  readonly maxBytes: number;
  readonly ttlMs: number;
  private readonly now: () => number;
  private readonly monotonicNow: () => number;

  constructor(options: PageCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? PAGE_CACHE_MAX_BYTES;
    this.ttlMs = options.ttlMs ?? PAGE_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
  }

  /** Bytes held (all encodings of all entries). */
  get size(): number {
    return this.total;
  }

  /** Number of entries held. */
  get count(): number {
    return this.entries.size;
  }

  /**
   * The fresh entry under `key`, marked most recently used; undefined when absent or expired.
   * An expired entry is still served while a request rebuilds it ({@link startBuild}), for at
   * most {@link PAGE_REBUILD_GRACE_MS} past its life.
   */
  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.storedAt;
    if (age > this.ttlMs + PAGE_REBUILD_GRACE_MS) {
      this.delete(key);
      return undefined;
    }
    // Within the grace an expired entry is kept, and served only while a build of it runs.
    if (age > this.ttlMs && this.building(key) === undefined) return undefined;
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry;
  }

  /**
   * Compresses `body` once (brotli and gzip) and stores it; bodies larger than the bound are not
   * stored. `sharedWithCarts` says whether visitors with a cart may be served it too.
   */
  set(key: string, contentType: string, body: string, sharedWithCarts = true): CachedPage {
    const identity = Buffer.from(body, 'utf8');
    const br = brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
    const gzip = gzipSync(identity, { level: 6 });
    const entry: CachedPage = {
      contentType,
      identity,
      br,
      gzip,
      storedAt: this.now(),
      bytes: identity.length + br.length + gzip.length + key.length,
      sharedWithCarts,
    };
    this.delete(key);
    const build = this.builds.get(key);
    if (build) {
      this.builds.delete(key);
      build.finish(entry);
    }
    if (entry.bytes > this.maxBytes) return entry;
    this.entries.set(key, entry);
    this.newest = key;
    this.total += entry.bytes;
    while (this.total > this.maxBytes) this.delete(this.entries.keys().next().value!);
    return entry;
  }

  /**
   * Says that the caller builds the page under `key` and will {@link set} it (or give up with
   * {@link endBuild}): until then the expired entry, if any, is still served, and
   * {@link building} hands other callers the build to wait for. Undefined when another build
   * of `key` is running.
   */
  startBuild(key: string): PageBuild | undefined {
    if (this.building(key)) return undefined;
    let finish!: (page: CachedPage | undefined) => void;
    const done = new Promise<CachedPage | undefined>((resolve) => {
      finish = resolve;
    });
    const build: PageBuild = { key, startedAt: this.now(), done, finish };
    this.builds.set(key, build);
    return build;
  }

  /** The running build of `key`, if any (one that ran past the grace is no longer waited for). */
  building(key: string): PageBuild | undefined {
    const running = this.builds.get(key);
    return running && this.now() - running.startedAt <= PAGE_REBUILD_GRACE_MS ? running : undefined;
  }

  /** Ends `build` without a stored page (it failed, or its page may not be stored): its waiters build their own. */
  endBuild(build: PageBuild): void {
    if (this.builds.get(build.key) === build) this.builds.delete(build.key);
    build.finish(undefined);
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.total -= old.bytes;
    if (key === this.newest) this.newest = undefined;
  }

  /**
   * The site's page version as read by a statement that started after this call: callers
   * that arrive while a read is running share the next read, so at most one read per site is
   * in flight and none returns a version older than the caller's arrival. On a database only
   * this process writes (PGlite), a version read while no write ran is reused until the
   * driver's write epoch moves (decision 0010). On PostgreSQL, whose writes through our
   * servers wait out the page-version lease after they commit, a read sent less than the lease
   * ago is reused (decision 0028).
   */
  pageVersion(db: Db, websiteId: string): number | Promise<number> {
    if (pageVersionFenceOf(db)) return this.leasedVersion(db, websiteId);
    const writes = writeEpochOf(db);
    if (writes && !writes.writing && writes.value === this.knownEpoch) {
      const known = this.knownVersions.get(websiteId);
      if (known !== undefined) return known;
    }
    let slot = this.versionReads.get(websiteId);
    if (!slot) this.versionReads.set(websiteId, (slot = {}));
    const state = slot;
    if (!state.running) return this.startRead(db, websiteId, state, writes);
    if (!state.queued) {
      const next = () => this.startRead(db, websiteId, state, writes);
      state.queued = state.running.then(next, next);
    }
    return state.queued;
  }

  /**
   * The answer of the newest read of the site's version if it was sent less than
   * {@link PAGE_VERSION_LEASE_MS} ago, else of a new read. A write acknowledged before this call
   * committed at least the lease before it, so a read sent within the lease started after that
   * commit and sees it.
   */
  private leasedVersion(db: Db, websiteId: string): number | Promise<number> {
    const now = this.monotonicNow();
    const newest = this.leasedReads.get(websiteId);
    if (newest && now - newest.sentAt < PAGE_VERSION_LEASE_MS) return newest.version ?? newest.read;
    const read = readPageVersion(db, websiteId);
    const lease: LeasedRead = { sentAt: now, read };
    this.leasedReads.delete(websiteId);
    if (this.leasedReads.size >= KNOWN_VERSIONS_MAX) this.leasedReads.delete(this.leasedReads.keys().next().value!);
    this.leasedReads.set(websiteId, lease);
    read.then(
      (version) => {
        lease.version = version;
      },
      () => {
        if (this.leasedReads.get(websiteId) === lease) this.leasedReads.delete(websiteId);
      },
    );
    return read;
  }

  private startRead(db: Db, websiteId: string, state: VersionReads, writes: WriteEpoch | undefined): Promise<number> {
    state.queued = undefined;
    const epoch = writes && !writes.writing ? writes.value : undefined;
    const running = readPageVersion(db, websiteId);
    state.running = running;
    const done = () => {
      if (state.running === running) state.running = undefined;
      if (!state.running && !state.queued) this.versionReads.delete(websiteId);
    };
    running.then((version) => {
      done();
      if (epoch !== undefined && !writes!.writing && writes!.value === epoch) this.remember(websiteId, version, epoch);
    }, done);
    return running;
  }

  private remember(websiteId: string, version: number, epoch: number): void {
    if (epoch !== this.knownEpoch) {
      this.knownVersions.clear();
      this.knownEpoch = epoch;
    }
    this.knownVersions.delete(websiteId);
    if (this.knownVersions.size >= KNOWN_VERSIONS_MAX) this.knownVersions.delete(this.knownVersions.keys().next().value!);
    this.knownVersions.set(websiteId, version);
  }
}

/** True for pages whose HTML is the same for every visitor's cart: all but cart, checkout, search and config. */
export function sharesHtmlAcrossCarts(path: string): boolean {
  return !UNCACHED_PATHS.some((pattern) => pattern.test(path));
}

/** How the page cache may serve a request (see {@link pageCacheUse}). */
export type PageCacheUse = 'bypass' | 'visitor' | 'cart-holder';

/**
 * Whether a request may be served from (and stored in) the page cache: a GET or HEAD of a page
 * other than the cart, checkout, search and config pages, without credentials, with no cookie
 * that changes a page ({@link cookieChangesPage}; any other cookie is ignored). A visitor with a cart (`cart-holder`) shares the
 * HTML of every other visitor: the page is built without the cart, and the browser fills the
 * cart count in from the cart marker cookie and the cart call (decision 0022). The JSON form of
 * a page (`?format=json`) carries the cart itself, so a cart holder's is never shared. Signed-in
 * site users, owners and unlocked visitors send significant cookies and are always served fresh.
 */
export function pageCacheUse(request: Pick<FastifyRequest, 'method' | 'headers' | 'cookies'>, path: string, hasCart: boolean, asJson: boolean): PageCacheUse {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'bypass';
  if (request.headers.authorization !== undefined) return 'bypass';
  if (UNCACHED_PATHS.some((pattern) => pattern.test(path))) return 'bypass';
  let cartCookie = false;
  for (const name of Object.keys(request.cookies ?? {})) {
    if (CART_COOKIES.has(name)) cartCookie = true;
    else if (SIGNIFICANT_COOKIE.test(name)) return 'bypass';
  }
  if (!hasCart && !cartCookie) return 'visitor';
  // Without the marker the browser would neither know the count nor load the cart: render it here.
  if (asJson || request.cookies?.[CART_MARKER_COOKIE] === undefined) return 'bypass';
  return 'cart-holder';
}

/** Cache key of a page: site, version, origin, path, query sorted by name (first value of each). */
export function pageCacheKey(websiteId: string, version: number, origin: string, path: string, search: string): string {
  if (search === '') return `${websiteId}\n${version}\n${origin}\n${path}\n`;
  const params = new URLSearchParams(search);
  const seen = new Set<string>();
  const pairs: [string, string][] = [];
  for (const [name, value] of params) {
    if (seen.has(name)) continue;
    seen.add(name);
    pairs.push([name, value]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${websiteId}\n${version}\n${origin}\n${path}\n${new URLSearchParams(pairs).toString()}`;
}

function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  if (header === undefined) return 'identity';
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** The body of a cached page in the encoding `acceptEncoding` allows best (brotli, gzip, none). */
export function cachedBody(page: CachedPage, acceptEncoding: string | string[] | undefined): { encoding: 'br' | 'gzip' | 'identity'; body: Buffer } {
  const encoding = preferredEncoding(acceptEncoding);
  return { encoding, body: encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity };
}

/** Sends a cached page in the encoding the request accepts best (brotli, gzip, none). */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'hit' | 'miss'): FastifyReply {
  const { encoding, body } = cachedBody(page, request.headers['accept-encoding']);
  reply.code(200).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header(PAGE_CACHE_HEADER, state).type(page.contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
