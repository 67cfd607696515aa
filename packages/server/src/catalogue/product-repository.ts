import { and, asc, eq, gt, ilike, inArray, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { collections, items, products, variants } from '../db/index.js';
import { productRevisions } from '../db/schema-catalogue.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { cleanOwnerHtml } from '../rich-text/index.js';
import { uniqueViolationOf } from './db-errors.js';
import { CATALOGUE_MESSAGES, optionsOf, publicationOf, visibilityOf } from './product-rules.js';
import { itemSeoOf, seoDataEntry } from '../seo/index.js';
import { merchandisingOf, mergedMerchandising, subscriptionPlanOf } from './product-selling.js';
import type { ProductFields, ProductSummary, ProductUpdate, ProductView, VariantInput } from './schemas.js';
import { nextFreeUrlId, slugOf, urlIdFamilyPattern } from './url-id.js';

/** Collection type of a store (spec 3: products 13). */
export const STORE_COLLECTION_TYPE = 13;
/** Record type of a store item (spec 3: store item 11). */
export const PRODUCT_RECORD_TYPE = 11;

/** Joins a product's facts to its item. */
export const productJoin = and(eq(products.websiteId, items.websiteId), eq(products.itemId, items.id));
/** Joins a product's version to its item. */
export const revisionJoin = and(eq(productRevisions.websiteId, items.websiteId), eq(productRevisions.productId, items.id));

/** A product with its variants, or null when the site has no such product. */
export async function getProduct(db: DbOrTx, websiteId: string, productId: string, now: Date): Promise<ProductView | null> {
  const [row] = await db
    .select({ item: items, product: products, revision: productRevisions })
    .from(items)
    .innerJoin(products, productJoin)
    .leftJoin(productRevisions, revisionJoin)
    .where(and(eq(items.websiteId, websiteId), eq(items.id, productId)));
  if (!row) return null;
  const variantRows = await db
    .select()
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), eq(variants.productId, productId)))
    .orderBy(asc(variants.displayIndex), asc(variants.id));
  const { item, product, revision } = row;
  return {
    id: item.id,
    version: revision?.version ?? 0,
    collectionId: item.collectionId,
    title: item.title,
    description: cleanOwnerHtml(item.body),
    excerpt: cleanOwnerHtml(item.excerpt),
    urlId: item.urlId,
    productType: product.productType,
    tags: item.tags,
    categories: item.categories,
    visibility: visibilityOf(item.status, item.publishOn, now),
    publishOn: item.publishOn.toISOString(),
    imageUrl: item.assetUrl,
    options:
      revision && revision.options.length > 0
        ? revision.options
        : optionsOf(
            product.variantOptionOrdering,
            variantRows.map((v) => v.attributes),
          ),
    variants: variantRows.map((v) => ({
      id: v.id,
      sku: v.sku,
      priceCents: v.priceCents,
      salePriceCents: v.salePriceCents,
      onSale: v.onSale,
      optionValues: v.attributes,
      qtyInStock: v.qtyInStock,
      unlimited: v.unlimited,
      weightGrams: v.weightGrams,
      imageId: v.imageId,
    })),
    seo: itemSeoOf(item.structuredContent),
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText,
    merchandising: merchandisingOf(product.merchandising),
    isSubscribable: product.isSubscribable,
    subscriptionPlan: subscriptionPlanOf(product.subscriptionPlan),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** The store a product goes in: the given products collection of the site, else its first one. */
export async function storeFor(db: DbOrTx, websiteId: string, collectionId: string | undefined): Promise<string> {
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.type, STORE_COLLECTION_TYPE), collectionId ? eq(collections.id, collectionId) : undefined))
    .orderBy(asc(collections.displayIndex), asc(collections.createdAt))
    .limit(1);
  if (!row) throw collectionId ? new AppError('NOT_FOUND', CATALOGUE_MESSAGES.storeNotFound) : new AppError('UNPROCESSABLE', CATALOGUE_MESSAGES.noStore);
  return row.id;
}

/** A free urlId in a store: `wanted` when given (409 if taken), else the title's slug with the next free suffix. */
async function urlIdFor(
  tx: DbOrTx,
  websiteId: string,
  collectionId: string,
  title: string,
  wanted: string | undefined,
  productId: string | undefined,
): Promise<string> {
  const sameStore = and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), productId ? sql`${items.id} <> ${productId}` : undefined);
  if (wanted) {
    const [taken] = await tx
      .select({ id: items.id })
      .from(items)
      .where(and(sameStore, eq(items.urlId, wanted)));
    if (taken) throw new AppError('CONFLICT', CATALOGUE_MESSAGES.urlIdTaken(wanted), { body: { fields: { urlId: CATALOGUE_MESSAGES.urlIdTaken(wanted) } } });
    return wanted;
  }
  const base = slugOf(title) || 'product';
  const taken = await tx
    .select({ urlId: items.urlId })
    .from(items)
    .where(and(sameStore, like(items.urlId, urlIdFamilyPattern(base))));
  return nextFreeUrlId(
    base,
    taken.map((r) => r.urlId),
  );
}

