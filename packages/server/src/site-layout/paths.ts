/** Paths of the site-layout calls (spec 7), answered on the dashboard's origin. */
export const SiteLayoutPaths = Object.freeze({
  SITE_LAYOUT: '/api/commondata/GetSiteLayout',
  UPDATE_NAVIGATION: '/api/widget/UpdateNavigation',
  HEADER_FOOTER: '/api/site-header-footer',
  PREFERENCES: '/api/v1/commerce-preferences/:namespace',
});

/** Largest JSON body of a navigation or header and footer change. */
export const SITE_LAYOUT_BODY_LIMIT = 64 * 1024;
/** Largest JSON body of one namespace's preferences. */
export const PREFERENCES_BODY_LIMIT = 16 * 1024;
