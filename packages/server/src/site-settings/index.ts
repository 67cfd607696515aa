/** The Site settings: store configuration and captcha keys (at once), and what visitors see (drafted). */
export { registerSiteSettingsRoutes } from './routes.js';
export { SiteSettingsPaths } from './paths.js';
export { SiteSettingsMessages } from './messages.js';
export { siteFaviconUrl, siteSocialImageUrl, siteSocialAccounts, siteCookieBanner, type SiteCookieBanner } from './visitor-settings.js';