function variantRow(websiteId: string, productId: string, v: VariantInput, displayIndex: number) {
  return {
    websiteId,
    productId,
    sku: v.sku,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    onSale: v.onSale,
    attributes: v.optionValues,
    unlimited: v.unlimited,
    weightGrams: v.weightGrams,
    displayIndex,
    ...(v.imageId !== undefined ? { imageId: v.imageId } : {}),
    updatedAt: new Date(),
  };
}

/** Ids of the photos kept in a product item's structured content. */
function imageIdsOf(structuredContent: Readonly<Record<string, unknown>>): Set<string> {
  const images = Array.isArray(structuredContent.images) ? structuredContent.images : [];
  return new Set(images.flatMap((image) => (image && typeof image === 'object' && typeof image.id === 'string' ? [image.id] : [])));
}

/** Refuses (400) variants that name a photo the product does not have. */
function assertOwnImages(fields: ProductFields, imageIds: ReadonlySet<string>): void {
  const errors: Record<string, string> = {};
  fields.variants.forEach((v, i) => {
    if (v.imageId && !imageIds.has(v.imageId)) errors[`variants.${i}.imageId`] = CATALOGUE_MESSAGES.notAPhoto;
  });
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', CATALOGUE_MESSAGES.invalidProduct, { body: { fields: errors } });
}

/** The products-row columns of the selling fields the owner sent (absent fields are left as they are). */
function sellingColumns(fields: ProductFields, storedMerchandising: Readonly<Record<string, unknown>>) {
  return {
    ...(fields.useCustomAddButtonText !== undefined ? { useCustomAddButtonText: fields.useCustomAddButtonText } : {}),
    ...(fields.customAddButtonText !== undefined ? { customAddButtonText: fields.customAddButtonText } : {}),
    ...(fields.merchandising ? { merchandising: mergedMerchandising(storedMerchandising, fields.merchandising) } : {}),
    ...(fields.isSubscribable !== undefined ? { isSubscribable: fields.isSubscribable } : {}),
    ...(fields.subscriptionPlan !== undefined ? { subscriptionPlan: fields.subscriptionPlan } : {}),
  };
}

/** SKUs of `skus` already used by variants of other products of the site. */
async function skusUsedElsewhere(tx: DbOrTx, websiteId: string, productId: string | null, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await tx
    .select({ sku: variants.sku })
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), inArray(variants.sku, skus), productId ? sql`${variants.productId} <> ${productId}` : undefined));
  return rows.map((r) => r.sku);
}

function assertSkusFree(used: string[], fields: ProductFields): void {
  if (used.length === 0) return;
  const taken = new Set(used);
  const errors: Record<string, string> = {};
  fields.variants.forEach((v, i) => {
    if (taken.has(v.sku)) errors[`variants.${i}.sku`] = CATALOGUE_MESSAGES.duplicateSku(v.sku);
  });
  throw new AppError('CONFLICT', CATALOGUE_MESSAGES.duplicateSku(used[0]!), { body: { fields: errors } });
}

/** Runs a catalogue write, turning a SKU or urlId unique violation (a concurrent writer) into a 409. */
async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === 'variants_website_sku_key') throw new AppError('CONFLICT', 'A SKU of this product is used by another variant.', { cause: error });
    if (constraint === 'items_collection_url_key')
      throw new AppError('CONFLICT', 'Another product of this store already uses this URL slug.', { cause: error });
    throw error;
  }
}

/** A new variant's starting stock, reported so the caller can record it in the stock history. */
export interface StartingStock {
  variantId: string;
  sku: string;
  quantity: number;
}

/** Called inside a product write with the new variants' starting stock (for the stock history). */
export type StartingStockHook = (tx: DbOrTx, stock: StartingStock[]) => Promise<void>;

/** What a catalogue write records in its own transaction besides the catalogue rows. */
export interface WriteEffects {
  /** Records new variants' starting stock. */
  startingStock?: StartingStockHook;
  /** Records an audit entry of the change. */
  audit?: (tx: DbOrTx, event: { action: string; subjectType: string; subjectId: string; detail?: Record<string, unknown> }) => Promise<void>;
}

