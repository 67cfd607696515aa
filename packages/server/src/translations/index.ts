/**
 * Translations of a site's owner-written texts (decision 0049): stored per language, subject
 * and field with the hash of the source they were made from (stale when it changes), the
 * owner's calls, and what pages need to show them and their translated slugs.
 */
export { registerTranslationRoutes, TranslationPaths } from './routes.js';
export { TranslationMessages } from './messages.js';
export { sourceHash } from './source-hash.js';
export { SUBJECT_TYPES, SLUG_FIELD, type SubjectType, type SourceText } from './subjects.js';
export { readSourceTexts } from './source-texts.js';
export { writeTranslations, type TranslationWrite } from './repository.js';
export { pathLocalizer, readSlugRows, type PathLocalizer, type SlugRow } from './slugs.js';
export { translations } from './table.js';
export { readPageTranslations, type PageTranslations } from './page-translations.js';
export { translatedPage, translatedSite, type TextTranslations } from './page-texts.js';
export { localizedContext, languageLinks, type LanguageLink, type ContextLocalization } from './page-context.js';
export { readOwnerTexts, ownerTextsAsWritten, type OwnerTexts } from './mail-texts.js';
export { pageTextOf, type PageText, type PageTextSource } from './page-system-text.js';
export { courseTextsOf, type CourseTexts } from './course-texts.js';
export { donationTextsOf, translatedDonationTexts } from './donation-texts.js';
export { blockTextsOf, messagePatternOf, type BlockTexts } from './block-texts.js';
