/**
 * A site's languages (decision 0044): the primary at `/`, the others under a prefix (`/fr/`),
 * the owner calls that set them up, and what pages and the sitemap need to serve them.
 */
export { registerMultilingualRoutes } from './routes.js';
export { MultilingualMessages } from './messages.js';
export { MultilingualPaths, MAX_LANGUAGES } from './paths.js';
export { readLanguageCode, languageName, languagePrefix } from './language-codes.js';
export {
  siteLanguagesOf,
  publishedLanguages,
  languageOfDomain,
  onLanguageHost,
  domainOrigin,
  type SiteLanguage,
  type SiteLanguages,
} from './site-languages.js';
export { readSiteLanguages } from './language-store.js';
export {
  languageOfPath,
  languageDomainRedirect,
  languageAlternates,
  pathInLanguage,
  renderAlternateLinks,
  X_DEFAULT,
  type PageLanguage,
  type PathLanguage,
  type LanguageAlternate,
} from './page-language.js';
export {
  languageOfReferringPage,
  languageOfSitePath,
  siteLanguageFor,
  siteLanguageNamed,
  visitorLanguageOf,
  type CallHeaders,
} from './visitor-language.js';
