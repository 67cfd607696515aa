import { languageOfPath } from './page-language.js';
import { languageOfDomain, publishedLanguages, siteLanguagesOf, type SiteLanguage } from './site-languages.js';

type LanguageSettings = { readonly languages?: unknown; readonly locale: string };

/** The headers a visitor's call is read by: the page it was made from, and the host it was sent to. */
export interface CallHeaders {
  readonly referer?: string | undefined;
  readonly host?: string | undefined;
}

function canonical(code: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(code.trim().replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/**
 * The published language of the site that `code` names (a code as a visitor, a browser or an
 * account names it, `fr_FR`, `FR`, `pt-br`): the same language, else the one of the same base
 * language (`fr-CA` → `fr`, `fr` → `fr-FR`); undefined when the site has none.
 */
export function siteLanguageNamed(settings: LanguageSettings, code: string | null | undefined): SiteLanguage | undefined {
  if (!code) return undefined;
  const wanted = canonical(code);
  if (!wanted) return undefined;
  const published = publishedLanguages(siteLanguagesOf(settings));
  const exact = published.find((l) => l.code.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const base = wanted.split('-')[0]!.toLowerCase();
  return published.find((l) => l.code.split('-')[0]!.toLowerCase() === base);
}

/**
 * The published language of the site page at `path` (a path of the site, `/fr/boutique`) on
 * `host` (a language's own domain: that language, decision 0056); undefined for a hidden
 * language's prefix or no path.
 */
export function languageOfSitePath(settings: LanguageSettings, path: string | null | undefined, host?: string): SiteLanguage | undefined {
  if (!path?.startsWith('/')) return undefined;
  const onDomain = languageOfDomain(settings, host);
  if (onDomain) return onDomain;
  const located = languageOfPath(settings, path.split(/[?#]/)[0]!);
  if (located.kind !== 'page') return undefined;
  return siteLanguagesOf(settings).all.find((l) => l.code === located.language.code);
}

/**
 * The language of the site page a visitor's call was made from: the `Referer` (sent by the
 * site's own pages, whose policy keeps the path for same-origin calls) when it is a page of the
 * host the call went to, in the language its path names (`/fr/…` French, any other path the
 * primary language). Undefined when the call names no page of the site.
 */
export function languageOfReferringPage(settings: LanguageSettings, headers: CallHeaders): SiteLanguage | undefined {
  if (!headers.referer) return undefined;
  let url: URL;
  try {
    url = new URL(headers.referer);
  } catch {
    return undefined;
  }
  if (!headers.host || url.host.toLowerCase() !== headers.host.toLowerCase()) return undefined;
  return languageOfSitePath(settings, url.pathname, url.host);
}

/**
 * The visitor's language of a call (decision 0052), as it is stored with carts, orders,
 * sign-ups, submissions and accounts: the language the call names itself (`named`, such as the
 * restock sign-up's `language`) when the site has it, else the language of the page the call
 * was made from, else undefined (read later as the site's primary language).
 */
export function visitorLanguageOf(settings: LanguageSettings, headers: CallHeaders, named?: string | null): string | undefined {
  return (siteLanguageNamed(settings, named) ?? languageOfReferringPage(settings, headers))?.code;
}

/** The published language of the site a stored visitor language stands for: itself (or its base language), else the primary. */
export function siteLanguageFor(settings: LanguageSettings, stored: string | null | undefined): SiteLanguage {
  return siteLanguageNamed(settings, stored) ?? siteLanguagesOf(settings).primary;
}
