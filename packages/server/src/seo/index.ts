/**
 * SEO helpers for the page module and the crawler routes: sitemap and robots.txt, JSON-LD
 * builders (Product/Offer/AggregateRating, BlogPosting, Event) with a required-field check,
 * and page meta (title, description, canonical URL, Open Graph, Twitter).
 */
export { registerSeoRoutes, SEO_CACHE_CONTROL } from './routes.js';
export { buildSitemapXml, buildRobotsTxt, SITEMAP_NAMESPACE, ROBOTS_DISALLOWED } from './sitemap.js';
export { publicSiteUrls, SITEMAP_MAX_URLS, COLLECTION_TYPES_WITHOUT_ITEM_PAGES, type SiteUrl } from './site-urls.js';
export { escapeXml } from './xml.js';
export {
  productJsonLd,
  aggregateRatingJsonLd,
  blogPostingJsonLd,
  eventJsonLd,
  jsonLdScript,
  isoDateTime,
  Availability,
  SCHEMA_CONTEXT,
  HEADLINE_MAX,
  type JsonLd,
  type ProductJsonLdInput,
  type OfferInput,
  type AggregateRatingInput,
  type BlogPostingInput,
  type EventJsonLdInput,
  type EventLocationInput,
} from './json-ld.js';
export { missingRequiredFields, REQUIRED_FIELDS } from './required-fields.js';
export { itemJsonLd, type ItemJsonLdOptions } from './item-json-ld.js';
export { buildPageMeta, renderPageMeta, textOf, truncateText, META_DESCRIPTION_MAX, type PageMeta, type PageMetaInput } from './page-meta.js';
export { itemSeoOf, seoDataEntry, SEO_DATA_KEY, type ItemSeo } from './item-seo.js';
