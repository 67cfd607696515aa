import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { siteLanguagesOf } from '../multilingual/index.js';
import { DONATION_SUBJECT, DONATION_SUBJECT_ID } from './donation-texts.js';
import { pathLocalizer, readSlugRows } from './slugs.js';
import { optionNameField, optionValueField, SLUG_FIELD, textKey } from './subjects.js';
import { translations } from './table.js';

/**
 * What a mail in a language shows of the owner's texts (decision 0052): the translation where
 * one exists, stale or not, as pages show them (decision 0049), else the text as written.
 */
export interface OwnerTexts {
  readonly siteTitle: string;
  /** The item's title in the language (`title` when untranslated or the item is unknown). */
  itemTitle(itemId: string | null | undefined, title: string): string;
  /** A product's option value in the language (`Colour=Sage` → `Sauge`). */
  optionValue(itemId: string | null | undefined, option: string, value: string): string;
  /** A product's option name in the language (`Colour` → `Couleur`), where the owner translated it. */
  optionName(itemId: string | null | undefined, option: string): string;
  /** The site path `path` (a primary-language path) in the language: its prefix and translated slugs. */
  path(path: string): string;
  /** One of the owner's donation texts (the receipt's thank-you message) in the language; `text` when untranslated or empty. */
  donationText(field: 'title' | 'description' | 'thankYou', text: string): string;
}

/** The owner's texts of the primary language: as written. */
export function ownerTextsAsWritten(siteTitle: string): OwnerTexts {
  return {
    siteTitle,
    itemTitle: (_id, title) => title,
    optionValue: (_id, _option, value) => value,
    optionName: (_id, option) => option,
    path: (path) => path,
    donationText: (_field, text) => text,
  };
}

/**
 * The owner's texts a mail in `language` (a code of the site) names: the site's title, the
 * titles, option names and option values of the items `itemIds`, and, with `paths`, the site's paths with
 * translated slugs. One statement for the texts (none for the primary language), one more for
 * the slugs.
 */
export async function readOwnerTexts(
  db: DbOrTx,
  site: { id: string; title: string; settings: { languages?: unknown; locale: string } },
  language: string,
  itemIds: readonly string[],
  options: { paths?: boolean } = {},
): Promise<OwnerTexts> {
  const languages = siteLanguagesOf(site.settings);
  const own = languages.all.find((l) => l.code === language);
  if (!own || own.primary) return ownerTextsAsWritten(site.title);
  const ids = [...new Set(itemIds)].filter((id) => id !== '');
  const [rows, slugs] = await Promise.all([
    db
      .select({ subjectType: translations.subjectType, subjectId: translations.subjectId, field: translations.field, text: translations.text })
      .from(translations)
      .where(
        and(
          eq(translations.websiteId, site.id),
          eq(translations.language, own.code),
          or(
            and(eq(translations.subjectType, 'site'), eq(translations.subjectId, 'site'), eq(translations.field, 'title')),
            and(eq(translations.subjectType, DONATION_SUBJECT), eq(translations.subjectId, DONATION_SUBJECT_ID)),
            ...(ids.length ? [inArray(translations.subjectId, ids)] : []),
          ),
        ),
      ),
    options.paths ? readSlugRows(db, site.id) : undefined,
  ]);
  const texts = new Map(rows.filter((r) => r.field !== SLUG_FIELD && r.text !== '').map((r) => [textKey(r.subjectType, r.subjectId, r.field), r.text]));
  const localizer = pathLocalizer(languages, slugs);
  return {
    siteTitle: texts.get(textKey('site', 'site', 'title')) ?? site.title,
    itemTitle: (id, title) => (id ? texts.get(textKey('item', id, 'title')) : undefined) ?? title,
    optionValue: (id, option, value) => (id ? texts.get(textKey('product-option', id, optionValueField(option, value))) : undefined) ?? value,
    optionName: (id, option) => (id ? texts.get(textKey('product-option', id, optionNameField(option))) : undefined) ?? option,
    path: (path) => localizer.pathIn(own.prefix, path),
    donationText: (field, text) => (text ? texts.get(textKey(DONATION_SUBJECT, DONATION_SUBJECT_ID, field)) : undefined) ?? text,
  };
}
