import {
  instalmentProvider,
  instalmentRangeText,
  instalmentText,
  isCartInstalmentEligible,
  isInstalmentEligible,
  money,
  showsInstalmentPill,
  type CartEntry,
  type InstalmentProvider,
} from '@emporium/commerce';
import type { Website } from '../sites/index.js';
import { siteInstalmentContext, type SiteInstalmentContext } from './instalment-settings.js';

/** What a product page shows about paying later. */
export interface ProductInstalments {
  context: SiteInstalmentContext;
  /** The pill shows (physical product, pay-later available). */
  show: boolean;
  /** The price is inside the provider's range. */
  eligible: boolean;
  provider: InstalmentProvider | null;
  /** 'N interest-free payments of amount' when eligible, else the out-of-range text. */
  text: string | null;
}

/** Pay-later facts for a product page (spec 5 Instalments). */
export function productInstalments(site: Website, productType: number, priceCents: number): ProductInstalments {
  const context = siteInstalmentContext(site);
  const provider = context.locale ? instalmentProvider(context.locale) : null;
  const show = provider !== null && showsInstalmentPill(productType, context);
  const eligible = show && isInstalmentEligible(priceCents, context);
  const bcp47 = site.settings.locale;
  const text = !show
    ? null
    : eligible
      ? instalmentText(money(priceCents, site.settings.currency), bcp47)
      : instalmentRangeText(priceCents, context, site.settings.currency, bcp47);
  return { context, show, eligible, provider, text };
}

/**
 * Whether a cart may be paid in instalments: pay-later available, the cart non-empty with
 * only physical items, and its grand total in range.
 */
export function cartInstalmentEligibility(
  site: Website,
  cart: { entries: ReadonlyArray<Pick<CartEntry, 'id' | 'itemId' | 'quantity' | 'purchasePriceCents' | 'productType'>>; grandTotalCents: number },
): boolean {
  const context = siteInstalmentContext(site);
  return context.afterPayAvailable && isCartInstalmentEligible(cart.entries) && isInstalmentEligible(cart.grandTotalCents, context);
}
