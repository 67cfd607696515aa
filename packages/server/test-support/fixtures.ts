import { collections, items, products, variants } from '../src/db/schema.js';
import type { DbOrTx } from '../src/db/types.js';
import { createWebsite } from '../src/sites/repository.js';
import type { Website } from '../src/sites/website.js';

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

/** Creates a site with a unique identifier (prefix plus a counter). */
export async function createSiteFixture(db: DbOrTx, prefix = 'site'): Promise<Website> {
  const identifier = unique(prefix).toLowerCase();
  return createWebsite(db, { identifier, title: `Site ${identifier}` });
}

/** A product with one variant, as created by {@link createProductFixture}. */
export interface ProductFixture {
  collectionId: string;
  itemId: string;
  variantId: string;
  sku: string;
}

/** Creates a products collection (type 13), a store item (record type 11), its product row and one variant. */
export async function createProductFixture(
  db: DbOrTx,
  websiteId: string,
  options: { qtyInStock?: number; unlimited?: boolean; priceCents?: number; title?: string } = {},
): Promise<ProductFixture> {
  const urlId = unique('p');
  const [collection] = await db
    .insert(collections)
    .values({ websiteId, type: 13, urlId: unique('shop'), title: 'Shop' })
    .returning({ id: collections.id });
  const [item] = await db
    .insert(items)
    .values({ websiteId, collectionId: collection!.id, recordType: 11, urlId, title: options.title ?? 'Linen shirt' })
    .returning({ id: items.id });
  await db.insert(products).values({ itemId: item!.id, websiteId, productType: 1 });
  const sku = unique('SKU').toUpperCase();
  const [variant] = await db
    .insert(variants)
    .values({
      websiteId,
      productId: item!.id,
      sku,
      priceCents: options.priceCents ?? 4500,
      qtyInStock: options.qtyInStock ?? 10,
      unlimited: options.unlimited ?? false,
    })
    .returning({ id: variants.id });
  return { collectionId: collection!.id, itemId: item!.id, variantId: variant!.id, sku };
}
