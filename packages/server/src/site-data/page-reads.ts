import type { Db } from '../db/index.js';
import { approximateBytes } from './approximate-bytes.js';

/**
 * Reads of a page build: each read is named by a key unique to its statement and arguments
 * (`findItem:{collectionId}:{urlId}`), and `load` runs it on the database.
 */
export interface PageReader {
  readonly db: Db;
  read<T>(key: string, load: (db: Db) => PromiseLike<T>): Promise<T>;
}

/** A reader that runs every read (owner calls, tests, degraded pages). */
export function directReader(db: Db): PageReader {
  return branded({ db, read: (_key, load) => Promise.resolve(load(db)) });
}

/** Default bound of one process's page reads, in approximate bytes of the values kept. */
export const PAGE_READS_MAX_BYTES = 32 * 1024 * 1024;
/** Longest life of a kept read: the page cache's entry life, the bound on pages that depend on the clock. */
export const PAGE_READS_TTL_MS = 60_000;

interface Value {
  readonly promise: Promise<unknown>;
  readonly loadedAt: number;
  bytes: number;
}

interface SiteEntry {
  readonly websiteId: string;
  readonly version: number;
  readonly values: Map<string, Value>;
  bytes: number;
}

/** Options of {@link PageReads}. */
export interface PageReadsOptions {
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
  /** Freeze every kept value, so a builder that changes one fails at once (default false; the app sets it outside production). */
  freeze?: boolean;
}

/**
 * The rows storefront pages read, kept per site and page version (decision 0037). The page
 * version (0078) moves in the transaction of every write a page can show, so a read kept under
 * the version a request read is what the database holds for that version: a price, stock or
 * content change reaches the next page at once, on every server, as it does for cached pages.
 * Reads that filter by the clock (scheduled posts) are kept at most {@link PAGE_READS_TTL_MS},
 * the page cache's entry life. Sites are dropped least recently used first once the values
 * kept pass `maxBytes`; a site at a new version starts empty.
 */
export class PageReads {
  private readonly sites = new Map<string, SiteEntry>();
  private total = 0;
  readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly freeze: boolean;

  constructor(options: PageReadsOptions = {}) {
    this.maxBytes = options.maxBytes ?? PAGE_READS_MAX_BYTES;
    this.ttlMs = options.ttlMs ?? PAGE_READS_TTL_MS;
    this.now = options.now ?? Date.now;
    this.freeze = options.freeze ?? false;
  }

  /** Approximate bytes held. */
  get size(): number {
    return this.total;
  }

  /** Sites held. */
  get siteCount(): number {
    return this.sites.size;
  }

  /** The reader of a page build of `websiteId` at page `version` (-1: the site is gone, nothing is kept). */
  at(db: Db, websiteId: string, version: number): PageReader {
    if (version < 0) return directReader(db);
    const entry = this.entryFor(websiteId, version);
    return branded({ db, read: (key, load) => this.read(db, entry, key, load) });
  }

  private entryFor(websiteId: string, version: number): SiteEntry {
    const current = this.sites.get(websiteId);
    if (current && current.version === version) {
      this.sites.delete(websiteId);
      this.sites.set(websiteId, current);
      return current;
    }
    const fresh: SiteEntry = { websiteId, version, values: new Map(), bytes: 0 };
    // A request that read an older version than the one kept reads for itself.
    if (current && current.version > version) return fresh;
    if (current) this.drop(current);
    this.sites.set(websiteId, fresh);
    return fresh;
  }

  private read<T>(db: Db, entry: SiteEntry, key: string, load: (db: Db) => PromiseLike<T>): Promise<T> {
    const now = this.now();
    const kept = entry.values.get(key);
    if (kept && now - kept.loadedAt <= this.ttlMs) return kept.promise as Promise<T>;
    if (kept) this.forget(entry, key, kept);
    const promise = Promise.resolve(load(db));
    const value: Value = { promise, loadedAt: now, bytes: 0 };
    entry.values.set(key, value);
    promise.then(
      (result) => {
        if (entry.values.get(key) !== value) return;
        if (this.freeze) freezeDeep(result);
        value.bytes = approximateBytes(result) + key.length * 2;
        entry.bytes += value.bytes;
        if (this.sites.get(entry.websiteId) !== entry) return;
        this.total += value.bytes;
        this.evict();
      },
      () => {
        if (entry.values.get(key) === value) this.forget(entry, key, value);
      },
    );
    return promise;
  }

  private forget(entry: SiteEntry, key: string, value: Value): void {
    entry.values.delete(key);
    entry.bytes -= value.bytes;
    if (this.sites.get(entry.websiteId) === entry) this.total -= value.bytes;
  }

  private drop(entry: SiteEntry): void {
    this.sites.delete(entry.websiteId);
    this.total -= entry.bytes;
  }

  private evict(): void {
    while (this.total > this.maxBytes && this.sites.size > 0) this.drop(this.sites.values().next().value!);
  }
}

/** Freezes `value` and everything reachable from it (Maps and Sets are frozen as objects; their entries are frozen too). */
function freezeDeep(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  if (ArrayBuffer.isView(value)) return;
  Object.freeze(value);
  if (value instanceof Map) {
    for (const [k, v] of value) {
      freezeDeep(k);
      freezeDeep(v);
    }
  } else if (value instanceof Set) {
    for (const v of value) freezeDeep(v);
  } else {
    for (const v of Object.values(value)) freezeDeep(v);
  }
}

const READER = Symbol('page reader');

/** What a page query reads from: the database itself, or a page build's {@link PageReader}. */
export type ReadSource = Db | PageReader;

/** A reader of `cache` marked so {@link readThrough} tells it from a database handle. */
function branded(reader: PageReader): PageReader {
  return Object.assign(reader, { [READER]: true });
}

/** Runs `load` on `from`: through the page build's reader (kept under `key`) or straight on the database. */
export function readThrough<T>(from: ReadSource, key: string, load: (db: Db) => PromiseLike<T>): Promise<T> {
  if ((from as { [READER]?: true })[READER]) return (from as PageReader).read(key, load);
  return Promise.resolve(load(from as Db));
}

/** The database handle behind `from`. */
export function databaseOf(from: ReadSource): Db {
  return (from as { [READER]?: true })[READER] ? (from as PageReader).db : (from as Db);
}
