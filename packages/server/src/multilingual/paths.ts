/** Paths of the multilingual calls (spec 7 "Site users and setup"), answered on the dashboard's origin. */
export const MultilingualPaths = Object.freeze({
  SETTINGS: '/api/multilingual/settings',
  STATUS: '/api/multilingual/status',
  LANGUAGES: '/api/multilingual/languages',
  CONNECTION: '/api/multilingual/connection',
});

/** Largest JSON body of a languages save. */
export const LANGUAGES_BODY_LIMIT = 16 * 1024;
/** Most languages a site may have, its primary included. */
export const MAX_LANGUAGES = 50;
