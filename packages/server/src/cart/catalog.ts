import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ProductContent, ProductType, SubscriptionPlan } from '@emporium/commerce';
import { items, products, variants } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** Record type of store items (spec 3). */
export const STORE_ITEM_RECORD_TYPE = 11;

/** A purchasable variant as the buying code reads it. */
export interface CatalogVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
}

/** A published store item with its product facts and variants (display order). */
export interface CatalogProduct {
  itemId: string;
  title: string;
  /** The item's collection and URL id (its page is `/{collection urlId}/{urlId}`). */
  collectionId: string;
  urlId: string;
  assetUrl: string | null;
  productType: ProductType;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | undefined;
  additionalFieldsFormId: string | null;
  variantOptionOrdering: string[];
  variants: CatalogVariant[];
}

/** Price of one unit in minor units: the sale price while on sale, else the price. */
export function unitPriceCents(variant: Pick<CatalogVariant, 'onSale' | 'priceCents' | 'salePriceCents'>): number {
  return variant.onSale ? variant.salePriceCents : variant.priceCents;
}

/** The product in the shape the shared commerce rules take. */
export function toProductContent(product: CatalogProduct): ProductContent {
  return {
    productType: product.productType,
    variantOptionOrdering: product.variantOptionOrdering,
    isSubscribable: product.isSubscribable,
    ...(product.subscriptionPlan ? { subscriptionPlan: product.subscriptionPlan } : {}),
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      qtyInStock: v.qtyInStock,
      unlimited: v.unlimited,
      onSale: v.onSale,
    })),
  };
}

/**
 * Published store items of one website with their products and variants, keyed by item id.
 * Items of other sites, drafts and non-store items are simply absent.
 */
export async function loadCatalogProducts(db: DbOrTx, websiteId: string, itemIds: readonly string[]): Promise<Map<string, CatalogProduct>> {
  const out = new Map<string, CatalogProduct>();
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({ item: { id: items.id, title: items.title, collectionId: items.collectionId, urlId: items.urlId, assetUrl: items.assetUrl }, product: products })
    .from(items)
    .innerJoin(products, and(eq(products.websiteId, items.websiteId), eq(products.itemId, items.id)))
    .where(and(eq(items.websiteId, websiteId), inArray(items.id, ids), eq(items.recordType, STORE_ITEM_RECORD_TYPE), eq(items.status, 'published')));
  if (rows.length === 0) return out;
  const variantRows = await db
    .select()
    .from(variants)
    .where(
      and(
        eq(variants.websiteId, websiteId),
        inArray(
          variants.productId,
          rows.map((r) => r.item.id),
        ),
      ),
    )
    .orderBy(asc(variants.displayIndex), asc(variants.sku));
  for (const { item, product } of rows) {
    out.set(item.id, {
      itemId: item.id,
      title: item.title,
      collectionId: item.collectionId,
      urlId: item.urlId,
      assetUrl: item.assetUrl,
      productType: product.productType as ProductType,
      isSubscribable: product.isSubscribable,
      subscriptionPlan: (product.subscriptionPlan ?? undefined) as SubscriptionPlan | undefined,
      additionalFieldsFormId: product.additionalFieldsFormId,
      variantOptionOrdering: product.variantOptionOrdering,
      variants: [],
    });
  }
  for (const v of variantRows) {
    out.get(v.productId)?.variants.push({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      priceCents: v.priceCents,
      salePriceCents: v.salePriceCents,
      onSale: v.onSale,
      qtyInStock: v.qtyInStock,
      unlimited: v.unlimited,
    });
  }
  return out;
}
