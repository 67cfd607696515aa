import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { decodeCursor, encodeCursor, pageSize, TEXT_PART, toPage } from '../http/page-cursor.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import {
  HistoryQuery,
  ImportReport,
  LowStockPage,
  LowStockQuery,
  StockAdjustBody,
  StockCsv,
  StockHistoryPage,
  StockImportBody,
  StockLevel,
  StockSetBody,
  VariantParams,
  VariantStockPage,
  VariantStockQuery,
} from './schemas.js';
import { importStockCsv, stockCsvLines } from './stock-csv.js';
import { adjustStock, lowStock, setStock, stockHistory, type StockActor } from './stock-repository.js';
import { registerStockRoutes } from './stock-routes.js';
import { listVariantStock } from './variant-stock-repository.js';

/** Stock at or below which the low-stock list shows a variant unless asked otherwise. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** Largest stock import body (CSV text in JSON). */
export const STOCK_IMPORT_BODY_LIMIT = 9 * 1024 * 1024;

const INVENTORY = '/api/owner/inventory';
/** Cursor part: a product or variant id. */
const ID_PART = /^[\w-]{1,64}$/;
const tags = ['owner inventory'];

function actorOf(request: FastifyRequest): StockActor {
  return { ownerId: request.owner?.ownerId ?? null, email: request.owner?.email ?? null };
}

/**
 * Registers the storefront's stock call (spec 7) and the owner's inventory API under
 * /api/owner/inventory: set and adjust a variant's stock (guarded, never below zero), its
 * history, the low-stock list, and CSV export and import of products and stock. Reads need
 * 'inventory:read', changes 'inventory:write'.
 */
export function registerInventoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerStockRoutes(app, { db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'inventory:read');
  const write = requireOwner(db, deps.config.ownerToken, 'inventory:write');
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store, private');
  };

  routes.put(
    `${INVENTORY}/variants/:variantId/stock`,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: "Sets a variant's stock (and unlimited flag), recorded as a manual edit",
        params: VariantParams,
        body: StockSetBody,
        response: withErrors({ 200: StockLevel }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { qtyInStock, unlimited, note } = request.body;
      const level = await setStock(db, site.id, request.params.variantId, { qtyInStock, unlimited }, 'manual', { note, actor: actorOf(request) });
      await recordAudit(db, request, {
        action: 'stock.set',
        subjectType: 'variant',
        subjectId: level.variantId,
        detail: { qtyInStock: level.qtyInStock, unlimited: level.unlimited },
      });
      return level;
    },
  );

  routes.post(
    `${INVENTORY}/variants/:variantId/adjustments`,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: "Adds or removes units of a variant's stock; refused (409) below zero",
        params: VariantParams,
        body: StockAdjustBody,
        response: withErrors({ 200: StockLevel }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const level = await adjustStock(db, site.id, request.params.variantId, request.body.change, { note: request.body.note, actor: actorOf(request) });
      await recordAudit(db, request, {
        action: 'stock.adjust',
        subjectType: 'variant',
        subjectId: level.variantId,
        detail: { change: request.body.change, qtyInStock: level.qtyInStock },
      });
      return level;
    },
  );

  routes.get(
    `${INVENTORY}/variants/:variantId/history`,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: "A variant's stock history, newest first",
        params: VariantParams,
        querystring: HistoryQuery,
        response: withErrors({ 200: StockHistoryPage }),
      },
    },
    async (request) => {
      const limit = pageSize(request.query.limit);
      const before = decodeCursor(request.query.cursor, [/^\d{1,18}$/]);
      const rows = await stockHistory(db, siteOf(request).id, request.params.variantId, limit, before ? Number(before[0]) : undefined);
      const movements = rows.slice(0, limit);
      const hasNextPage = rows.length > limit;
      return { movements, hasNextPage, nextPageCursor: hasNextPage ? encodeCursor([String(movements[movements.length - 1]!.id)]) : null };
    },
  );

  routes.get(
    `${INVENTORY}/low-stock`,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: 'Limited variants at or below a threshold, fewest first',
        querystring: LowStockQuery,
        response: withErrors({ 200: LowStockPage }),
      },
    },
    async (request) => {
      const limit = pageSize(request.query.limit);
      const after = decodeCursor(request.query.cursor, [/^\d{1,10}$/, TEXT_PART]);
      const threshold = request.query.threshold ? Number(request.query.threshold) : DEFAULT_LOW_STOCK_THRESHOLD;
      const rows = await lowStock(db, siteOf(request).id, threshold, limit, after ? [Number(after[0]), after[1]!] : undefined);
      const variants = rows.slice(0, limit);
      const hasNextPage = rows.length > limit;
      const last = variants[variants.length - 1];
      return { variants, hasNextPage, nextPageCursor: hasNextPage && last ? encodeCursor([String(last.qtyInStock), last.sku]) : null };
    },
  );

  routes.get(
    `${INVENTORY}/variants`,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: 'Variants with their product, options and stock, a page at a time, by product title then the variants’ order',
        querystring: VariantStockQuery,
        response: withErrors({ 200: VariantStockPage }),
      },
    },
    async (request) => {
      const { q, low, inStock, cursor } = request.query;
      const limit = pageSize(request.query.limit);
      const after = decodeCursor(cursor, [TEXT_PART, ID_PART, /^-?\d{1,10}$/, ID_PART]);
      const filter = { ...(q ? { q } : {}), ...(low !== undefined ? { low: Number(low) } : {}), ...(inStock === 'true' ? { inStock: true } : {}) };
      const rows = await listVariantStock(db, siteOf(request).id, filter, limit, after);
      const { items, ...end } = toPage(
        rows,
        limit,
        ({ position: _position, ...variant }) => variant,
        (row) => row.position,
      );
      return { variants: items, ...end };
    },
  );

  routes.get(
    `${INVENTORY}/export.csv`,
    { preValidation: read, schema: { tags, summary: 'Products and stock as CSV, one line per variant, streamed', response: withErrors({ 200: StockCsv }) } },
    async (request, reply) => {
      const site = siteOf(request);
      // A stream is sent as it is read; it is never serialised against the response schema.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="stock-${site.identifier}.csv"`)
        .send(Readable.from(stockCsvLines(db, site.id)));
    },
  );

  routes.post(
    `${INVENTORY}/import`,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: STOCK_IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Sets stock from a CSV (SKU, Stock, optional Unlimited); reports rejected rows with line and reason',
        body: StockImportBody,
        response: withErrors({ 200: ImportReport }),
      },
    },
    async (request) => {
      const report = await importStockCsv(db, siteOf(request).id, request.body.csv, actorOf(request));
      await recordAudit(db, request, {
        action: 'stock.import',
        subjectType: 'inventory',
        detail: { applied: report.applied, unchanged: report.unchanged, rejected: report.rejected.length },
      });
      return report;
    },
  );
}
