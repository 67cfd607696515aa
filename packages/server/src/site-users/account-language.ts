import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/types.js';
import { languageOfPath, onLanguageHost, pathInLanguage, siteLanguagesOf } from '../multilingual/index.js';
import { canonicalOrigin, type Website } from '../sites/index.js';
import { pageTextOf, readPageTranslations, type PageText } from '../translations/index.js';
import type { AppConfig } from '../config.js';

/** The language an account page is shown in: the one its URL names (`/fr/account`, or a language's own domain). */
export interface AccountLanguage {
  /** Canonical code: the page's `<html lang>` and formatting locale. */
  readonly code: string;
  /** Whether it is the site's primary language (its texts are the English as written). */
  readonly primary: boolean;
  /** The language's prefix as links name it (`''`, `/fr`, or an origin on a language's own domain). */
  readonly prefix: string;
  /** A system text in the language (by its English, placeholders filled): the owner's translation, else the built-in catalogue's, else the English. */
  readonly text: PageText;
}

const ENGLISH = pageTextOf({ site: { settings: { locale: 'en-US' } } });

/** The primary language of `site`, for pages and mails that name no language. */
export function primaryAccountLanguage(site: Website): AccountLanguage {
  return { code: site.settings.locale, primary: true, prefix: '', text: ENGLISH };
}

/**
 * The language of an account page request: the published language its URL names (decision
 * 0044: `/fr/account`; decision 0056: a language's own domain), with its system texts. The
 * route's first segment (`fr` of `/fr/account`) must be that language's prefix: any
 * other segment (a hidden language, a page's own path such as `/faq/account`) answers
 * undefined, and the request is the site's page at that path.
 */
export async function accountLanguageOf(db: Db, config: AppConfig, request: FastifyRequest, site: Website): Promise<AccountLanguage | undefined> {
  const segment = (request.params as { blogUrlId?: unknown } | undefined)?.blogUrlId;
  const shown = onLanguageHost(site, request.headers.host, canonicalOrigin(site, config));
  const path = request.url.split('?')[0]!;
  const located = languageOfPath(shown.settings, path);
  if (located.kind !== 'page') return undefined;
  const languages = siteLanguagesOf(shown.settings);
  const language = languages.all.find((l) => l.code === located.language.code)!;
  // A path under no language prefix reads as the root language: only a real prefix may carry the segment.
  if (typeof segment === 'string' && (language.domain || language.pathPrefix !== `/${segment}`)) return undefined;
  if (typeof segment !== 'string' && language.pathPrefix !== '' && !language.domain) return undefined;
  if (language.primary) return { ...primaryAccountLanguage(shown), code: language.code };
  const translations = await readPageTranslations(db, shown, language.code);
  const text = pageTextOf({ site: shown, language, translations });
  return { code: language.code, primary: language.primary, prefix: language.prefix, text };
}

/** The path (or URL, on a language's own domain) of the account page at `path` in `language`. */
export function accountPath(language: AccountLanguage, path: string): string {
  return pathInLanguage(language.prefix, path);
}
