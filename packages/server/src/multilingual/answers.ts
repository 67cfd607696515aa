import type { z } from '../http/schemas.js';
import type { LanguageBody, LanguagesBody, MultilingualSettingsBody, MultilingualStatusBody } from './schemas.js';
import { publishedLanguages, type SiteLanguage, type SiteLanguages } from './site-languages.js';

function languageAnswer(language: SiteLanguage): z.infer<typeof LanguageBody> {
  const { code, name, nativeName, primary, published, prefix, domain } = language;
  return { code, name, nativeName, primary, published, urlPrefix: `${prefix}/`, ...(domain ? { domain } : {}) };
}

/** The answer of `GET /api/multilingual/languages`. */
export function languagesAnswer(languages: SiteLanguages): z.infer<typeof LanguagesBody> {
  return { languages: languages.all.map(languageAnswer), version: languages.version };
}

/** The answer of `GET /api/multilingual/settings`. */
export function settingsAnswer(languages: SiteLanguages): z.infer<typeof MultilingualSettingsBody> {
  const published = publishedLanguages(languages);
  return {
    enabled: published.length > 1,
    primaryLanguage: languages.primary.code,
    urlStrategy: 'path-prefix',
    xDefault: `${languages.primary.prefix}/`,
    languages: published.map(languageAnswer),
    version: languages.version,
  };
}

/** The answer of `GET /api/multilingual/status`. */
export function statusAnswer(languages: SiteLanguages): z.infer<typeof MultilingualStatusBody> {
  const published = publishedLanguages(languages).length;
  return {
    connected: languages.connected,
    primaryLanguage: languages.primary.code,
    languageCount: languages.all.length,
    publishedCount: published,
    hiddenCount: languages.all.length - published,
  };
}
