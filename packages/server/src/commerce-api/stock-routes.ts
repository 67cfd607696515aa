import type { FastifyInstance } from 'fastify';
import { loadCatalogProducts, readId } from '../cart/index.js';
import type { Db } from '../db/types.js';
import { notFound } from '../http/errors.js';
import { noStore, siteOf } from './request-site.js';

/** Spec 7: commerce/inventory/stock/ under the API root. */
export const STOCK_PATH = '/api/commerce/inventory/stock/';

/** Registers GET /api/commerce/inventory/stock/?itemId= -> {results: [{unlimited, qtyInStock}]} (one per variant, display order). */
export function registerStockRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const site = siteOf(request);
    const itemId = readId((request.query as Record<string, unknown>).itemId, 'itemId');
    const product = (await loadCatalogProducts(deps.db, site.id, [itemId])).get(itemId);
    if (!product) throw notFound();
    const results = product.variants.map((v) => ({ unlimited: v.unlimited, qtyInStock: v.unlimited ? 0 : v.qtyInStock }));
    return noStore(reply).send({ results });
  };
  app.get(STOCK_PATH, handler);
  app.get(STOCK_PATH.slice(0, -1), handler);
}
