import { shippingOptionsFromRows, taxRulesFromRows, type CatalogProduct, type PricingSources } from '../cart/index.js';
import type { Db } from '../db/types.js';
import { siteData, type SiteData } from '../pages/site-cache.js';
import type { Website } from '../sites/website.js';

/**
 * Where the cart API prices a cart from: the site's shipping options and tax rules through the
 * per-site cache (one content-version read, made only when the cart needs either), and the
 * products this request has already read. Never for a transaction (reads may run at once).
 */
export function apiPricingSources(db: Db, site: Website, products?: readonly CatalogProduct[]): PricingSources {
  let data: Promise<SiteData> | undefined;
  const cached = () => (data ??= siteData(db, site.id));
  return {
    shippingOptions: async () => shippingOptionsFromRows(await (await cached()).shippingOptionRows(), site),
    taxRules: async () => taxRulesFromRows(await (await cached()).taxRuleRows(), site),
    concurrent: true,
    ...(products ? { products: new Map(products.map((p) => [p.itemId, p])) } : {}),
  };
}
