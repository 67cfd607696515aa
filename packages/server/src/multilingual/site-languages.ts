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
  /**
   * Where its pages are, as links name them: `''` for the primary language (served at `/`), `/fr`
   * for the others, and the origin of its own domain (`https://fr.example.test`) for a language
   * that has one (decision 0056). On a language's own domain every language's is absolute
   * (see {@link onLanguageHost}), so links lead to the right host from any page.
   */
  readonly prefix: string;
  /** The path prefix that names it on the site's own hosts: `''` for the primary language, `/fr` for the others (which redirects to its domain when it has one). */
  readonly pathPrefix: string;
  /** Its own domain (lower case, no port), served at its root; undefined when it is served under its prefix. */
  readonly domain: string | undefined;
}

/** A site's languages: the primary first, then the others in the owner's order. */
export interface SiteLanguages {
  /** True once the owner has saved languages; false while the site has only the language of its locale. */
  readonly connected: boolean;
  readonly version: number;
  readonly primary: SiteLanguage;
  readonly all: readonly SiteLanguage[];
  /** The language served at `/` of the host these are read for: the primary one, or on a language's own domain that language. */
  readonly root: SiteLanguage;
}

/** The origin of a language's own domain: HTTPS, as a site's custom domains (`canonicalOrigin`). */
export function domainOrigin(domain: string): string {
  return `https://${domain}`;
}

/** Marks a languages setting read on a language's own domain: that domain, and the site's main origin. */
const ON_HOST = Symbol('languages on a language domain');
type HostView = { readonly domain: string; readonly origin: string };

function languageOf(code: string, primary: boolean, published: boolean, domain: string | undefined, view: HostView | undefined): SiteLanguage {
  const pathPrefix = primary ? '' : languagePrefix(code);
  const own = primary ? undefined : domain;
  const prefix = own ? domainOrigin(own) : view ? `${view.origin}${pathPrefix}` : pathPrefix;
  return {
    code,
    name: languageName(code),
    nativeName: nativeLanguageName(code),
    primary,
    published: primary || published,
    prefix,
    pathPrefix,
    domain: own,
  };
}

/** A stored domain as written by the languages save: a lower-case host name. */
function storedDomain(value: unknown): string | undefined {
  return typeof value === 'string' && /^[a-z0-9.-]{1,253}$/.test(value) && value.includes('.') ? value : undefined;
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
    const domain = storedDomain((entry as { domain?: unknown }).domain);
    out.push({ code: reading.code, published: (entry as { published?: unknown }).published === true, ...(domain ? { domain } : {}) });
  }
  return out;
}

const cache = new WeakMap<object, SiteLanguages>();
/** The languages of sites that saved none, by their locale (most sites of a server). Bounded; cleared when full. */
const byLocale = new Map<string, SiteLanguages>();
const KEPT_LOCALES = 1000;

/**
 * The languages of a site with settings `settings` (`languages` as the multilingual calls store
 * it, `locale` its own locale). A site that has saved none has one language, that of its locale,
 * at `/`. What is stored is read defensively: entries that are not valid codes are skipped, and
 * a primary that is not among them falls back to the site's locale.
 */
export function siteLanguagesOf(settings: { readonly languages?: unknown; readonly locale: string }): SiteLanguages {
  const stored = settings.languages;
  const saved = stored !== undefined && stored !== null;
  const known = saved ? (typeof stored === 'object' ? cache.get(stored) : undefined) : byLocale.get(settings.locale);
  if (known) return known;
  const setting = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<keyof SiteLanguagesSetting, unknown>>;
  const entries = storedEntries(setting.list);
  const localeCode = readLanguageCode(settings.locale);
  const wanted = readLanguageCode(String(setting.primary ?? ''));
  const primaryCode = wanted.ok && entries.some((e) => e.code === wanted.code) ? wanted.code : localeCode.ok ? localeCode.code : 'en-US';
  const view = stored && typeof stored === 'object' ? (stored as { [ON_HOST]?: HostView })[ON_HOST] : undefined;
  const primary = languageOf(primaryCode, true, true, undefined, view);
  const others = entries.filter((e) => e.code !== primaryCode).map((e) => languageOf(e.code, false, e.published, e.domain, view));
  const version = typeof setting.version === 'number' && Number.isInteger(setting.version) ? setting.version : 0;
  const all = Object.freeze([primary, ...others]);
  const languages: SiteLanguages = Object.freeze({
    connected: stored !== undefined && stored !== null,
    version,
    primary,
    all,
    root: (view && all.find((l) => l.published && l.domain === view.domain)) || primary,
  });
  if (stored && typeof stored === 'object') cache.set(stored, languages);
  else if (!saved) {
    if (byLocale.size >= KEPT_LOCALES) byLocale.clear();
    byLocale.set(settings.locale, languages);
  }
  return languages;
}

/** The languages visitors see: the primary first, then the published others. */
export function publishedLanguages(languages: SiteLanguages): readonly SiteLanguage[] {
  return languages.all.filter((language) => language.published);
}

/** The published language of the site whose own domain is `host` (a Host header: any case, port and trailing dot ignored); undefined on any other host. */
export function languageOfDomain(
  settings: { readonly languages?: unknown; readonly locale: string },
  host: string | null | undefined,
): SiteLanguage | undefined {
  if (!host) return undefined;
  const name = host
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
  return siteLanguagesOf(settings).all.find((l) => l.published && l.domain !== undefined && l.domain === name);
}

const views = new WeakMap<object, Map<string, object>>();

/**
 * `site` as its pages are read on the host `host` (decision 0056): unchanged on the site's own
 * hosts; on a published language's own domain, with languages whose root (`/`) is that
 * language and whose every prefix is absolute (the primary language's under `origin`, the
 * site's main origin), so the page's canonical, alternates, switcher and links name the right
 * host. The view is kept per stored setting and host, so the caches keyed by it keep working.
 */
export function onLanguageHost<T extends { settings: { readonly languages?: unknown; readonly locale: string } }>(
  site: T,
  host: string | null | undefined,
  origin: string,
): T {
  const language = languageOfDomain(site.settings, host);
  const stored = site.settings.languages;
  if (!language?.domain || !stored || typeof stored !== 'object') return site;
  let known = views.get(stored);
  if (!known) {
    known = new Map();
    views.set(stored, known);
  }
  const key = `${language.domain} ${origin}`;
  let view = known.get(key);
  if (!view) {
    view = Object.freeze({ ...stored, [ON_HOST]: { domain: language.domain, origin } });
    if (known.size > 100) known.clear();
    known.set(key, view);
  }
  return { ...site, settings: { ...site.settings, languages: view } };
}
