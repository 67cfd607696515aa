import type { FastifyReply, FastifyRequest } from 'fastify';
import { cartIdFromRequest } from '../../cart/index.js';
import type { Db } from '../../db/index.js';
import type { Website } from '../../sites/index.js';
import { asksForJson, isApiPath, splitUrl } from '../page-url.js';
import { pageCacheKey, pageCacheUse, type CacheableRequest, type PageAsk } from './cache-rules.js';
import { appendPageHeaders, cachedBody, type CachedPage } from './cached-page.js';
import { PageStore, type PageBuild, type PageStoreOptions } from './page-store.js';
import { PageVersions } from './page-versions.js';

/** Options of {@link PageCache}. */
export interface PageCacheOptions extends PageStoreOptions {
  /** The clock page-version leases are measured with (default `performance.now`). */
  monotonicNow?: () => number;
}

/** Where the page of one request is cached: its key, and whether the visitor has a cart. */
export interface CacheSlot {
  readonly key: string;
  /** The visitor has a cart: a stored page serves them only when it is shared with carts. */
  readonly cartHolder: boolean;
}

/** The page a request asks for, as the cache keys it. */
export interface PageAddress {
  readonly site: Website;
  readonly path: string;
  /** The query, without its `?`. */
  readonly search: string;
  /** `?format=json`: the page's context instead of its HTML. */
  readonly asJson: boolean;
  /** The visitor has a cart. */
  readonly hasCart: boolean;
}

/** What {@link PageCache.lookup} found for a request. */
export interface PageLookup {
  /** Where the page built for the request may be stored; undefined when it may not be cached. */
  readonly slot: CacheSlot | undefined;
  /** The stored page that answers the request. */
  readonly hit: CachedPage | undefined;
  /** The build of the slot's page this request took on, to end with {@link PageCache.endBuild} once the page is stored or not. */
  readonly build: PageBuild | undefined;
}

/** A page built for a request, as {@link PageCache.store} is offered it. */
export interface BuiltBody {
  readonly status: number;
  readonly contentType: string;
  /** The page, as text or already encoded (UTF-8). */
  readonly body: string | Buffer;
  /** Visitors with a cart may be served it too (the site sells, so its header shows the count). */
  readonly sharedWithCarts: boolean;
  /** The access-denied page (106, HTTP 403) of a visitor the cache serves: a guest, who holds no member area, like every other guest. */
  readonly accessDenied?: boolean;
}

/** A built page the cache may share: an HTTP 200, or a guest's access-denied page (every guest's is the same), without the visitor's crumb. */
function shareable(built: BuiltBody, crumb: string | undefined): boolean {
  if (built.status !== 200 && !(built.status === 403 && built.accessDenied === true)) return false;
  return !(crumb && built.body.includes(crumb));
}

function slotFor(websiteId: string, version: number, origin: string, path: string, search: string, cartHolder: boolean): CacheSlot | undefined {
  return version < 0 ? undefined : { key: pageCacheKey(websiteId, version, origin, path, search), cartHolder };
}

/**
 * The rendered-page cache of one process (decision 0009): pages of anonymous visitors and of
 * visitors with a cart, keyed by site, page version, origin, path and sorted query (see
 * {@link PageStore} for its bounds). The page routes ask it with {@link lookup}, offer what
 * they built with {@link store} and answer with {@link send}; the lane in front of the app
 * asks it with {@link stored}. Every way in takes the decision from {@link pageCacheUse} and
 * {@link pageCacheKey}.
 */
export class PageCache extends PageStore {
  private readonly versions: PageVersions;

  constructor(options: PageCacheOptions = {}) {
    super(options);
    this.versions = new PageVersions(options.monotonicNow);
  }

  /** The site's page version (see {@link PageVersions.pageVersion}). */
  pageVersion(db: Db, websiteId: string): number | Promise<number> {
    return this.versions.pageVersion(db, websiteId);
  }

  /** A page version read by another statement (see {@link PageVersions.observe}). */
  observeVersion(db: Db, websiteId: string, version: number, sentAt: number): void {
    this.versions.observe(db, websiteId, version, sentAt);
  }

