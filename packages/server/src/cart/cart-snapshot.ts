import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ProductType, SubscriptionPlan } from '@emporium/commerce';
import { carts, websites } from '../db/schema.js';
import type { Db } from '../db/types.js';
import type { CatalogProduct, CatalogVariant } from './catalog.js';
import { STORE_ITEM_RECORD_TYPE } from './catalog.js';
import type { CartEntryRow, CartRow } from './cart-repository.js';

/** What pricing an open cart needs, read in one statement. */
export interface CartSnapshot {
  cart: CartRow;
  /** Entries in the order they were added. */
  entries: CartEntryRow[];
  /** The published store items the entries name, with product facts and variants (display order). */
  products: CatalogProduct[];
  /** The site's content version when the statement ran (the key of the per-site cache). */
  contentVersion: number;
}

/** An entry as the statement's JSON gives it (timestamps as text). */
type EntryJson = Omit<CartEntryRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** A product as the statements' JSON gives it. */
export interface ProductJson {
  itemId: string;
  title: string;
  collectionId: string;
  urlId: string;
  assetUrl: string | null;
  productType: number;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  additionalFieldsFormId: string | null;
  variantOptionOrdering: string[];
  variants: CatalogVariant[];
}

/*
 * Column names are written out with their table (`carts.id`): inside the subqueries an unqualified
 * name would bind to the subquery's own table.
 *
 * The cart's entries and products as JSON beside the cart row, so a cart read is one round trip
 * instead of four (cart, entries, catalog items, catalog variants) and the site's content version
 * comes with it. Products follow `loadCatalogProducts`: published store items of the same site,
 * variants by display index then SKU.
 */
const entriesJson = sql<EntryJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', e.id, 'websiteId', e.website_id, 'cartId', e.cart_id, 'itemId', e.item_id, 'variantId', e.variant_id,
    'sku', e.sku, 'quantity', e.quantity, 'purchasePriceCents', e.purchase_price_cents,
    'additionalFields', e.additional_fields, 'createdAt', e.created_at, 'updatedAt', e.updated_at
  ) order by e.created_at, e.id)
  from cart_entries e where e.website_id = carts.website_id and e.cart_id = carts.id
), '[]'::json)`;

/** One product as JSON: `i` is its store item, `p` its product facts. */
export const productObject = sql`json_build_object(
  'itemId', i.id, 'title', i.title, 'collectionId', i.collection_id, 'urlId', i.url_id, 'assetUrl', i.asset_url,
  'productType', p.product_type, 'isSubscribable', p.is_subscribable, 'subscriptionPlan', p.subscription_plan,
  'additionalFieldsFormId', p.additional_fields_form_id, 'variantOptionOrdering', p.variant_option_ordering,
  'variants', coalesce((
    select json_agg(json_build_object(
      'id', v.id, 'sku', v.sku, 'attributes', v.attributes, 'priceCents', v.price_cents,
      'salePriceCents', v.sale_price_cents, 'onSale', v.on_sale, 'qtyInStock', v.qty_in_stock, 'unlimited', v.unlimited
    ) order by v.display_index, v.sku)
    from variants v where v.website_id = i.website_id and v.product_id = i.id
  ), '[]'::json)
)`;

/** Published store items joined to their products (`i`, `p`), of the site `websiteId` names. */
const buyableItems = (websiteId: SQL) =>
  sql`items i join products p on p.website_id = i.website_id and p.item_id = i.id
  where i.website_id = ${websiteId} and i.record_type = ${sql.raw(String(STORE_ITEM_RECORD_TYPE))} and i.status = 'published'`;

const productsJson = sql<ProductJson[]>`coalesce((
  select json_agg(${productObject}) from ${buyableItems(sql`carts.website_id`)}
    and i.id in (select e.item_id from cart_entries e where e.website_id = carts.website_id and e.cart_id = carts.id)
), '[]'::json)`;

const contentVersion = sql<number>`(select w.content_version from websites w where w.id = carts.website_id)`;

function prepare(db: Db) {
  return db
    .select({ cart: carts, entries: entriesJson, products: productsJson, contentVersion })
    .from(carts)
    .where(and(eq(carts.websiteId, sql.placeholder('websiteId')), eq(carts.id, sql.placeholder('cartId')), eq(carts.isPurchased, false)))
    .prepare('cart_snapshot');
}

/** One prepared statement per database handle. */
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

/** A product as the buying code reads it. */
export function catalogProductOf(p: ProductJson): CatalogProduct {
  return { ...p, productType: p.productType as ProductType, subscriptionPlan: p.subscriptionPlan ?? undefined };
}

/** JSON text of a timestamp as a Date. */
const dateOf = (text: string) => new Date(text);

/**
 * The open cart with this id and everything pricing it needs, in one statement (a consistent
 * snapshot); undefined when the site has no such open cart. Never inside a transaction: the
 * statement is prepared on the database handle.
 */
export async function readCartSnapshot(db: Db, websiteId: string, cartId: string): Promise<CartSnapshot | undefined> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepare(db)));
  const [row] = await statement.execute({ websiteId, cartId });
  if (!row) return undefined;
  return {
    cart: row.cart,
    entries: row.entries.map((e) => ({ ...e, createdAt: dateOf(e.createdAt), updatedAt: dateOf(e.updatedAt) })),
    products: row.products.map(catalogProductOf),
    contentVersion: row.contentVersion ?? -1,
  };
}

function prepareProduct(db: Db) {
  const product = sql<ProductJson | null>`(select ${productObject} from ${buyableItems(sql`${websites.id}`)} and i.id = ${sql.placeholder('itemId')})`;
  return db
    .select({ product, contentVersion: websites.contentVersion })
    .from(websites)
    .where(eq(websites.id, sql.placeholder('websiteId')))
    .prepare('product_snapshot');
}

const productStatements = new WeakMap<Db, ReturnType<typeof prepareProduct>>();

/** A published store item with its product facts and variants, and the site's content version. */
export interface ProductSnapshot {
  product: CatalogProduct | undefined;
  contentVersion: number;
}

/**
 * The published store item with this id (as `loadCatalogProducts` reads it) and the site's content
 * version, in one prepared statement. Never inside a transaction.
 */
export async function readProductSnapshot(db: Db, websiteId: string, itemId: string): Promise<ProductSnapshot> {
  let statement = productStatements.get(db);
  if (!statement) productStatements.set(db, (statement = prepareProduct(db)));
  const [row] = await statement.execute({ websiteId, itemId });
  return { product: row?.product ? catalogProductOf(row.product) : undefined, contentVersion: row?.contentVersion ?? -1 };
}
