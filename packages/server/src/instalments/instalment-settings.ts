import { instalmentLocale, type InstalmentContext } from '@emporium/commerce';
import { z } from 'zod';
import type { Website } from '../sites/index.js';

/** Store account country per store currency, for pay-later messaging. */
export const COUNTRY_BY_CURRENCY: Readonly<Record<string, string>> = Object.freeze({ USD: 'US', CAD: 'CA', AUD: 'AU', NZD: 'NZ', GBP: 'GB' });

/** Default order range (minor units, minimum exclusive) per account country; owners may override. */
export const DEFAULT_RANGE: Readonly<Record<string, { min: number; max: number }>> = Object.freeze({
  US: { min: 100, max: 200_000 },
  CA: { min: 100, max: 200_000 },
  AU: { min: 100, max: 200_000 },
  NZ: { min: 100, max: 200_000 },
  GB: { min: 100, max: 120_000 },
});

/** Pay-later settings an owner may keep in `settings.commerce.afterPay`. */
interface AfterPaySettings {
  available?: boolean;
  minCents?: number;
  maxCents?: number;
  stripeAccountCountry?: string;
}

/** The per-item instalment context of spec 3 for a site. */
export interface SiteInstalmentContext extends InstalmentContext {
  shopperLanguage: string;
  stripeAccountCountry: string;
  /** Provider locale (en_US...), or null when the country and language have none. */
  locale: string | null;
}

/** The owner's stored instalment settings, read leniently: a malformed setting falls back to its default. */
const StoredAfterPay = z
  .object({
    available: z.boolean().optional().catch(undefined),
    minCents: z.number().optional().catch(undefined),
    maxCents: z.number().optional().catch(undefined),
    stripeAccountCountry: z.string().optional().catch(undefined),
  })
  .catch({});

function ownSettings(site: Website): AfterPaySettings {
  // `afterPay` is not among the typed commerce settings: it is read from the stored JSON as it is.
  return StoredAfterPay.parse(Reflect.get(site.settings.commerce, 'afterPay'));
}

/**
 * The instalment context of a site: account country from the settings or the store currency,
 * shopper language from the site locale, range from the settings or the country defaults.
 * Unavailable when the country has no provider, the currency does not match, or the owner
 * turned it off.
 */
export function siteInstalmentContext(site: Website, shopperLocale: string = site.settings.locale): SiteInstalmentContext {
  const own = ownSettings(site);
  const country = (own.stripeAccountCountry ?? COUNTRY_BY_CURRENCY[site.settings.currency] ?? '').toUpperCase();
  const language = shopperLocale.replace('_', '-').split('-')[0]!.toLowerCase();
  const locale = country ? instalmentLocale(country, language) : null;
  const range = DEFAULT_RANGE[country];
  const currencyMatches = COUNTRY_BY_CURRENCY[site.settings.currency] === country;
  return {
    afterPayAvailable: own.available !== false && locale !== null && range !== undefined && currencyMatches,
    afterPayMin: own.minCents ?? range?.min ?? 0,
    afterPayMax: own.maxCents ?? range?.max ?? 0,
    shopperLanguage: language,
    stripeAccountCountry: country,
    locale,
  };
}
