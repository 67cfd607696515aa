import type { Db, forms } from '../../db/index.js';
import { loadForms, loadProducts, type ProductWithVariants } from '../queries.js';
import { formContext } from './form-context.js';
import { merchandisingContext, productStructuredContent } from './product-context.js';

/** What {@link enrichProducts} loaded, for callers that need more than the context. */
export interface EnrichedProducts {
  /** `productMerchandisingContext` entries by item id. */
  merchandising: Record<string, unknown>;
  products: Map<string, ProductWithVariants>;
  forms: Map<string, typeof forms.$inferSelect>;
}

/**
 * Gives each product item in `list` (item contexts, mutated in place) its commerce
 * `structuredContent`, and returns the `productMerchandisingContext` entries by item id.
 */
export async function enrichProducts(db: Db, websiteId: string, list: Record<string, unknown>[], currency: string): Promise<EnrichedProducts> {
  const ids = list.map((i) => String(i.id));
  const found = await loadProducts(db, websiteId, ids);
  const formIds = [...found.values()].map((p) => p.product.additionalFieldsFormId).filter((id): id is string => !!id);
  const formsById = await loadForms(db, websiteId, formIds);
  const merchandising: Record<string, unknown> = {};
  for (const item of list) {
    const entry = found.get(String(item.id));
    if (!entry) continue;
    const extra = (item.structuredContentExtra as Record<string, unknown> | undefined) ?? {};
    const formRow = entry.product.additionalFieldsFormId ? formsById.get(entry.product.additionalFieldsFormId) : undefined;
    item.structuredContent = productStructuredContent(entry.product, entry.variants, currency, extra, formRow ? formContext(formRow) : undefined);
    merchandising[String(item.id)] = merchandisingContext(entry.product, entry.variants);
  }
  for (const item of list) delete item.structuredContentExtra;
  return { merchandising, products: found, forms: formsById };
}
