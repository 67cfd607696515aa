import type { SiteLanguagesSetting, StoredLanguage } from '../db/schema-multilingual.js';
import { languageName, languagePrefix, nativeLanguageName, readLanguageCode } from './language-codes.js';

/** One language of a site, as pages and the dashboard read it. */
export interface SiteLanguage {
  /** Canonical BCP 47 code: the `hreflang`, `<html lang>` and formatting locale of its pages. */
  readonly code: string;
  readonly name: string;
  readonly nativeName: string;
  readonly primary: boolean;
  readonly published: boolean;
  /** Path prefix of its pages: `''` for the primary language (served at `/`), `/fr` for the others. */
  readonly prefix: string;
}

/** A site's languages: the primary first, then the others in the owner's order. */
export interface SiteLanguages {
  /** True once the owner has saved languages; false while the site has only the language of its locale. */
  readonly connected: boolean;
  readonly version: number;
  readonly primary: SiteLanguage;
  readonly all: readonly SiteLanguage[];
}

function languageOf(code: string, primary: boolean, published: boolean): SiteLanguage {
  return {
    code,
    name: languageName(code),
    nativeName: nativeLanguageName(code),
    primary,
    published: primary || published,
    prefix: primary ? '' : languagePrefix(code),
  };
}

/** The stored entries that are genuine: an object with a valid code, each code once. */
function storedEntries(value: unknown): StoredLanguage[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: StoredLanguage[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') continue;
    const reading = readLanguageCode(String((entry as { code?: unknown }).code ?? ''));
    if (!reading.ok || seen.has(reading.code)) continue;
    seen.add(reading.code);
    out.push({ code: reading.code, published: (entry as { published?: unknown }).published === true });
  }
  return out;
}

const cache = new WeakMap<object, SiteLanguages>();

/**
 * The languages of a site with settings `settings` (`languages` as the multilingual calls store
 * it, `locale` its own locale). A site that has saved none has one language, that of its locale,
 * at `/`. What is stored is read defensively: entries that are not valid codes are skipped, and
 * a primary that is not among them falls back to the site's locale.
 */
export function siteLanguagesOf(settings: { readonly languages?: unknown; readonly locale: string }): SiteLanguages {
  const stored = settings.languages;
  const known = stored && typeof stored === 'object' ? cache.get(stored) : undefined;
  if (known) return known;
  const setting = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<keyof SiteLanguagesSetting, unknown>>;
  const entries = storedEntries(setting.list);
  const localeCode = readLanguageCode(settings.locale);
  const wanted = readLanguageCode(String(setting.primary ?? ''));
  const primaryCode = wanted.ok && entries.some((e) => e.code === wanted.code) ? wanted.code : localeCode.ok ? localeCode.code : 'en-US';
  const primary = languageOf(primaryCode, true, true);
  const others = entries.filter((e) => e.code !== primaryCode).map((e) => languageOf(e.code, false, e.published));
  const version = typeof setting.version === 'number' && Number.isInteger(setting.version) ? setting.version : 0;
  const languages: SiteLanguages = Object.freeze({
    connected: stored !== undefined && stored !== null,
    version,
    primary,
    all: Object.freeze([primary, ...others]),
  });
  if (stored && typeof stored === 'object') cache.set(stored, languages);
  return languages;
}

/** The languages visitors see: the primary first, then the published others. */
export function publishedLanguages(languages: SiteLanguages): readonly SiteLanguage[] {
  return languages.all.filter((language) => language.published);
}
