import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { decodeCursor, pageSize } from '../http/page-cursor.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { addOrderNote, cancelOrder, fulfilOrder } from './order-actions.js';
import { orderCsvLines } from './order-csv.js';
import { loadOrderDetail } from './order-detail-repository.js';
import { listOrderPage, ORDER_CURSOR, type OrderListFilter } from './order-list-repository.js';
import { ORDER_NOT_FOUND_MESSAGE } from './order-messages.js';
import { scheduleRefundRetry, workRefundRetries } from './refund-retries.js';
import { refundOrder, type RefundDeps } from './refunds.js';
import { FulfilResultWithRefunds as FulfilResult, OrderDetailWithRefunds as OrderDetail } from './refund-schemas.js';
import { CancelBody, FulfilBody, NoteBody, OrderCsv, OrderExportQuery, OrderListQuery, OrderPage, OrderParams, RefundBody } from './schemas.js';

/** Base path of the owner's order calls. */
export const OWNER_ORDERS_PATH = '/api/owner/orders';
/** Largest body of an order action. */
const ACTION_BODY_LIMIT = 16 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Options of {@link registerOrderRoutes}. */
export interface OrderRouteOptions {
  /** Called after mail was queued (nudges the outbox's delivery). */
  mailQueued: () => void;
  /** Work the refund retry jobs on this server (buildApp's `workJobs`). */
  workJobs?: boolean;
}

function listFilter(query: { status?: string; from?: string; to?: string; q?: string }): OrderListFilter {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const before = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined;
  if (from && before && from >= before)
    throw new AppError('VALIDATION_FAILED', 'The first day must not be after the last day.', {
      body: { fields: { from: 'The first day must not be after the last day.' } },
    });
  return { status: query.status, from, before, search: query.q };
}

const actorOf = (request: FastifyRequest) => ({ ownerId: request.owner?.ownerId ?? null, email: request.owner?.email ?? null });

/**
 * Registers the owner's order calls: the list (filters, search, keyset pages), the CSV export
 * (streamed), one order's detail, and fulfil, cancel, refund and note. Every call checks the
 * owner's session of this site and role before it reads its input. With `workJobs`, this server
 * also retries refunds the provider did not answer.
 */
export function registerOrderRoutes(app: FastifyInstance, deps: AppDeps, options: OrderRouteOptions): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const canRead = requireOwner(db, config.ownerToken, 'orders:read');
  const canWrite = requireOwner(db, config.ownerToken, 'orders:write');
  const tags = ['orders', 'owner'];
  const refunds: RefundDeps = {
    db,
    payments: deps.payments,
    log: app.log,
    retryLater: (websiteId, refundId) => scheduleRefundRetry(deps.jobs, websiteId, refundId),
  };
  if (options.workJobs) workRefundRetries(app, deps);

  routes.get(
    OWNER_ORDERS_PATH,
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: 'Orders, newest first: status, day range and search filters, keyset pages (owner)',
        querystring: OrderListQuery,
        response: withErrors({ 200: OrderPage }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { cursor, limit, ...query } = request.query;
      const page = await listOrderPage(db, site.id, listFilter(query), decodeCursor(cursor, ORDER_CURSOR), pageSize(limit));
      reply.header('cache-control', 'no-store');
      return { orders: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.get(
    `${OWNER_ORDERS_PATH}/export.csv`,
    {
      preValidation: canRead,
      schema: { tags, summary: 'Orders matching the filters as CSV, streamed (owner)', querystring: OrderExportQuery, response: withErrors({ 200: OrderCsv }) },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const filter = listFilter(request.query);
      // A stream is sent as it is read; it is never serialised against the response schema.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="orders-${site.identifier.replace(/[^A-Za-z0-9._-]/g, '_')}.csv"`)
        .send(Readable.from(orderCsvLines(db, site.id, filter)));
    },
  );

  routes.get(
    `${OWNER_ORDERS_PATH}/:orderId`,
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: 'One order: lines, totals, customer, addresses, payment, fulfilment, refunds and timeline (owner)',
        params: OrderParams,
        response: withErrors({ 200: OrderDetail }),
      },
    },
    async (request, reply) => {
      const order = await loadOrderDetail(db, siteOf(request).id, request.params.orderId);
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
      reply.header('cache-control', 'no-store');
      return order;
    },
  );

  routes.post(
    `${OWNER_ORDERS_PATH}/:orderId/fulfilment`,
    {
      preValidation: canWrite,
      bodyLimit: ACTION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Marks a paid order shipped with its tracking number and mails the customer (owner)',
        params: OrderParams,
        body: FulfilBody,
        response: withErrors({ 200: FulfilResult }),
      },
    },
    async (request) => {
      const result = await fulfilOrder(db, siteOf(request), request.params.orderId, request.body, actorOf(request));
      if (result.mailQueued) options.mailQueued();
      return result;
    },
  );

  routes.post(
    `${OWNER_ORDERS_PATH}/:orderId/cancel`,
    {
      preValidation: canWrite,
      bodyLimit: ACTION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Cancels an order that has not shipped and puts its units back in stock (owner)',
        params: OrderParams,
        body: CancelBody,
        response: withErrors({ 200: OrderDetail }),
      },
    },
    async (request) => cancelOrder(db, siteOf(request).id, request.params.orderId, request.body.reason, actorOf(request)),
  );

  routes.post(
    `${OWNER_ORDERS_PATH}/:orderId/refunds`,
    {
      preValidation: canWrite,
      bodyLimit: ACTION_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Refunds part or all of an order through the provider that took its payment, never more than it captured; 202 when the provider has not answered yet (the refund stays pending and is retried) (owner)',
        params: OrderParams,
        body: RefundBody,
        response: withErrors({ 200: OrderDetail, 202: OrderDetail }),
      },
    },
    async (request, reply) => {
      const outcome = await refundOrder(refunds, siteOf(request), request.params.orderId, request.body, actorOf(request));
      reply.code(outcome.state === 'pending' ? 202 : 200);
      return outcome.order;
    },
  );

  routes.post(
    `${OWNER_ORDERS_PATH}/:orderId/notes`,
    {
      preValidation: canWrite,
      bodyLimit: ACTION_BODY_LIMIT,
      schema: { tags, summary: "Adds a note to an order's timeline (owner)", params: OrderParams, body: NoteBody, response: withErrors({ 200: OrderDetail }) },
    },
    async (request) => addOrderNote(db, siteOf(request).id, request.params.orderId, request.body.text, actorOf(request)),
  );
}
