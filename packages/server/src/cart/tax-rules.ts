import { eq } from 'drizzle-orm';
import { taxRules } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import type { Website } from '../sites/index.js';
import type { ShippingLocation } from './shipping-location.js';

/** A tax rate; `country` '' applies everywhere, `region` '' to the whole country. */
export interface TaxRule {
  id: string;
  name: string;
  country: string;
  region: string;
  /** Rate in thousandths of a percent (8875 = 8.875 %). */
  rateThousandths: number;
  appliesToShipping: boolean;
}

/** Id of the rule made from `settings.commerce.taxRatePercent` when the site has no rows. */
export const DEFAULT_TAX_RULE_ID = 'store-rate';

/** The site's tax rules: its `tax_rules` rows, or one store-wide rule from `taxRatePercent`. */
export async function loadTaxRules(db: DbOrTx, site: Website): Promise<TaxRule[]> {
  return taxRulesFromRows(await db.select().from(taxRules).where(eq(taxRules.websiteId, site.id)), site);
}

/** {@link loadTaxRules} over rows already read, without those turned off, with the site's store-wide fallback rule. */
export function taxRulesFromRows(allRows: readonly (typeof taxRules.$inferSelect)[], site: Website): TaxRule[] {
  const rows = allRows.filter((r) => r.active);
  if (rows.length > 0) {
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      country: r.country.toUpperCase(),
      region: r.region.toUpperCase(),
      rateThousandths: r.rateThousandths,
      appliesToShipping: r.appliesToShipping,
    }));
  }
  const percent = site.settings.commerce.taxRatePercent;
  if (typeof percent === 'number' && Number.isFinite(percent) && percent > 0 && percent <= 100) {
    return [{ id: DEFAULT_TAX_RULE_ID, name: 'Tax', country: '', region: '', rateThousandths: Math.round(percent * 1000), appliesToShipping: false }];
  }
  return [];
}

/**
 * Rules that apply at a location: rules without a country always; country rules when the
 * country matches; region rules when country and region match. Without a location only the
 * country-less rules apply.
 */
export function applicableTaxRules(rules: readonly TaxRule[], location: ShippingLocation | null): TaxRule[] {
  return rules.filter((r) => {
    if (r.country === '') return true;
    if (!location || r.country !== location.country) return false;
    return r.region === '' || r.region === location.region;
  });
}

/** Tax of one rule (rate in thousandths of a percent) on an amount, rounded half up to a whole minor unit. */
export function taxOn(amountCents: number, rateThousandths: number): number {
  if (amountCents <= 0) return 0;
  return Math.floor((amountCents * rateThousandths + 50_000) / 100_000);
}
