import { formatMoney, isIndefinite, isValidPlan, money, PERIODS_PER_YEAR, type BillingPeriod, type SubscriptionPlan } from '@emporium/commerce';
import { escapeHtml } from '@emporium/template';
import type { DbOrTx } from '../db/index.js';
import { siteLanguageFor, siteLanguagesOf } from '../multilingual/index.js';
import { ownerTextsAsWritten, readOwnerTexts, type OwnerTexts } from '../translations/index.js';
import { DE_TEXTS } from './texts-de.js';
import { EN_TEXTS } from './texts-en.js';
import { FR_TEXTS } from './texts-fr.js';
import type { MailTexts, PluralText } from './texts.js';

/** The catalogues by base language. A language without one is mailed in the site's primary language. */
const CATALOGUES: Readonly<Record<string, MailTexts>> = Object.freeze({ de: DE_TEXTS, en: EN_TEXTS, fr: FR_TEXTS });

/** The site a mail is about: its id, title and the settings that name its languages. */
export interface MailSite {
  readonly id: string;
  readonly title: string;
  readonly settings: { readonly languages?: unknown; readonly locale: string };
}

/** The language a mail is written in (decision 0052). */
export interface MailLanguage {
  /** The site language's code: the locale of the mail's dates, numbers and money (CLDR, as its pages show them). */
  readonly code: string;
  /** The fixed texts. */
  readonly texts: MailTexts;
  /** The owner's texts (site title, product titles, option values, paths) in the language where translated. */
  readonly owner: OwnerTexts;
}

function catalogueOf(code: string): MailTexts | undefined {
  const base = code.split('-')[0]!.toLowerCase();
  return Object.hasOwn(CATALOGUES, base) ? CATALOGUES[base] : undefined;
}

/**
 * The language and catalogue of a mail to a visitor whose stored language is `stored` (a code,
 * null when unknown): that language when the site publishes it (or its base language) and a
 * catalogue has its texts; otherwise the site's primary language, wholly, so a mail never mixes
 * two languages (English texts when even the primary has no catalogue).
 */
export function chooseMailLanguage(settings: MailSite['settings'], stored: string | null | undefined): { code: string; texts: MailTexts } {
  const wanted = siteLanguageFor(settings, stored);
  const texts = catalogueOf(wanted.code);
  if (texts) return { code: wanted.code, texts };
  const primary = siteLanguagesOf(settings).primary;
  return { code: primary.code, texts: catalogueOf(primary.code) ?? EN_TEXTS };
}

/**
 * The language of a mail to a visitor whose stored language is `stored` (see
 * {@link chooseMailLanguage}), with the owner's texts the mail names: the items `itemIds` and,
 * with `paths`, the site's translated slugs.
 */
export async function readMailLanguage(
  db: DbOrTx,
  site: MailSite,
  stored: string | null | undefined,
  itemIds: readonly string[] = [],
  options: { paths?: boolean } = {},
): Promise<MailLanguage> {
  const chosen = chooseMailLanguage(site.settings, stored);
  return { ...chosen, owner: await readOwnerTexts(db, site, chosen.code, itemIds, options) };
}

/** The language of a mail without the owner's translations (their texts as written): for mails that name none but the site. */
export function mailLanguageAsWritten(site: MailSite, stored: string | null | undefined): MailLanguage {
  return { ...chooseMailLanguage(site.settings, stored), owner: ownerTextsAsWritten(site.title) };
}

/** `template` with each `{name}` replaced by its value (placeholders without a value are kept). */
export function fillText(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** Markup given to {@link fillHtml} as it is (made by the mail from escaped parts). */
export interface Markup {
  readonly html: string;
}

/** `template` as HTML: its text escaped, each `{name}` replaced by its value escaped, or by a {@link Markup} as it is. */
export function fillHtml(template: string, values: Readonly<Record<string, string | number | Markup>> = {}): string {
  let out = '';
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const value = Object.hasOwn(values, match[1]!) ? values[match[1]!] : undefined;
    if (value === undefined) continue;
    out += escapeHtml(template.slice(last, match.index)) + (typeof value === 'object' ? value.html : escapeHtml(String(value)));
    last = match.index + match[0].length;
  }
  return out + escapeHtml(template.slice(last));
}

/**
 * A variant's options as a mail writes them (`Colour: Sage, Size: L`, `Couleur : Sauge, Taille : L`):
 * in the product's option order (`ordering`, options it does not name after them by name), each
 * option's name and value as the owner translated them into the mail's language.
 */
export function mailVariantOptions(
  language: MailLanguage,
  itemId: string | null | undefined,
  attributes: Readonly<Record<string, string>> | null | undefined,
  ordering: readonly string[] = [],
): string {
  const rank = (name: string) => {
    const i = ordering.indexOf(name);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const names = Object.keys(attributes ?? {}).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return names
    .map((name) =>
      fillText(language.texts.optionPair, {
        name: language.owner.optionName(itemId, name),
        value: language.owner.optionValue(itemId, name, attributes![name]!),
      }),
    )
    .join(', ');
}

/** An amount in minor units of `currency`, as the language writes money (`88,00 $US` in French). */
export function mailMoney(language: MailLanguage, cents: number, currency: string): string {
  return formatMoney(money(cents, currency), language.code);
}

/** A day in the language's long date style (`29 novembre 2026`), in `timeZone`. */
export function mailDate(language: MailLanguage, date: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(language.code, { dateStyle: 'long', timeZone }).format(date);
}

function plural(language: MailLanguage, text: PluralText, n: number): string {
  return fillText(new Intl.PluralRules(language.code).select(n) === 'one' ? text.one : text.other, { n });
}

/** How long a finite plan runs: in years when its periods make whole years. */
function durationOf(plan: SubscriptionPlan): { n: number; unit: BillingPeriod['unit'] } | null {
  if (isIndefinite(plan)) return null;
  const periods = plan.billingPeriod.value * plan.numBillingCycles;
  const perYear = PERIODS_PER_YEAR[plan.billingPeriod.unit];
  if (plan.billingPeriod.unit !== 'YEAR' && periods % perYear === 0) return { n: periods / perYear, unit: 'YEAR' };
  return { n: periods, unit: plan.billingPeriod.unit };
}

/** A subscription's price and plan in the language: "$10.00 every month for 1 year", "10,00 $US chaque mois pendant 1 an". */
export function mailPlanText(language: MailLanguage, cents: number, currency: string, plan: SubscriptionPlan | null | undefined): string {
  const { texts } = language;
  if (!isValidPlan(plan ?? undefined)) return texts.planUnavailable;
  const valid = plan as SubscriptionPlan;
  const price = mailMoney(language, cents, currency);
  const every = plural(language, texts.planEvery[valid.billingPeriod.unit], valid.billingPeriod.value);
  const duration = durationOf(valid);
  if (!duration) return fillText(texts.planPrice, { price, every });
  return fillText(texts.planPriceFor, { price, every, duration: plural(language, texts.planUnits[duration.unit], duration.n) });
}

/** A free trial as a receipt writes it: its days, then the plan's price text from the day it ends, in the mail's language. */
export function mailTrialText(language: MailLanguage, days: number, planText: string, endsAt: Date): string {
  const date = new Intl.DateTimeFormat(language.code, { dateStyle: 'long', timeZone: 'UTC' }).format(endsAt);
  return fillText(plural(language, language.texts.planTrial, days), { plan: planText, date });
}
