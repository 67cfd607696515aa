/** Tenancy: websites, Host-header resolution, the root site listing. */
export type { Website, ResolvedSettings } from './website.js';
export { DEFAULT_SETTINGS, withSettingsDefaults } from './website.js';
export { classifyHost, normalizeHost, IDENTIFIER_PATTERN, ADMIN_LABEL, type HostTarget } from './host.js';
export {
  createWebsite,
  getWebsite,
  findWebsiteByIdentifier,
  findWebsiteByDomain,
  findWebsiteByLanguageDomain,
  listWebsites,
  countWebsites,
  addCustomDomain,
  updateWebsiteSettings,
  assertValidIdentifier,
  normalizeDomain,
  RESERVED_IDENTIFIERS,
  type NewWebsite,
} from './repository.js';
export { readStateOf, type WebsiteReadState } from './read-state.js';
export { createSiteResolver, type SiteResolver, type SiteResolution, type SiteResolverOptions } from './resolver.js';
export { renderSiteListing, renderUnknownSite, siteUrl } from './site-listing-pages.js';
export { siteOf } from './request-site.js';
export { siteOrigin, canonicalOrigin, absoluteUrl, adminOrigin, dashboardUrl, DASHBOARD_SITES } from './site-origin.js';
export { languageDomains, languageDomainUse, replaceLanguageDomains } from './language-domains.js';
