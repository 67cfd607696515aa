import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { donationSettings } from '../db/schema-donations.js';
import { siteLanguagesOf } from '../multilingual/index.js';
import type { TextTranslations } from './page-texts.js';
import type { PageTextSource } from './page-system-text.js';
import { type SourceText, textKey } from './subjects.js';

/** The subject type of a site's donation settings (one subject per site, id {@link DONATION_SUBJECT_ID}). */
export const DONATION_SUBJECT = 'donation';
/** The id of the donation subject: a site has one set of donation settings. */
export const DONATION_SUBJECT_ID = 'settings';
/** The owner's donation texts visitors read: the donate page's title and text (the donation block's too) and the thank-you message. */
export const DONATION_TEXT_FIELDS = ['title', 'description', 'thankYou'] as const;

type DonationTextField = (typeof DONATION_TEXT_FIELDS)[number];

/**
 * The owner's donation texts as saved (plain text, which pages escape): the title, the
 * description and the thank-you message of the contribution confirmed page and the receipt. A
 * site that never saved its donation settings has none (donations are off until it does).
 */
export async function readDonationSourceTexts(db: DbOrTx, websiteId: string): Promise<SourceText[]> {
  const [row] = await db
    .select({ title: donationSettings.title, description: donationSettings.description, thankYou: donationSettings.thankYou })
    .from(donationSettings)
    .where(eq(donationSettings.websiteId, websiteId));
  if (!row) return [];
  return DONATION_TEXT_FIELDS.filter((field) => row[field].trim()).map((field) => ({
    subjectType: DONATION_SUBJECT,
    subjectId: DONATION_SUBJECT_ID,
    field,
    label: 'Donations',
    text: row[field],
  }));
}

/** `settings` with the owner's translations of its donation texts in `texts` (stale or not); a copy when one applies, `settings` itself otherwise. */
export function translatedDonationTexts<T extends Partial<Record<DonationTextField, string>>>(settings: T, texts: TextTranslations): T {
  let out: T | undefined;
  for (const field of DONATION_TEXT_FIELDS) {
    const text = texts.get(textKey(DONATION_SUBJECT, DONATION_SUBJECT_ID, field));
    if (text === undefined || typeof settings[field] !== 'string' || settings[field] === '') continue;
    out ??= { ...settings };
    out[field] = text as T[DonationTextField];
  }
  return out ?? settings;
}

/**
 * The donation texts of a page: in a language other than the site's primary one, the owner's
 * translations of the title, description and thank-you message; what has none (or is left
 * empty by the owner, the page's own default then shows) stays as written.
 */
export function donationTextsOf(page: PageTextSource): <T extends Partial<Record<DonationTextField, string>>>(settings: T) => T {
  const code = page.language?.code;
  const texts = page.translations?.texts;
  if (!code || !texts || texts.size === 0 || code === siteLanguagesOf(page.site.settings).primary.code) return (settings) => settings;
  return (settings) => translatedDonationTexts(settings, texts);
}
