import { ProductType, QUANTITY_INPUT } from '@emporium/commerce';
import { sql } from 'drizzle-orm';
import { preparedSql, type PreparedSql } from '../db/index.js';
import type { Db } from '../db/types.js';
import type { Website } from '../sites/index.js';
import { STORE_ITEM_RECORD_TYPE, unitPriceCents } from './catalog.js';
import {
  addPreparedEntry,
  addToNewCart,
  checkAdd,
  checkNewCartAdd,
  newCartResult,
  prepareAdd,
  type AddEntryInput,
  type AddEntryResult,
  type NewCartRow,
} from './cart-entries.js';
import { catalogProductOf, productObject, type ProductJson } from './cart-snapshot.js';

/** What the one-statement first add answers: the product as read, and the cart and entry when it made them. */
interface FirstAddRow extends Partial<NewCartRow> {
  product: ProductJson | null;
  content_version: number | null;
  variant_id: string | null;
  price: number | null;
}

const site = sql.placeholder('websiteId');
const item = sql.placeholder('itemId');
const sku = sql.placeholder('sku');
const quantity = sql.placeholder('quantity');

/*
 * Reads the product as `readProductSnapshot` does and, in the same statement, makes the cart and
 * its entry when the add plainly passes: a published store item of the site, the variant with
 * that sku (the first in display order, as `chooseVariant` takes it), neither paywall nor
 * subscription, no more than the quantity input allows, one unit of a service, and the stock
 * read in this statement covering the quantity (or unlimited). This is stricter than the checks
 * made on the product afterwards, so the statement never makes a cart those checks refuse. When
 * it makes none, the checks give the add's error, or the add is made by a second statement.
 */
const firstAddSql = sql`
  with snap as (
    select (select ${productObject} from items i join products p on p.website_id = i.website_id and p.item_id = i.id
      where i.website_id = w.id and i.record_type = ${sql.raw(String(STORE_ITEM_RECORD_TYPE))} and i.status = 'published' and i.id = ${item}) as product,
      w.content_version
    from websites w where w.id = ${site}
  ),
  pick as (
    select v.id, v.sku, case when v.on_sale then v.sale_price_cents else v.price_cents end as price
    from items i
      join products p on p.website_id = i.website_id and p.item_id = i.id
      join variants v on v.website_id = i.website_id and v.product_id = i.id
    where i.website_id = ${site} and i.record_type = ${sql.raw(String(STORE_ITEM_RECORD_TYPE))} and i.status = 'published' and i.id = ${item}
      and v.sku = ${sku}::text
      and p.product_type <> ${sql.raw(String(ProductType.PAYWALL))} and not p.is_subscribable
      and ${quantity}::integer between 1 and ${sql.raw(String(QUANTITY_INPUT.max))}
      and (${quantity}::integer = 1 or p.product_type <> ${sql.raw(String(ProductType.SERVICE))})
      and (v.unlimited or v.qty_in_stock >= ${quantity}::integer)
    order by v.display_index, v.sku
    limit 1
  ),
  c as (insert into carts (website_id, language) select ${site}, ${sql.placeholder('language')}::text from pick returning id, created_at, updated_at),
  e as (
    insert into cart_entries (website_id, cart_id, item_id, variant_id, sku, quantity, purchase_price_cents, additional_fields)
    select ${site}, c.id, ${item}, pick.id, pick.sku, ${quantity}::integer, pick.price, ${sql.placeholder('fields')}::jsonb
    from c, pick
    returning id, variant_id, purchase_price_cents, created_at, updated_at
  )
  select snap.product, snap.content_version,
    c.id as cart_id, c.created_at as cart_created, c.updated_at as cart_updated,
    e.id as entry_id, e.variant_id, e.purchase_price_cents as price, e.created_at as entry_created, e.updated_at as entry_updated
  from snap left join c on true left join e on true`;

const statements = new WeakMap<Db, PreparedSql<FirstAddRow>>();

/**
 * A first add (no cart cookie) in one round trip when it plainly passes (see the statement's
 * notes): the product is read and the cart and entry are made by one statement that commits on
 * its own. The product is then checked exactly as every add checks it. A check that refuses
 * what the statement made cannot happen by construction; should it ever, the cart is deleted
 * before the error goes out. When the statement made nothing and the checks pass (no sku given,
 * a service's quantity left to the site's setting), the add is made by the usual second
 * statement. Stock is checked against the level read with the product, as before: an add
 * reserves nothing, and checkout's guarded decrement keeps stock from going below zero.
 */
export async function addFirstEntry(db: Db, website: Website, input: AddEntryInput): Promise<AddEntryResult> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = preparedSql<FirstAddRow>(db, 'first_add', firstAddSql)));
  const fields = input.additionalFields ?? null;
  const { rows } = await statement.execute({
    websiteId: website.id,
    itemId: input.itemId,
    sku: input.sku,
    quantity: input.quantity,
    fields: fields === null ? null : JSON.stringify(fields),
    language: input.language ?? null,
  });
  const row = rows[0];
  const made = row?.cart_id ? (row as FirstAddRow & NewCartRow) : undefined;
  let prepared: ReturnType<typeof checkAdd>;
  try {
    prepared = checkAdd(row?.product ? catalogProductOf(row.product) : undefined, row?.content_version ?? -1, input);
    checkNewCartAdd(website, prepared);
  } catch (error) {
    if (made) await db.execute(sql`delete from carts where website_id = ${website.id} and id = ${made.cart_id}`);
    throw error;
  }
  if (!made) return addToNewCart(db, website, prepared);
  if (made.variant_id !== prepared.variant.id || Number(made.price) !== unitPriceCents(prepared.variant)) {
    await db.execute(sql`delete from carts where website_id = ${website.id} and id = ${made.cart_id}`);
    return addToNewCart(db, website, prepared);
  }
  return newCartResult(website, prepared, made);
}

/**
 * Adds a product to the visitor's cart (creating the cart when there is none): a first add by
 * {@link addFirstEntry}, any other by `prepareAdd` and `addPreparedEntry` in one transaction.
 * Subscribable products are bought through the subscription cart instead.
 */
export async function addEntry(db: Db, website: Website, cartId: string | undefined, input: AddEntryInput): Promise<AddEntryResult> {
  if (!cartId) return addFirstEntry(db, website, input);
  const prepared = await prepareAdd(db, website, input);
  const result = await db.transaction((tx) => addPreparedEntry(tx, website, cartId, prepared));
  return { ...result, contentVersion: prepared.contentVersion };
}
