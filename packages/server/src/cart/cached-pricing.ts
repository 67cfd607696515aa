import type { Db } from '../db/index.js';
import { siteData, type SiteData } from '../site-data/index.js';
import type { Website } from '../sites/index.js';
import type { PricingSources } from './cart-pricing.js';
import type { CatalogProduct } from './catalog.js';
import { shippingOptionsFromRows } from './shipping-options.js';
import { taxRulesFromRows } from './tax-rules.js';

/**
 * Where pages and the cart API price a cart from: the site's shipping options and tax rules
 * through the per-site cache (`data` when the request has read it, else read once, and only when
 * the cart needs either), and the catalog `products` the request has already read. Reads may run
 * at once, so never for a transaction.
 */
export function cachedPricingSources(db: Db, site: Website, data?: SiteData, products?: readonly CatalogProduct[]): PricingSources {
  let loaded: Promise<SiteData> | undefined = data ? Promise.resolve(data) : undefined;
  const cached = () => (loaded ??= siteData(db, site.id));
  return {
    shippingOptions: async () => shippingOptionsFromRows(await (await cached()).shippingOptionRows(), site),
    taxRules: async () => taxRulesFromRows(await (await cached()).taxRuleRows(), site),
    concurrent: true,
    ...(products ? { products: new Map(products.map((p) => [p.itemId, p])) } : {}),
  };
}
