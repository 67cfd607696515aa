import { siteLanguagesOf, type SiteLanguages } from '../multilingual/index.js';
import { readThrough, type ReadSource } from '../site-data/index.js';
import { readPageTexts, type TextTranslations } from './page-texts.js';
import { pathLocalizer, readSlugRows, type PathLocalizer, type SlugRow } from './slugs.js';

/** What a page needs of the site's translations: its language's texts and the paths of every language. */
export interface PageTranslations {
  readonly texts: TextTranslations;
  readonly localizer: PathLocalizer;
}

const NONE: TextTranslations = new Map();
const localizers = new WeakMap<readonly SlugRow[], { languages: SiteLanguages; localizer: PathLocalizer }>();

/**
 * The translations a page of `site` in the language `code` shows (none for the primary
 * language) and the site's path localizer, read once per page version through `source`. A
 * site of one language reads nothing.
 */
export async function readPageTranslations(
  source: ReadSource,
  site: { id: string; settings: { languages?: unknown; locale: string } },
  code: string | undefined,
): Promise<PageTranslations> {
  const languages = siteLanguagesOf(site.settings);
  if (languages.all.length < 2) return { texts: NONE, localizer: pathLocalizer(languages) };
  const other = code !== undefined && code !== languages.primary.code;
  const [rows, texts] = await Promise.all([
    readThrough(source, 'translation-slugs', (db) => readSlugRows(db, site.id)),
    other ? readPageTexts(source, site.id, code) : NONE,
  ]);
  let known = localizers.get(rows);
  if (!known || known.languages !== languages) {
    known = { languages, localizer: pathLocalizer(languages, rows) };
    localizers.set(rows, known);
  }
  return { texts, localizer: known.localizer };
}
