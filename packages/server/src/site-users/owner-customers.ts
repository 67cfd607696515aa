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
import { CUSTOMER_TAG_MAX_LENGTH, CustomerNoteMessages } from './customer-notes-messages.js';
import { registerCustomerNoteRoutes } from './customer-notes-routes.js';
import { listCustomerTags } from './customer-tags.js';
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
const Tags = z.array(z.string()).describe("The owner's tags on the customer, in the order they were added");
const ListedCustomer = Customer.extend({ tags: Tags });
const Filter = {
  search: z.string().max(256, { error: 'search holds at most 256 characters.' }).optional().describe('Part of the email'),
  tag: z.string().max(CUSTOMER_TAG_MAX_LENGTH, { error: CustomerNoteMessages.TAG_TOO_LONG }).optional().describe('Only customers carrying this tag (any case)'),
};
const CustomerQuery = PageQuery.extend(Filter);
const CustomerPage = z.object({ customers: z.array(ListedCustomer), ...PageEnd }).describe("A page of the site's customer accounts, newest first");
const Params = z.object({ siteUserId: z.string().min(1).max(64) });
const DetailQuery = z.object({
  page: z.coerce.number().int().min(1).max(ACCOUNT_ORDERS_MAX_PAGE).optional().describe('Page of the order list (1 is the newest)'),
});
const CustomerDetail = z
  .object({
    customer: Customer,
    tags: Tags,
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
  notes: z.number().int(),
  tags: z.number().int(),
});
const ErasureAnswer = z
  .object({ erased: z.boolean().describe('False when there was no such account (already erased): nothing changed'), counts: Counts })
  .describe('What the erasure changed, by kind of record');

/**
 * Registers the dashboard's Customers calls: list and search accounts, export them as CSV, one
 * account's orders, subscriptions and tags, the owner's notes and tags on it, and erasure. They name people, so they need
 * 'customers:read'; erasure, notes and tags need 'customers:write' to change (docs/roles.md).
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
      const { cursor, limit, search, tag } = request.query;
      const filter = { search: search || undefined, tag: tag?.trim() || undefined };
      const page = await listCustomerPage(deps.db, siteOf(request).id, filter, decodeCursor(cursor, [MICROS_PART, TEXT_PART]), pageSize(limit));
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
        summary: "The site's customer accounts as CSV (email, name, verified, language, created, last sign-in, tags), streamed (owner)",
        querystring: z.object(Filter),
        response: withErrors({ 200: CsvDownload }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const filter = { search: request.query.search || undefined, tag: request.query.tag?.trim() || undefined };
      // A stream is sent as it is read; it is never serialised against the response schema.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="customers-${site.identifier.replace(/[^A-Za-z0-9._-]/g, '_')}.csv"`)
        .send(Readable.from(customerCsvLines(deps.db, site.id, filter)));
    },
  );

  routes.get(
    `${CUSTOMERS_PATH}/:siteUserId`,
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'One customer account with its tags, orders and subscriptions (owner)',
        params: Params,
        querystring: DetailQuery,
        response: withErrors({ 200: CustomerDetail }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const user = await findSiteUser(deps.db, site.id, request.params.siteUserId);
      if (!user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND);
      const [orders, subscriptions, customerTags] = await Promise.all([
        listAccountOrders(deps.db, user, request.query.page ?? 1),
        listAccountSubscriptions(deps.db, user),
        listCustomerTags(deps.db, site.id, user.id),
      ]);
      reply.header('cache-control', 'no-store, private');
      return {
        customer: customerSummary(user),
        tags: customerTags,
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

  registerCustomerNoteRoutes(app, deps, { customersPath: CUSTOMERS_PATH, notFound: CUSTOMER_NOT_FOUND });
}