/** Creates a product (item, product facts, variants, version 1) in one transaction; its description and excerpt are stored cleaned ({@link cleanOwnerHtml}). */
export async function createProduct(db: Db, websiteId: string, fields: ProductFields, now: Date, effects: WriteEffects = {}): Promise<string> {
  return guardUnique(() =>
    db.transaction(async (tx) => {
      const collectionId = await storeFor(tx, websiteId, fields.collectionId);
      assertSkusFree(
        await skusUsedElsewhere(
          tx,
          websiteId,
          null,
          fields.variants.map((v) => v.sku),
        ),
        fields,
      );
      assertOwnImages(fields, new Set());
      const urlId = await urlIdFor(tx, websiteId, collectionId, fields.title, fields.urlId, undefined);
      const { status, publishOn } = publicationOf(fields, undefined, now);
      const [item] = await tx
        .insert(items)
        .values({
          websiteId,
          collectionId,
          recordType: PRODUCT_RECORD_TYPE,
          urlId,
          title: fields.title,
          body: cleanOwnerHtml(fields.description),
          excerpt: cleanOwnerHtml(fields.excerpt),
          tags: fields.tags,
          categories: fields.categories,
          status,
          publishOn,
          assetUrl: fields.imageUrl ?? null,
          structuredContent: fields.seo ? seoDataEntry(fields.seo) : {},
        })
        .returning({ id: items.id });
      const productId = item!.id;
      await tx.insert(products).values({
        itemId: productId,
        websiteId,
        productType: fields.productType,
        variantOptionOrdering: fields.options.map((o) => o.name),
        ...sellingColumns(fields, {}),
      });
      const inserted = await tx
        .insert(variants)
        .values(fields.variants.map((v, i) => ({ ...variantRow(websiteId, productId, v, i), qtyInStock: v.unlimited ? 0 : v.qtyInStock })))
        .returning({ id: variants.id, sku: variants.sku, qtyInStock: variants.qtyInStock });
      await tx.insert(productRevisions).values({ websiteId, productId, version: 1, options: fields.options });
      await effects.startingStock?.(
        tx,
        inserted.filter((v) => v.qtyInStock > 0).map((v) => ({ variantId: v.id, sku: v.sku, quantity: v.qtyInStock })),
      );
      await effects.audit?.(tx, {
        action: 'product.create',
        subjectType: 'product',
        subjectId: productId,
        detail: { title: fields.title, variants: fields.variants.length },
      });
      return productId;
    }),
  );
}

/**
 * Locks a product's item row for the rest of the transaction and checks the version the owner
 * read: 404 when the site has no such product, 409 with the current version when it moved on.
 * Concurrent saves of one product queue on the lock, so exactly one of two saves from the
 * same version succeeds.
 */
async function lockAtVersion(tx: DbOrTx, websiteId: string, productId: string, expected: number) {
  const [row] = await tx
    .select({ collectionId: items.collectionId, publishOn: items.publishOn, structuredContent: items.structuredContent, merchandising: products.merchandising })
    .from(items)
    .innerJoin(products, productJoin)
    .where(and(eq(items.websiteId, websiteId), eq(items.id, productId)))
    .for('update', { of: items });
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.productNotFound);
  // Read after the lock, in a statement of its own: under READ COMMITTED a waiting locker
  // re-reads only the rows it locks, so a version joined into the locking statement could be
  // the one from before the other save committed.
  const [revision] = await tx
    .select({ version: productRevisions.version })
    .from(productRevisions)
    .where(and(eq(productRevisions.websiteId, websiteId), eq(productRevisions.productId, productId)));
  const current = revision?.version ?? 0;
  if (current !== expected) throw new AppError('CONFLICT', CATALOGUE_MESSAGES.staleVersion(expected, current), { body: { currentVersion: current } });
  return row;
}

/** Moves a product's version on by one (the item row is locked); returns the new version. */
export async function bumpVersion(tx: DbOrTx, websiteId: string, productId: string, options?: ProductFields['options']): Promise<number> {
  const [row] = await tx
    .insert(productRevisions)
    .values({ websiteId, productId, version: 1, options: options ?? [] })
    .onConflictDoUpdate({
      target: [productRevisions.websiteId, productRevisions.productId],
      set: { version: sql`${productRevisions.version} + 1`, updatedAt: new Date(), ...(options ? { options } : {}) },
    })
    .returning({ version: productRevisions.version });
  return row!.version;
}

/**
 * Saves every field of a product when `update.version` is still its version (else 409, nothing
 * written). Variants with an id are changed in place (their stock is left to the inventory),
 * variants without one are added, and variants left out are removed.
 */
