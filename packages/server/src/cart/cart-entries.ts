import { AddToCartMessages, isStockedType, ProductType, QUANTITY_INPUT } from '@emporium/commerce';
import { and, eq, sql } from 'drizzle-orm';
import { cartEntries } from '../db/schema.js';
import { getStock } from '../db/stock.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError, notFound } from '../errors/index.js';
import type { Website } from '../sites/index.js';
import { loadCatalogProducts, unitPriceCents, type CatalogProduct, type CatalogVariant } from './catalog.js';
import { createCart, listEntries, lockOpenCart, type CartEntryRow, type CartRow } from './cart-repository.js';
import { readProductSnapshot } from './cart-snapshot.js';
import { chooseVariant } from './variant-choice.js';

/** 'You have nothing in your shopping cart.' as an error. */
export function cartEmptyError(): AppError {
  return new AppError('VALIDATION_FAILED', AddToCartMessages.CART_EMPTY);
}

/** What an add-to-cart request asks for, already read from the body. */
export interface AddEntryInput {
  itemId: string;
  sku: string | null;
  quantity: number;
  additionalFields: unknown;
  /** The language of the page the add was made from (decision 0052): the cart keeps the latest one. */
  language?: string | undefined;
}

/** A cart as a change left it, with the products the change read, so the caller can price it without reading it again. */
export interface CartChange {
  /** The cart row as the change's transaction locked or created it. */
  cart: CartRow;
  /** The cart's entries after the change, in the order they were added. */
  entries: CartEntryRow[];
  products: CatalogProduct[];
}

/** The cart and entry an add touched (`products` holds the product added, as priced for the entry). */
export interface AddEntryResult extends CartChange {
  cartId: string;
  entryId: string;
  /** True when a new cart was created (the caller sets the cart cookies). */
  newCart: boolean;
  /** The site's content version read with the product, when the add read it. */
  contentVersion?: number;
}

/** Message for a quantity above the input's maximum. */
export const QUANTITY_TOO_LARGE = `Quantity must be ${QUANTITY_INPUT.max} or less.`;
/** Message for services when the store allows only one of each. */
export const SINGLE_SERVICE_ONLY = 'Only one of this item can be in the cart.';

/** A published, purchasable product of this site; 404 (revealing nothing) otherwise. */
export async function loadBuyableProduct(db: DbOrTx, websiteId: string, itemId: string): Promise<CatalogProduct> {
  const product = (await loadCatalogProducts(db, websiteId, [itemId])).get(itemId);
  if (!product) throw notFound();
  if (product.productType === ProductType.PAYWALL) throw new AppError('VALIDATION_FAILED', 'This item cannot be added to the cart.');
  return product;
}

