import { subscriptionManagePath } from '@emporium/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { decodeCursor, pageSize, toPage } from '../http/page-cursor.js';
import { EmptyBody, htmlResponse, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { renderManagePage } from './manage-page.js';
import { changeSubscription, findByManageToken, type SubscriptionAction } from './subscription-actions.js';
import { customerSubscriptionJson, ownerSubscriptionDetail, ownerSubscriptionItem } from './subscription-json.js';
import { listSubscriptionRows, loadSubscriptionWithRenewals, SUBSCRIPTION_CURSOR } from './subscription-list-repository.js';
import { SubscriptionMessages } from './subscription-messages.js';
import { CustomerSubscriptionAnswer, ManageParams, SubscriptionDetail, SubscriptionListQuery, SubscriptionPage, SubscriptionParams } from './schemas.js';

/** Base path of the customer's subscription calls on the site's origin (`…/{token}`, `…/{token}/pause|resume|cancel`). */
export const MANAGE_API_PATH = '/api/commerce/subscriptions/manage';
/** Base path of the owner's subscription calls on the dashboard's origin. */
export const OWNER_SUBSCRIPTIONS_PATH = '/api/owner/subscriptions';

const ACTIONS: readonly SubscriptionAction[] = ['pause', 'resume', 'cancel'];
const ACTION_BODY_LIMIT = 4 * 1024;

const actorOf = (request: FastifyRequest) => ({ ownerId: request.owner?.ownerId ?? null, email: request.owner?.email ?? null });
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store, private');
const isFormPost = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/**
 * Registers the customer's calls (their manage link's token names the subscription, on its own
 * site only: GET, and POST pause, resume and cancel, which need the crumb like every site
 * change), the manage page at `/subscriptions/manage/{token}`, and the owner's calls (list
 * with a state filter and keyset pages, detail with renewals, pause, resume, cancel) guarded by
 * `orders:read` / `orders:write` and audited.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const canRead = requireOwner(db, config.ownerToken, 'orders:read');
  const canWrite = requireOwner(db, config.ownerToken, 'orders:write');

  const byToken = async (request: FastifyRequest, token: string) => {
    const site = siteOf(request);
    const sub = await findByManageToken(db, site.id, token);
    if (!sub) throw new AppError('NOT_FOUND', SubscriptionMessages.NOT_FOUND);
    return { site, sub };
  };

  routes.get(
    `${MANAGE_API_PATH}/:token`,
    {
      schema: {
        tags: ['subscriptions'],
        summary: "A subscription by its customer's manage token",
        params: ManageParams,
        response: withErrors({ 200: CustomerSubscriptionAnswer }),
      },
    },
    async (request, reply) => {
      const { site, sub } = await byToken(request, request.params.token);
      noStore(reply);
      return { subscription: customerSubscriptionJson(sub, site.settings.locale) };
    },
  );

  for (const action of ACTIONS) {
    routes.post(
      `${MANAGE_API_PATH}/:token/${action}`,
      {
        bodyLimit: ACTION_BODY_LIMIT,
        schema: {
          tags: ['subscriptions'],
          summary: `${action[0]!.toUpperCase()}${action.slice(1)}s a subscription by its customer's manage token (a form post is answered with a redirect to the manage page)`,
          params: ManageParams,
          body: EmptyBody,
          response: withErrors({ 200: CustomerSubscriptionAnswer }),
        },
      },
      async (request, reply) => {
        const { site, sub } = await byToken(request, request.params.token);
        const changed = await changeSubscription(db, site, config, sub.id, action, { kind: 'customer' });
        if (action === 'cancel') app.emporiumOutbox.mailQueued();
        if (isFormPost(request)) return reply.redirect(subscriptionManagePath(request.params.token), 303);
        noStore(reply);
        return { subscription: customerSubscriptionJson(changed, site.settings.locale) };
      },
    );
  }

  routes.get(
    '/subscriptions/manage/:token',
    {
      schema: {
        tags: ['subscriptions', 'pages'],
        summary: "The customer's subscription manage page",
        params: ManageParams,
        response: withErrors({ 200: htmlResponse() }),
      },
    },
    async (request, reply) => {
      const { site, sub } = await byToken(request, request.params.token);
      const html = renderManagePage(
        site,
        customerSubscriptionJson(sub, site.settings.locale),
        `${MANAGE_API_PATH}/${encodeURIComponent(request.params.token)}`,
        request.crumb,
      );
      return noStore(reply).header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(html);
    },
  );

  const tags = ['subscriptions', 'owner'];
  routes.get(
    OWNER_SUBSCRIPTIONS_PATH,
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: 'Subscriptions, newest first, optionally in one state, keyset pages (owner)',
        querystring: SubscriptionListQuery,
        response: withErrors({ 200: SubscriptionPage }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const limit = pageSize(request.query.limit);
      const found = await listSubscriptionRows(db, site.id, request.query.state, decodeCursor(request.query.cursor, SUBSCRIPTION_CURSOR), limit);
      const page = toPage(
        found,
        limit,
        (row) => ownerSubscriptionItem(row, site.settings.locale),
        (row) => [String(row.position), row.id],
      );
      noStore(reply);
      return { subscriptions: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  const detailOf = async (websiteId: string, id: string, locale: string) => {
    const found = await loadSubscriptionWithRenewals(db, websiteId, id);
    if (!found) throw new AppError('NOT_FOUND', SubscriptionMessages.NOT_FOUND);
    return ownerSubscriptionDetail(found.sub, found.renewals, locale);
  };

  routes.get(
    `${OWNER_SUBSCRIPTIONS_PATH}/:subscriptionId`,
    {
      preValidation: canRead,
      schema: { tags, summary: 'One subscription with its renewals (owner)', params: SubscriptionParams, response: withErrors({ 200: SubscriptionDetail }) },
    },
    async (request, reply) => {
      const site = siteOf(request);
      noStore(reply);
      return detailOf(site.id, request.params.subscriptionId, site.settings.locale);
    },
  );

  for (const action of ACTIONS) {
    routes.post(
      `${OWNER_SUBSCRIPTIONS_PATH}/:subscriptionId/${action}`,
      {
        preValidation: canWrite,
        bodyLimit: ACTION_BODY_LIMIT,
        schema: {
          tags,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)}s a subscription (owner, audited)`,
          params: SubscriptionParams,
          body: EmptyBody,
          response: withErrors({ 200: SubscriptionDetail }),
        },
      },
      async (request) => {
        const site = siteOf(request);
        await changeSubscription(db, site, config, request.params.subscriptionId, action, { kind: 'owner', actor: actorOf(request) });
        if (action === 'cancel') app.emporiumOutbox.mailQueued();
        return detailOf(site.id, request.params.subscriptionId, site.settings.locale);
      },
    );
  }
}
