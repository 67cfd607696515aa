import type { forms } from '../../db/index.js';
import type { ReadSource } from '../../site-data/index.js';
import { loadForms, loadProducts, type ProductWithVariants } from '../queries.js';
import { formContext } from './form-context.js';
import { productDetailsOf } from './item-context.js';
import { merchandisingContext, productStructuredContent } from './product-context.js';
import type { ItemContext, MerchandisingContext } from './schemas.js';

/** What {@link enrichProducts} loaded, for callers that need more than the context. */
export interface EnrichedProducts {
  /** `productMerchandisingContext` entries by item id. */
  merchandising: Record<string, MerchandisingContext>;
  products: Map<string, ProductWithVariants>;
  forms: Map<string, typeof forms.$inferSelect>;
}

/**
 * Gives each product item in `list` (item contexts, mutated in place) its commerce
 * `structuredContent`, and returns the `productMerchandisingContext` entries by item id.
 */
export async function enrichProducts(db: ReadSource, websiteId: string, list: ItemContext[], currency: string): Promise<EnrichedProducts> {
  const ids = list.map((i) => i.id);
  const found = await loadProducts(db, websiteId, ids);
  const formIds = [...found.values()].map((p) => p.product.additionalFieldsFormId).filter((id): id is string => !!id);
  const formsById = await loadForms(db, websiteId, formIds);
  const merchandising: Record<string, MerchandisingContext> = {};
  for (const item of list) {
    const entry = found.get(item.id);
    if (!entry) continue;
    const formRow = entry.product.additionalFieldsFormId ? formsById.get(entry.product.additionalFieldsFormId) : undefined;
    item.structuredContent = productStructuredContent(
      entry.product,
      entry.variants,
      currency,
      productDetailsOf(item),
      formRow ? formContext(formRow) : undefined,
    );
    merchandising[item.id] = merchandisingContext(entry.product, entry.variants);
  }
  return { merchandising, products: found, forms: formsById };
}
