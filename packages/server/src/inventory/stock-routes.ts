import type { FastifyInstance } from 'fastify';
import { loadCatalogProducts } from '../cart/index.js';
import type { Db } from '../db/types.js';
import { notFound } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { noStore, siteOf } from '../http/request-site.js';
import { StockAnswer, StockQuery } from './schemas.js';

/** Spec 7: commerce/inventory/stock/ under the API root. */
export const STOCK_PATH = '/api/commerce/inventory/stock/';

/** Registers GET /api/commerce/inventory/stock/?itemId= -> {results: [{unlimited, qtyInStock}]} (one per variant, display order). */
export function registerStockRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const path of [STOCK_PATH, STOCK_PATH.slice(0, -1)]) {
    const schema = {
      tags: ['cart'],
      summary: "Stock of a product's variants, in display order",
      querystring: StockQuery,
      response: withErrors({ 200: StockAnswer }),
    };
    routes.get(
      path,
      { schema: path === STOCK_PATH ? schema : { ...schema, summary: `${schema.summary} (the same call without the trailing slash)` } },
      async (request, reply) => {
        const site = siteOf(request);
        const { itemId } = request.query;
        const product = (await loadCatalogProducts(deps.db, site.id, [itemId])).get(itemId);
        if (!product) throw notFound();
        const results = product.variants.map((v) => ({ unlimited: v.unlimited, qtyInStock: v.unlimited ? 0 : v.qtyInStock }));
        return noStore(reply).send({ results });
      },
    );
  }
}
