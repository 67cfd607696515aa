import { compressedPage, compressedPageLater, type CachedPage } from './cached-page.js';

/** Default bound of one process's rendered-page cache, in bytes (bodies, all encodings). */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Default longest life of an entry: bounds staleness of pages that depend on the clock. */
export const PAGE_CACHE_TTL_MS = 60_000;
/**
 * How long past `ttlMs` an entry is still served while one request rebuilds it, so that pages
 * expiring under load do not make every visitor wait for (and repeat) the same build.
 */
export const PAGE_REBUILD_GRACE_MS = 5_000;

/** A page being built by one request, which requests for the same key wait for instead of building it again. */
export interface PageBuild {
  readonly key: string;
  readonly startedAt: number;
  readonly done: Promise<CachedPage | undefined>;
  finish(page: CachedPage | undefined): void;
  /** Set once the built page is being compressed to be stored ({@link PageStore.setLater}): the store ends the build, not its request. */
  storing?: boolean;
}

/** Options of {@link PageStore}. */
export interface PageStoreOptions {
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/**
 * Rendered pages by cache key, and the builds running for keys: least recently used entries
 * are dropped past `maxBytes`, and entries older than `ttlMs` are not served.
 */
export class PageStore {
  private readonly entries = new Map<string, CachedPage>();
  private readonly builds = new Map<string, PageBuild>();
  private readonly compressing = new Set<Promise<unknown>>();
  private total = 0;
  private newest: string | undefined;
  readonly maxBytes: number;
  readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: PageStoreOptions = {}) {
    this.maxBytes = options.maxBytes ?? PAGE_CACHE_MAX_BYTES;
    this.ttlMs = options.ttlMs ?? PAGE_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
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
   * stored. `sharedWithCarts` says whether visitors with a cart may be served it too; `status` is what it is served with.
   */
  set(key: string, contentType: string, body: string | Buffer, sharedWithCarts = true, status = 200): CachedPage {
    return this.put(key, compressedPage(key, contentType, body, sharedWithCarts, this.now(), status));
  }

  /**
   * {@link set} with the compression on the thread pool: gives the body's bytes at once (for the
   * answer of the request that built it) and stores the page once compressed. A running build of
   * `key` goes on until then, so requests that miss the page meanwhile wait for it instead of
   * building it again.
   */
  setLater(key: string, contentType: string, body: string | Buffer, sharedWithCarts = true, status = 200): { identity: Buffer; stored: Promise<CachedPage> } {
    const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const build = this.builds.get(key);
    if (build) build.storing = true;
    const stored = compressedPageLater(key, contentType, identity, sharedWithCarts, this.now(), status).then(
      (entry) => this.put(key, entry),
      (error: unknown) => {
        if (build) this.finishBuild(build);
        throw error;
      },
    );
    const settled = stored.catch(() => undefined).finally(() => this.compressing.delete(settled));
    this.compressing.add(settled);
    return { identity, stored };
  }

  /** Resolves once every page being compressed to be stored ({@link setLater}) is stored or failed. */
  async settled(): Promise<void> {
    while (this.compressing.size > 0) await Promise.all([...this.compressing]);
  }

  private put(key: string, entry: CachedPage): CachedPage {
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
    if (!build.storing) this.finishBuild(build);
  }

  private finishBuild(build: PageBuild): void {
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
}
