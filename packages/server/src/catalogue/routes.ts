import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { decodeCursor, pageSize, toPage, TEXT_PART } from '../http/page-cursor.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { AppError } from '../errors/index.js';
import { recordStockMovements } from '../inventory/index.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { changePrices } from './price-repository.js';
import { createProduct, deleteProduct, getProduct, updateProduct, type StartingStockHook, type WriteEffects } from './product-repository.js';
import { listProducts } from './product-list-repository.js';
import { assertValidProduct, CATALOGUE_MESSAGES } from './product-rules.js';
import { registerCollectionListRoutes } from './collection-list-routes.js';
import { registerStoreRoutes } from './store-routes.js';
import {
  BulkPriceBody,
  BulkPriceResult,
  Deleted,
  DeleteQuery,
  ProductFields,
  ProductListQuery,
  ProductPage,
  ProductParams,
  ProductUpdate,
  ProductView,
} from './schemas.js';

/** Largest body of a product save or bulk price change (a product may have 2,000 variants). */
export const CATALOGUE_BODY_LIMIT = 2 * 1024 * 1024;
/** Stock at or below which a limited variant counts as low, unless the list asks otherwise. */
export const DEFAULT_LOW_STOCK_AT = 5;

const PRODUCTS = '/api/owner/catalogue/products';
const tags = ['owner catalogue'];

/**
 * Registers the owner's catalogue API under /api/owner/catalogue: the product list (paged,
 * searchable, filtered), product detail, create, full update and delete with optimistic
 * versions, bulk price changes, and store creation (spec 7). New variants' starting stock goes
 * into the stock history. Reads need 'catalogue:read', changes 'catalogue:write'.
 */
export function registerCatalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'catalogue:read');
  const write = requireOwner(db, deps.config.ownerToken, 'catalogue:write');
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store, private');
  };

  const effectsOf = (request: FastifyRequest): WriteEffects => ({
    startingStock: (tx, stock) =>
      recordStockMovements(
        tx,
        siteOf(request).id,
        stock.map((s) => ({
          variantId: s.variantId,
          reason: 'initial',
          change: s.quantity,
          qtyAfter: s.quantity,
          actor: { ownerId: request.owner?.ownerId ?? null, email: request.owner?.email ?? null },
        })),
      ),
    audit: (tx, event) => recordAudit(tx, request, event),
  });

  async function productOrThrow(websiteId: string, productId: string) {
    const product = await getProduct(db, websiteId, productId, new Date());
    if (!product) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.productNotFound);
    return product;
  }

  routes.get(
    PRODUCTS,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: 'Products of the site, a page at a time (search and filters)',
        querystring: ProductListQuery,
        response: withErrors({ 200: ProductPage }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const query = request.query;
      const limit = pageSize(query.limit);
      const after = decodeCursor(query.cursor, [TEXT_PART, /^[0-9a-z]{1,64}$/]);
      const filter = {
        q: query.q,
        visibility: query.visibility,
        productType: query.productType ? Number(query.productType) : undefined,
        collectionId: query.collectionId,
        stock: query.stock,
        lowStockAt: query.lowStockAt ? Number(query.lowStockAt) : DEFAULT_LOW_STOCK_AT,
      };
      const rows = await listProducts(db, site.id, filter, limit, after, new Date());
      const page = toPage(
        rows,
        limit,
        ({ position: _position, ...summary }) => summary,
        (row) => row.position,
      );
      return { products: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.get(
    `${PRODUCTS}/:productId`,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: 'A product with its options, variants and version', params: ProductParams, response: withErrors({ 200: ProductView }) },
    },
    async (request) => productOrThrow(siteOf(request).id, request.params.productId),
  );

  routes.post(
    PRODUCTS,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: CATALOGUE_BODY_LIMIT,
      schema: { tags, summary: 'Creates a product with its variants (version 1)', body: ProductFields, response: withErrors({ 201: ProductView }) },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const now = new Date();
      assertValidProduct(request.body, now);
      const productId = await createProduct(db, site.id, request.body, now, effectsOf(request));
      reply.code(201);
      return productOrThrow(site.id, productId);
    },
  );

  routes.put(
    `${PRODUCTS}/:productId`,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: CATALOGUE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Saves every field of a product; refused (409) when its version moved on since it was read',
        params: ProductParams,
        body: ProductUpdate,
        response: withErrors({ 200: ProductView }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const now = new Date();
      assertValidProduct(request.body, now);
      await updateProduct(db, site.id, request.params.productId, request.body, now, effectsOf(request));
      return productOrThrow(site.id, request.params.productId);
    },
  );

  routes.delete(
    `${PRODUCTS}/:productId`,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Deletes a product and its variants; refused (409) when its version moved on',
        params: ProductParams,
        querystring: DeleteQuery,
        response: withErrors({ 200: Deleted }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      await deleteProduct(db, site.id, request.params.productId, Number(request.query.version), effectsOf(request));
      return { id: request.params.productId, deleted: true as const };
    },
  );

  routes.post(
    '/api/owner/catalogue/variants/prices',
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: CATALOGUE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Changes the prices of many variants at once (all or nothing)',
        body: BulkPriceBody,
        response: withErrors({ 200: BulkPriceResult }),
      },
    },
    async (request) => changePrices(db, siteOf(request).id, request.body.changes, effectsOf(request)),
  );

  registerStoreRoutes(app, deps);
  registerCollectionListRoutes(app, deps);
}