  /**
   * Finds the page of `request`: its stored page, else the page another request is building
   * for it once built (requests that miss the same page at once wait for one build instead of
   * each building it, decision 0031). On a miss the request takes on the build of its slot,
   * unless another build runs or the visitor has a cart.
   */
  async lookup(db: Db, request: CacheableRequest, page: PageAddress): Promise<PageLookup> {
    const slot = await this.slotAt(db, request, page.site, page.path, page.search, page.asJson, page.hasCart);
    let hit = this.hitIn(slot);
    // No await between finding no build and starting one, so at most one request starts a build;
    // those that waited for a build that stored nothing they may use build their own.
    const running = hit || !slot ? undefined : this.building(slot.key);
    if (running) hit = this.usableIn(slot!, await running.done);
    if (hit) return { slot, hit, build: undefined };
    return { slot, hit: undefined, build: slot && !slot.cartHolder ? this.startBuild(slot.key) : undefined };
  }

  /**
   * The stored page that answers a GET of `ask` on `site`, if any: what the page route would
   * send as a hit, found without building or waiting for anything (the lane's rule, decision
   * 0027). At once when the site's page version is known, else once it has been read.
   */
  stored(db: Db, ask: PageAsk, site: Website): CachedPage | undefined | Promise<CachedPage | undefined> {
    const { path, search } = splitUrl(ask.url);
    if (isApiPath(path)) return undefined;
    const slot = this.slotAt(db, ask, site, path, search, asksForJson(search), cartIdFromRequest(ask) !== undefined);
    return slot instanceof Promise ? slot.then(this.hitIn) : this.hitIn(slot);
  }

  /**
   * Stores the page built for `slot` when it may be shared: an HTTP 200 (or a guest's
   * access-denied page) whose body does not carry the visitor's `crumb` (the lock screen's
   * unlock form does). Undefined when not stored.
   */
  store(slot: CacheSlot | undefined, built: BuiltBody, crumb: string | undefined): CachedPage | undefined {
    if (slot === undefined || !shareable(built, crumb)) return undefined;
    return this.set(slot.key, built.contentType, built.body, built.sharedWithCarts, built.status);
  }

  /**
   * {@link store} with the compression off the main thread ({@link PageStore.setLater}): the
   * page's bytes to answer with now, and its storing; undefined when the page may not be stored.
   */
  storeLater(slot: CacheSlot | undefined, built: BuiltBody, crumb: string | undefined): { identity: Buffer; stored: Promise<CachedPage> } | undefined {
    if (slot === undefined || !shareable(built, crumb)) return undefined;
    return this.setLater(slot.key, built.contentType, built.body, built.sharedWithCarts, built.status);
  }

  /** Sends the uncompressed bytes of a page being stored, with the headers of a cached page's answer (`miss`). */
  sendBuilt(reply: FastifyReply, contentType: string, identity: Buffer, status = 200): FastifyReply {
    const headers: string[] = [];
    appendPageHeaders(headers, { contentType }, 'identity', 'miss');
    reply.code(status);
    for (let i = 0; i < headers.length; i += 2) reply.header(headers[i]!, headers[i + 1]);
    return reply.send(identity);
  }

  /** Sends a cached page in the encoding the request accepts best (brotli, gzip, none), with its cache headers. */
  send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'hit' | 'miss'): FastifyReply {
    const { encoding, body } = cachedBody(page, request.headers['accept-encoding']);
    const headers: string[] = [];
    appendPageHeaders(headers, page, encoding, state);
    reply.code(page.status ?? 200);
    for (let i = 0; i < headers.length; i += 2) reply.header(headers[i]!, headers[i + 1]);
    return reply.send(body);
  }

  /**
   * Where the page of `request` is cached, or undefined when it may not be: at once when the
   * site's page version is known, else once it has been read.
   */
  private slotAt(
    db: Db,
    request: CacheableRequest,
    site: Website,
    path: string,
    search: string,
    asJson: boolean,
    hasCart: boolean,
  ): CacheSlot | undefined | Promise<CacheSlot | undefined> {
    const use = pageCacheUse(request, path, hasCart, asJson);
    if (use === 'bypass') return undefined;
    const origin = `${request.protocol}://${request.headers.host ?? ''}`;
    const cartHolder = use === 'cart-holder';
    const known = this.pageVersion(db, site.id);
    if (typeof known === 'number') return slotFor(site.id, known, origin, path, search, cartHolder);
    return known.then((version) => slotFor(site.id, version, origin, path, search, cartHolder));
  }

  /** The stored page of `slot` when it may answer the request. */
  private readonly hitIn = (slot: CacheSlot | undefined): CachedPage | undefined => (slot ? this.usableIn(slot, this.get(slot.key)) : undefined);

  /** `page` when it may answer a request of `slot` (a cart holder gets only pages shared with carts). */
  private usableIn(slot: CacheSlot, page: CachedPage | undefined): CachedPage | undefined {
    return page && (!slot.cartHolder || page.sharedWithCarts) ? page : undefined;
  }
}
