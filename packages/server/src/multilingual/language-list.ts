import type { SiteLanguagesSetting, StoredLanguage } from '../db/schema-multilingual.js';
import { languageName, languagePrefix, readLanguageCode } from './language-codes.js';
import { MultilingualMessages as M } from './messages.js';
import { MAX_LANGUAGES } from './paths.js';
import type { SiteLanguages } from './site-languages.js';

/** One entry of a languages save, as the dashboard sends it. */
export interface LanguageEntry {
  code: string;
  primary?: boolean | undefined;
  published?: boolean | undefined;
  domain?: string | null | undefined;
}

/** A checked save: the setting to store, or each refused entry's message by field (`languages.2.code`) with the first as `message`. */
export type ListCheck = { ok: true; setting: Omit<SiteLanguagesSetting, 'version'> } | { ok: false; message: string; fields: Record<string, string> };

/**
 * Checks a whole languages list against the site's current languages and the first path
 * segments its pages use (`pagePrefixes`, lower case, with their `/`). Every code is read as
 * canonical BCP 47; a code listed twice, no primary or more than one, a hidden primary, removing
 * the current primary (change the primary first) and a language whose prefix a page of the site
 * already uses are refused, each with its own message.
 */
export function checkLanguageList(entries: readonly LanguageEntry[], current: SiteLanguages, pagePrefixes: ReadonlySet<string>): ListCheck {
  const fields: Record<string, string> = {};
  const refuse = (field: string, message: string) => {
    fields[field] ??= message;
  };
  if (entries.length > MAX_LANGUAGES) refuse('languages', M.TOO_MANY(MAX_LANGUAGES));
  const list: StoredLanguage[] = [];
  const seen = new Set<string>();
  let primary: string | undefined;
  entries.forEach((entry, index) => {
    const reading = readLanguageCode(entry.code);
    if (!reading.ok) return refuse(`languages.${index}.code`, reading.message);
    const code = reading.code;
    if (seen.has(code)) return refuse(`languages.${index}.code`, M.DUPLICATE(languageName(code), code));
    seen.add(code);
    if (entry.primary === true) {
      if (primary !== undefined) return refuse(`languages.${index}.primary`, M.MANY_PRIMARIES);
      if (entry.published === false) return refuse(`languages.${index}.published`, M.PRIMARY_HIDDEN);
      primary = code;
    } else if (pagePrefixes.has(languagePrefix(code))) {
      return refuse(`languages.${index}.code`, M.PAGE_AT_PREFIX(code, languagePrefix(code)));
    }
    const domain = entry.domain?.trim() ? entry.domain.trim() : undefined;
    if (domain && entry.primary === true) return refuse(`languages.${index}.domain`, M.DOMAIN_PRIMARY);
    list.push({ code, published: entry.primary === true || entry.published !== false, ...(domain ? { domain } : {}) });
  });
  const was = current.primary.code;
  if (current.connected && !seen.has(was)) refuse('languages', M.PRIMARY_REMOVED(languageName(was), was));
  else if (primary === undefined && !fields.languages) refuse('languages', M.NO_PRIMARY);
  const [first] = Object.values(fields);
  if (first !== undefined || primary === undefined) return { ok: false, message: first ?? M.NO_PRIMARY, fields };
  return { ok: true, setting: { primary, list: [...list.filter((l) => l.code === primary), ...list.filter((l) => l.code !== primary)] } };
}
