/** Pay later in instalments: our own info modal per locale (and its call) and eligibility for pages. */
export { registerInstalmentRoutes, INSTALMENT_INFO_PATH } from './routes.js';
export * from './schemas.js';
export { instalmentInfoHtml, INFO_MODAL_LOCALES } from './info-modal.js';
export { productInstalments, cartInstalmentEligibility, type ProductInstalments } from './eligibility.js';
export { siteInstalmentContext, COUNTRY_BY_CURRENCY, DEFAULT_RANGE, type SiteInstalmentContext } from './instalment-settings.js';
