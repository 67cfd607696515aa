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