export async function updateProduct(db: Db, websiteId: string, productId: string, update: ProductUpdate, now: Date, effects: WriteEffects = {}): Promise<void> {
  await guardUnique(() =>
    db.transaction(async (tx) => {
      const locked = await lockAtVersion(tx, websiteId, productId, update.version);
      const collectionId = update.collectionId ? await storeFor(tx, websiteId, update.collectionId) : locked.collectionId;
      const existing = await tx
        .select({ id: variants.id })
        .from(variants)
        .where(and(eq(variants.websiteId, websiteId), eq(variants.productId, productId)));
      const ownIds = new Set(existing.map((v) => v.id));
      const errors: Record<string, string> = {};
      update.variants.forEach((v, i) => {
        if (v.id !== undefined && !ownIds.has(v.id)) errors[`variants.${i}.id`] = CATALOGUE_MESSAGES.notAVariant(v.id);
      });
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', CATALOGUE_MESSAGES.invalidProduct, { body: { fields: errors } });
      assertOwnImages(update, imageIdsOf(locked.structuredContent));
      assertSkusFree(
        await skusUsedElsewhere(
          tx,
          websiteId,
          productId,
          update.variants.map((v) => v.sku),
        ),
        update,
      );
      const urlId = await urlIdFor(tx, websiteId, collectionId, update.title, update.urlId, productId);
      const kept = update.variants.filter((v) => v.id !== undefined).map((v) => v.id!);
      await tx
        .delete(variants)
        .where(and(eq(variants.websiteId, websiteId), eq(variants.productId, productId), kept.length ? notInArray(variants.id, kept) : undefined));
      // Kept variants first take temporary SKUs, so SKUs may move between this product's variants.
      if (kept.length)
        await tx
          .update(variants)
          .set({ sku: sql`'~' || ${variants.id}` })
          .where(and(eq(variants.websiteId, websiteId), inArray(variants.id, kept)));
      const added: VariantInput[] = [];
      const addedAt: number[] = [];
      for (const [i, v] of update.variants.entries()) {
        if (v.id === undefined) {
          added.push(v);
          addedAt.push(i);
          continue;
        }
        const { websiteId: _w, productId: _p, ...changes } = variantRow(websiteId, productId, v, i);
        await tx
          .update(variants)
          .set(changes)
          .where(and(eq(variants.websiteId, websiteId), eq(variants.id, v.id)));
      }
      if (added.length) {
        const inserted = await tx
          .insert(variants)
          .values(added.map((v, j) => ({ ...variantRow(websiteId, productId, v, addedAt[j]!), qtyInStock: v.unlimited ? 0 : v.qtyInStock })))
          .returning({ id: variants.id, sku: variants.sku, qtyInStock: variants.qtyInStock });
        await effects.startingStock?.(
          tx,
          inserted.filter((v) => v.qtyInStock > 0).map((v) => ({ variantId: v.id, sku: v.sku, quantity: v.qtyInStock })),
        );
      }
      const { status, publishOn } = publicationOf(update, locked.publishOn, now);
      await tx
        .update(items)
        .set({
          collectionId,
          urlId,
          title: update.title,
          body: cleanOwnerHtml(update.description),
          excerpt: cleanOwnerHtml(update.excerpt),
          tags: update.tags,
          categories: update.categories,
          status,
          publishOn,
          updatedAt: now,
          ...(update.imageUrl !== undefined ? { assetUrl: update.imageUrl } : {}),
          // Merged into the structured content, so photos uploaded meanwhile are kept.
          ...(update.seo ? { structuredContent: sql`${items.structuredContent} || ${JSON.stringify(seoDataEntry(update.seo))}::jsonb` } : {}),
        })
        .where(and(eq(items.websiteId, websiteId), eq(items.id, productId)));
      await tx
        .update(products)
        .set({
          productType: update.productType,
          variantOptionOrdering: update.options.map((o) => o.name),
          ...sellingColumns(update, locked.merchandising),
          updatedAt: now,
        })
        .where(and(eq(products.websiteId, websiteId), eq(products.itemId, productId)));
      const version = await bumpVersion(tx, websiteId, productId, update.options);
      await effects.audit?.(tx, {
        action: 'product.update',
        subjectType: 'product',
        subjectId: productId,
        detail: { title: update.title, version, variants: update.variants.length },
      });
    }),
  );
}

/** Deletes a product (its variants and version go with it) when `version` is still its version. */
export async function deleteProduct(db: Db, websiteId: string, productId: string, version: number, effects: WriteEffects = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAtVersion(tx, websiteId, productId, version);
    const [gone] = await tx
      .delete(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.id, productId)))
      .returning({ title: items.title });
    await effects.audit?.(tx, { action: 'product.delete', subjectType: 'product', subjectId: productId, detail: { title: gone?.title ?? '', version } });
  });
}