function sameFields(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

async function assertStock(db: DbOrTx, websiteId: string, product: CatalogProduct, variant: CatalogVariant, wanted: number): Promise<void> {
  if (!isStockedType(product.productType)) return;
  const stock = await getStock(db, websiteId, variant.id);
  if (!stock) throw new AppError('VALIDATION_FAILED', AddToCartMessages.VARIANT_UNAVAILABLE);
  if (!stock.unlimited && stock.qtyInStock < wanted) throw new AppError('INSUFFICIENT_STOCK', AddToCartMessages.NOT_ENOUGH_STOCK);
}

function assertQuantityRules(site: Website, product: CatalogProduct, quantity: number): void {
  if (quantity > QUANTITY_INPUT.max) throw new AppError('VALIDATION_FAILED', QUANTITY_TOO_LARGE);
  const singleService = product.productType === ProductType.SERVICE && site.settings.commerce.multipleQuantityAllowedForServices === false;
  if (singleService && quantity > 1) throw new AppError('VALIDATION_FAILED', SINGLE_SERVICE_ONLY);
}

function unitsInCart(entries: readonly CartEntryRow[], variantId: string, exceptEntryId?: string): number {
  return entries.filter((e) => e.variantId === variantId && e.id !== exceptEntryId).reduce((s, e) => s + e.quantity, 0);
}

/** The product and variant an add asks for, read and checked before the add's transaction. */
export interface PreparedAdd {
  input: AddEntryInput;
  product: CatalogProduct;
  variant: CatalogVariant;
  /** The site's content version read with the product (the key of the per-site cache). */
  contentVersion: number;
}

/**
 * Reads and checks what an add asks for, in one statement: a buyable, non-subscription product
 * (404 otherwise) and the variant its sku or options choose.
 */
export async function prepareAdd(db: Db, site: Website, input: AddEntryInput): Promise<PreparedAdd> {
  const { product, contentVersion } = await readProductSnapshot(db, site.id, input.itemId);
  return checkAdd(product, contentVersion, input);
}

/** What {@link prepareAdd} checks, on a product already read (undefined: not a buyable item of the site). */
export function checkAdd(product: CatalogProduct | undefined, contentVersion: number, input: AddEntryInput): PreparedAdd {
  if (!product) throw notFound();
  if (product.productType === ProductType.PAYWALL) throw new AppError('VALIDATION_FAILED', 'This item cannot be added to the cart.');
  if (product.isSubscribable) throw new AppError('VALIDATION_FAILED', 'This product is sold as a subscription.');
  return { input, product, variant: chooseVariant(product, input.sku), contentVersion };
}

/** The checks of an add to a new cart (quantity rules, stock against the level read with the product); throws the add's error. */
export function checkNewCartAdd(site: Website, prepared: PreparedAdd): void {
  const { input, product, variant } = prepared;
  assertQuantityRules(site, product, input.quantity);
  if (isStockedType(product.productType) && !variant.unlimited && variant.qtyInStock < input.quantity) {
    throw new AppError('INSUFFICIENT_STOCK', AddToCartMessages.NOT_ENOUGH_STOCK);
  }
}

/**
 * A first add (no cart yet): the cart and its entry are made by one statement, so it commits
 * on its own without a transaction's BEGIN and COMMIT. Stock is checked against the level read
 * with the product, as an add inside a transaction checks it against a plain read: an add
 * reserves nothing, and checkout's guarded decrement is what keeps stock from going below zero.
 */
export async function addToNewCart(db: Db, site: Website, prepared: PreparedAdd): Promise<AddEntryResult> {
  const { input, product, variant } = prepared;
  checkNewCartAdd(site, prepared);
  const fields = input.additionalFields ?? null;
  const price = unitPriceCents(variant);
  const result = (await db.execute(sql`
    with c as (insert into carts (website_id, language) values (${site.id}, ${input.language ?? null}) returning *),
    e as (
      insert into cart_entries (website_id, cart_id, item_id, variant_id, sku, quantity, purchase_price_cents, additional_fields)
      select ${site.id}, c.id, ${product.itemId}, ${variant.id}, ${variant.sku}, ${input.quantity}, ${price}, ${fields === null ? null : JSON.stringify(fields)}::jsonb
      from c returning id, created_at, updated_at
    )
    select c.id as cart_id, c.created_at as cart_created, c.updated_at as cart_updated,
      e.id as entry_id, e.created_at as entry_created, e.updated_at as entry_updated
    from c, e`)) as unknown as { rows: NewCartRow[] };
  return newCartResult(site, prepared, result.rows[0]!);
}

/** The result of a first add from the row its statement answered. */
export function newCartResult(site: Website, prepared: PreparedAdd, row: NewCartRow): AddEntryResult {
  const { input, product, variant } = prepared;
  const cart: CartRow = {
    id: row.cart_id,
    websiteId: site.id,
    siteUserId: null,
    orderId: null,
    isPurchased: false,
    coupons: [],
    shippingLocation: null,
    selectedShippingOption: null,
    language: input.language ?? null,
    createdAt: new Date(row.cart_created),
    updatedAt: new Date(row.cart_updated),
  };
  const entry: CartEntryRow = {
    id: row.entry_id,
    websiteId: site.id,
    cartId: row.cart_id,
    itemId: product.itemId,
    variantId: variant.id,
    sku: variant.sku,
    quantity: input.quantity,
    purchasePriceCents: unitPriceCents(variant),
    additionalFields: input.additionalFields ?? null,
    createdAt: new Date(row.entry_created),
    updatedAt: new Date(row.entry_updated),
  };
  return { cartId: cart.id, entryId: entry.id, newCart: true, cart, entries: [entry], products: [product], contentVersion: prepared.contentVersion };
}

/** The row a first-add statement answers (timestamps as the driver gives them). */
export interface NewCartRow {
  cart_id: string;
  cart_created: string | Date;
  cart_updated: string | Date;
  entry_id: string;
  entry_created: string | Date;
  entry_updated: string | Date;
}

/**
 * The body of an add, inside the caller's transaction: locks the visitor's open cart (or
 * creates one), checks quantity rules and stock (counting units already in the cart) and
 * merges with an entry of the same variant and the same additional fields.
 */
export async function addPreparedEntry(tx: DbOrTx, site: Website, cartId: string | undefined, prepared: PreparedAdd): Promise<AddEntryResult> {
  const { input, product, variant } = prepared;
  const locked = cartId ? await lockOpenCart(tx, site.id, cartId, input.language) : undefined;
  const cart = locked ?? (await createCart(tx, site.id, input.language));
  const entries = locked ? await listEntries(tx, site.id, cart.id) : [];
  const same = entries.find((e) => e.variantId === variant.id && sameFields(e.additionalFields, input.additionalFields));
  const newQuantity = (same?.quantity ?? 0) + input.quantity;
  assertQuantityRules(site, product, newQuantity);
  await assertStock(tx, site.id, product, variant, unitsInCart(entries, variant.id) + input.quantity);
  if (same) {
    const [updated] = await tx
      .update(cartEntries)
      .set({ quantity: newQuantity, purchasePriceCents: unitPriceCents(variant), updatedAt: new Date() })
      .where(and(eq(cartEntries.websiteId, site.id), eq(cartEntries.id, same.id)))
      .returning();
    const after = entries.map((e) => (e.id === same.id ? updated! : e));
    return { cartId: cart.id, entryId: same.id, newCart: !locked, cart, entries: after, products: [product] };
  }
  const [row] = await tx
    .insert(cartEntries)
    .values({
      websiteId: site.id,
      cartId: cart.id,
      itemId: product.itemId,
      variantId: variant.id,
      sku: variant.sku,
      quantity: input.quantity,
      purchasePriceCents: unitPriceCents(variant),
      additionalFields: input.additionalFields ?? null,
    })
    .returning();
  return { cartId: cart.id, entryId: row!.id, newCart: !locked, cart, entries: [...entries, row!], products: [product] };
}

async function lockEntry(tx: DbOrTx, site: Website, cartId: string | undefined, entryId: string) {
  const cart = cartId ? await lockOpenCart(tx, site.id, cartId) : undefined;
  if (!cart) throw notFound();
  const entries = await listEntries(tx, site.id, cart.id);
  const entry = entries.find((e) => e.id === entryId);
  if (!entry) throw notFound();
  return { cart, entries, entry };
}

/**
 * Sets an entry's quantity (0 removes it), checking quantity rules and stock. `kept` is false
 * when the entry was removed. An entry outside the visitor's cart is a 404.
 */
export async function changeEntryQuantity(
  db: Db,
  site: Website,
  cartId: string | undefined,
  entryId: string,
  quantity: number,
): Promise<CartChange & { kept: boolean }> {
  return db.transaction(async (tx) => {
    const { cart, entries, entry } = await lockEntry(tx, site, cartId, entryId);
    if (quantity === 0) {
      await tx.delete(cartEntries).where(and(eq(cartEntries.websiteId, site.id), eq(cartEntries.id, entry.id)));
      return { kept: false, cart, entries: entries.filter((e) => e.id !== entry.id), products: [] };
    }
    const product = (await loadCatalogProducts(tx, site.id, [entry.itemId])).get(entry.itemId);
    const variant = product?.variants.find((v) => v.id === entry.variantId);
    if (!product || !variant) throw new AppError('VALIDATION_FAILED', AddToCartMessages.VARIANT_UNAVAILABLE);
    assertQuantityRules(site, product, quantity);
    if (quantity > entry.quantity) {
      await assertStock(tx, site.id, product, variant, unitsInCart(entries, variant.id, entry.id) + quantity);
    }
    const [updated] = await tx
      .update(cartEntries)
      .set({ quantity, updatedAt: new Date() })
      .where(and(eq(cartEntries.websiteId, site.id), eq(cartEntries.id, entry.id)))
      .returning();
    return { kept: true, cart, entries: entries.map((e) => (e.id === entry.id ? updated! : e)), products: [product] };
  });
}

/** Removes an entry from the visitor's cart; 404 when it is not there. */
export async function removeEntry(db: Db, site: Website, cartId: string | undefined, entryId: string): Promise<CartChange> {
  return db.transaction(async (tx) => {
    const { cart, entries, entry } = await lockEntry(tx, site, cartId, entryId);
    await tx.delete(cartEntries).where(and(eq(cartEntries.websiteId, site.id), eq(cartEntries.id, entry.id)));
    return { cart, entries: entries.filter((e) => e.id !== entry.id), products: [] };
  });
}

/**
 * Replaces an entry's additional-field answers. `itemId` must be the entry's item (else 404)
 * and `sku`, when given, its variant's sku.
 */
export async function updateEntryAdditionalFields(
  db: Db,
  site: Website,
  cartId: string | undefined,
  entryId: string,
  input: { itemId: string; sku: string | null; additionalFields: unknown },
): Promise<CartChange> {
  return db.transaction(async (tx) => {
    const { cart, entries, entry } = await lockEntry(tx, site, cartId, entryId);
    if (entry.itemId !== input.itemId) throw notFound();
    if (input.sku !== null && entry.sku !== input.sku) throw new AppError('VALIDATION_FAILED', AddToCartMessages.VARIANT_UNAVAILABLE);
    const [updated] = await tx
      .update(cartEntries)
      .set({ additionalFields: input.additionalFields ?? null, updatedAt: new Date() })
      .where(and(eq(cartEntries.websiteId, site.id), eq(cartEntries.id, entry.id)))
      .returning();
    return { cart, entries: entries.map((e) => (e.id === entry.id ? updated! : e)), products: [] };
  });
}
