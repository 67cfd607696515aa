/**
 * The rendered-page cache (decisions 0009, 0022, 0027, 0031): one {@link PageCache} per process
 * that the page routes ask, and the lane in front of the app that answers its stored pages
 * with the app's own header and log builders.
 */
export {
  PageCache,
  type BuiltBody,
  type CacheSlot,
  type PageAddress,
  type PageCacheOptions,
  type PageLookup,
} from './page-cache.js';
export { PAGE_CACHE_MAX_BYTES, PAGE_CACHE_TTL_MS, PAGE_REBUILD_GRACE_MS, type PageBuild } from './page-store.js';
export { KNOWN_VERSIONS_MAX, readPageVersion } from './page-versions.js';
export { PAGE_CACHE_HEADER, type CachedPage } from './cached-page.js';
export { cookieChangesPage, pageCacheKey, pageCacheUse, sharesHtmlAcrossCarts, type CacheableRequest, type PageAsk, type PageCacheUse } from './cache-rules.js';
export { CachedPageLane, serverWithLane, type CachedPageLaneDeps, type StoredAnswer } from './lane.js';
