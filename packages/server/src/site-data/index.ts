/** Site-wide rows of a site (collections, forms, shipping options, tax rules) cached per content version. */
export {
  siteData,
  siteDataAt,
  readContentVersion,
  SITE_CACHE_MAX_SITES,
  type SiteData,
  type FormRow,
  type ShippingOptionRow,
  type TaxRuleRow,
} from './site-cache.js';
/** Rows storefront pages read, cached per site and page version. */
export {
  PageReads,
  PAGE_READS_MAX_BYTES,
  PAGE_READS_TTL_MS,
  directReader,
  readThrough,
  databaseOf,
  type PageReader,
  type PageReadsOptions,
  type ReadSource,
} from './page-reads.js';
export { approximateBytes } from './approximate-bytes.js';
