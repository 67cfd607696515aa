/**
 * The site's languages as stored in `websites.settings.languages` (decision 0044). They live in
 * the website row, not a table of their own: every page reads them, and a write to the row bumps
 * the site's page version, so cached pages of every server follow the change.
 */

/** One language of a site: a canonical BCP 47 code, and whether visitors see it. */
export interface StoredLanguage {
  /** Canonical BCP 47 code (`Intl.getCanonicalLocales`): `fr`, `pt-BR`, `zh-Hant`. */
  code: string;
  /** Hidden languages are absent from every page and their URL prefix answers 404. */
  published: boolean;
  /** A domain of its own (`fr.example.test`, lower case), served at its root instead of the prefix (decision 0056); a non-primary language only. */
  domain?: string;
}

/** `websites.settings.languages`: the primary language (served at `/`) and every language, the primary included. */
export interface SiteLanguagesSetting {
  /** Moved on by every save; a save naming an older version is refused (optimistic concurrency). */
  version: number;
  /** Code of the primary language, one of `list`. */
  primary: string;
  list: StoredLanguage[];
}
