import { and, asc, eq } from 'drizzle-orm';
import { shippingOptions } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import type { Website } from '../sites/index.js';
import type { ShippingLocation } from './shipping-location.js';

/** A shipping rate the store offers. */
export interface ShippingOption {
  id: string;
  name: string;
  priceCents: number;
  /** Free when the discounted subtotal reaches this amount (0: never free). */
  freeOverCents: number;
  /** Countries served; empty means everywhere. */
  countries: string[];
}

/** Id of the option made from `settings.commerce.flatShippingCents` when the site has no rows. */
export const FLAT_SHIPPING_OPTION_ID = 'flat-rate';

/**
 * The site's shipping options in display order: its `shipping_options` rows, or else one
 * flat-rate option from `settings.commerce.flatShippingCents` when that is set.
 */
export async function loadShippingOptions(db: DbOrTx, site: Website): Promise<ShippingOption[]> {
  const rows = await db
    .select()
    .from(shippingOptions)
    .where(eq(shippingOptions.websiteId, site.id))
    .orderBy(asc(shippingOptions.displayIndex), asc(shippingOptions.priceCents), asc(shippingOptions.id));
  return shippingOptionsFromRows(rows, site);
}

/** {@link loadShippingOptions} over rows already read (display order), without those turned off, with the site's flat-rate fallback. */
export function shippingOptionsFromRows(allRows: readonly (typeof shippingOptions.$inferSelect)[], site: Website): ShippingOption[] {
  const rows = allRows.filter((r) => r.active);
  if (rows.length > 0) {
    return rows.map((r) => ({ id: r.id, name: r.name, priceCents: r.priceCents, freeOverCents: r.freeOverCents, countries: [...r.countries] }));
  }
  const flat = site.settings.commerce.flatShippingCents;
  if (typeof flat === 'number' && Number.isSafeInteger(flat) && flat >= 0) {
    return [{ id: FLAT_SHIPPING_OPTION_ID, name: 'Standard shipping', priceCents: flat, freeOverCents: 0, countries: [] }];
  }
  return [];
}

/** Options that serve the location (all of them while no location is known). */
export function optionsForLocation(options: readonly ShippingOption[], location: ShippingLocation | null): ShippingOption[] {
  if (!location) return [...options];
  return options.filter((o) => o.countries.length === 0 || o.countries.includes(location.country));
}

/** What an option costs for a (discounted) subtotal. */
export function shippingCost(option: ShippingOption, subtotalCents: number): number {
  return option.freeOverCents > 0 && subtotalCents >= option.freeOverCents ? 0 : option.priceCents;
}

/** Loads one option of this site by id (so an id of another site, or of an option turned off, is never found). */
export async function findShippingOption(db: DbOrTx, site: Website, id: string): Promise<ShippingOption | undefined> {
  if (id === FLAT_SHIPPING_OPTION_ID) return (await loadShippingOptions(db, site)).find((o) => o.id === id);
  const [row] = await db
    .select()
    .from(shippingOptions)
    .where(and(eq(shippingOptions.websiteId, site.id), eq(shippingOptions.id, id), eq(shippingOptions.active, true)));
  return row ? { id: row.id, name: row.name, priceCents: row.priceCents, freeOverCents: row.freeOverCents, countries: row.countries } : undefined;
}
