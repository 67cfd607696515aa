import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CsvDownload } from '../csv/index.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { decodeCursor, MICROS_PART, pageSize, TEXT_PART } from '../http/page-cursor.js';
import { PageEnd, PageQuery, withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { ACCOUNT_ORDERS_MAX_PAGE, listAccountOrders, listAccountSubscriptions } from './account-orders.js';
import { customerSummary, listCustomerPage } from './customer-repository.js';
import { customerCsvLines } from './customer-csv.js';
import { eraseSiteUser } from './erasure.js';
import { findSiteUser } from './site-user-repository.js';

/** Where the dashboard lists a site's customer accounts. */
export const CUSTOMERS_PATH = '/api/owner/site-users';
/** Answer of an owner's call for an account that is not on the site. */
export const CUSTOMER_NOT_FOUND = 'There is no customer account with this id on this site.';

const iso = z.string().describe('ISO 8601 time');
const Customer = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  emailVerified: z.boolean(),
  locale: z.string().nullable(),
  createdAt: iso,
  lastSignInAt: iso.nullable(),
});
const CustomerQuery = PageQuery.extend({
  search: z.string().max(256, { error: 'search holds at most 256 characters.' }).optional().describe('Part of the email'),
});
const CustomerPage = z.object({ customers: z.array(Customer), ...PageEnd }).describe("A page of the site's customer accounts, newest first");
const Params = z.object({ siteUserId: z.string().min(1).max(64) });
const DetailQuery = z.object({
  page: z.coerce.number().int().min(1).max(ACCOUNT_ORDERS_MAX_PAGE).optional().describe('Page of the order list (1 is the newest)'),
});
const CustomerDetail = z
  .object({
    customer: Customer,
    orders: z.array(
      z.object({
        id: z.string(),
        orderNumber: z.number().int(),
        createdAt: iso,
        status: z.string(),
        paymentStatus: z.string(),
        currency: z.string(),
        grandTotalCents: z.number().int(),
      }),
    ),
    hasMoreOrders: z.boolean(),
    subscriptions: z.array(
      z.object({
        id: z.string(),
        state: z.string(),
        firstOrderNumber: z.number().int(),
        currency: z.string(),
        amountCents: z.number().int(),
        productNames: z.array(z.string()),
        nextBillingAt: iso.nullable(),
      }),
    ),
  })
  .describe("A customer account with its orders (by the account area's rule) and subscriptions");
const Counts = z.object({
  orders: z.number().int(),
  subscriptions: z.number().int(),
  carts: z.number().int(),
  formSubmissions: z.number().int(),
  restockSignups: z.number().int(),
  comments: z.number().int(),
  reviews: z.number().int(),
  likes: z.number().int(),
  analyticsEvents: z.number().int(),
  donations: z.number().int(),
  mails: z.number().int(),
});
const ErasureAnswer = z
  .object({ erased: z.boolean().describe('False when there was no such account (already erased): nothing changed'), counts: Counts })
  .describe('What the erasure changed, by kind of record');

/**
 * Registers the dashboard's Customers calls: list and search accounts, export them as CSV, one
 * account's orders and subscriptions, and erasure. They name people, so they need 'customers:read'; erasure needs
 * 'customers:write' (docs/roles.md).
 */
export function registerCustomerRoutes(app: FastifyInstance, deps: AppDeps, now: () => Date): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['owner', 'site users'];
  const read = requireOwner(deps.db, deps.config.ownerToken, 'customers:read');

  routes.get(
    CUSTOMERS_PATH,
    {
      preValidation: read,
      schema: {
        tags,
        summary: "The site's customer accounts, newest first, searchable by email (owner)",
        querystring: CustomerQuery,
        response: withErrors({ 200: CustomerPage }),
      },
    },
    async (request, reply) => {
      const { cursor, limit, search } = request.query;
      const page = await listCustomerPage(deps.db, siteOf(request).id, search || undefined, decodeCursor(cursor, [MICROS_PART, TEXT_PART]), pageSize(limit));
      reply.header('cache-control', 'no-store, private');
      return { customers: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.get(
    `${CUSTOMERS_PATH}/export.csv`,
    {
      preValidation: read,
      schema: {
        tags,
        summary: "The site's customer accounts as CSV (email, name, verified, language, created, last sign-in), streamed (owner)",
        querystring: z.object({ search: CustomerQuery.shape.search }),
        response: withErrors({ 200: CsvDownload }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      // A stream is sent as it is read; it is never serialised against the response schema.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="customers-${site.identifier.replace(/[^A-Za-z0-9._-]/g, '_')}.csv"`)
        .send(Readable.from(customerCsvLines(deps.db, site.id, request.query.search || undefined)));
    },
  );

  routes.get(
    `${CUSTOMERS_PATH}/:siteUserId`,
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'One customer account with its orders and subscriptions (owner)',
        params: Params,
        querystring: DetailQuery,
        response: withErrors({ 200: CustomerDetail }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const user = await findSiteUser(deps.db, site.id, request.params.siteUserId);
      if (!user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND);
      const [orders, subscriptions] = await Promise.all([listAccountOrders(deps.db, user, request.query.page ?? 1), listAccountSubscriptions(deps.db, user)]);
      reply.header('cache-control', 'no-store, private');
      return {
        customer: customerSummary(user),
        orders: orders.orders.map(({ statusToken: _token, createdAt, ...order }) => ({ ...order, createdAt: createdAt.toISOString() })),
        hasMoreOrders: orders.hasNextPage,
        subscriptions: subscriptions.map(({ subscription: s, firstOrderNumber }) => ({
          id: s.id,
          state: s.state,
          firstOrderNumber,
          currency: s.currency,
          amountCents: s.amountCents,
          productNames: s.lines.map((line) => line.productName),
          nextBillingAt: s.nextBillingAt?.toISOString() ?? null,
        })),
      };
    },
  );

  routes.delete(
    `${CUSTOMERS_PATH}/:siteUserId`,
    {
      preValidation: requireOwner(deps.db, deps.config.ownerToken, 'customers:write'),
      schema: {
        tags,
        summary: 'Erases a customer account and its personal data; orders stay, blanked, for accounting (owner). Idempotent.',
        params: Params,
        response: withErrors({ 200: ErasureAnswer }),
      },
    },
    async (request, reply) => {
      const owner = request.owner;
      const result = await eraseSiteUser(deps.db, siteOf(request).id, request.params.siteUserId, {
        actor: { kind: 'owner', ownerId: owner?.ownerId ?? null, email: owner?.email ?? null },
        now: now(),
      });
      reply.header('cache-control', 'no-store, private');
      return result;
    },
  );
}
