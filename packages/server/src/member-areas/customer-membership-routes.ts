import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { siteUsers } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { CUSTOMER_NOT_FOUND, CUSTOMERS_PATH } from '../site-users/index.js';
import { findArea } from './area-repository.js';
import { endCustomerMemberships, listCustomerMemberships } from './customer-memberships.js';
import { grantMembership } from './membership-repository.js';
import { MemberAreaMessages } from './messages.js';

/** Texts of the owner's membership calls on a customer. */
export const CustomerMembershipMessages = Object.freeze({
  ALREADY_MEMBER: 'This customer already holds this member area.',
  NOT_MEMBER: 'This customer holds no membership of this member area.',
});

/** Largest body of a grant. */
export const MEMBERSHIP_GRANT_BODY_LIMIT = 1024;

const id = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Not a valid id.' })
  .describe('An id');
const CustomerParams = z.object({ siteUserId: id });
const AreaOfCustomerParams = z.object({ siteUserId: id, areaId: id });
const GrantBody = z.strictObject({ areaId: id.describe('The member area to open to the customer, free of charge') });
const MembershipList = z
  .object({
    memberships: z.array(
      z.object({
        id: z.string(),
        areaId: z.string(),
        areaName: z.string(),
        source: z.enum(['order', 'free', 'owner']).describe('order: bought through the paywall; free: joined a free area; owner: granted by an owner'),
        orderNumber: z.number().int().nullable(),
        subscriptionId: z.string().nullable(),
        active: z.boolean(),
        startedAt: z.string().describe('ISO 8601 time'),
        endedAt: z.string().nullable().describe('When it ended (revoked, or its subscription ended)'),
        renewsAt: z.string().nullable().describe('Next payment of the subscription that keeps it'),
      }),
    ),
  })
  .describe("A customer's memberships, active first, then newest");

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store, private');
};

/** The site's account, locked for the rest of the transaction (404 when the site has none). */
async function lockCustomer(tx: DbOrTx, websiteId: string, siteUserId: string): Promise<void> {
  const [row] = await tx
    .select({ id: siteUsers.id })
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, siteUserId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND);
}

/**
 * Registers the owner's membership calls on one customer, under
 * `/api/owner/site-users/:siteUserId/memberships`: list them ('members:read'), grant an area
 * free of charge and revoke one ('members:write', docs/roles.md). Another site's customer or
 * area is 404.
 */
export function registerCustomerMembershipRoutes(app: FastifyInstance, deps: AppDeps, now: () => Date): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(deps.db, deps.config.ownerToken, 'members:read');
  const write = requireOwner(deps.db, deps.config.ownerToken, 'members:write');
  const tags = ['owner member areas'];
  const path = `${CUSTOMERS_PATH}/:siteUserId/memberships`;

  routes.get(
    path,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: "A customer's memberships of the site's member areas (owner)",
        params: CustomerParams,
        response: withErrors({ 200: MembershipList }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const [user] = await deps.db
        .select({ id: siteUsers.id })
        .from(siteUsers)
        .where(and(eq(siteUsers.websiteId, site.id), eq(siteUsers.id, request.params.siteUserId)));
      if (!user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND);
      return { memberships: await listCustomerMemberships(deps.db, site.id, user.id) };
    },
  );
  routes.post(
    path,
    {
      bodyLimit: MEMBERSHIP_GRANT_BODY_LIMIT,
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Grants a customer a member area free of charge, at once (owner)',
        params: CustomerParams,
        body: GrantBody,
        response: withErrors({ 201: MembershipList }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { siteUserId } = request.params;
      const { areaId } = request.body;
      const memberships = await deps.db.transaction(async (tx) => {
        await lockCustomer(tx, site.id, siteUserId);
        const area = await findArea(tx, site.id, areaId);
        if (!area) throw new AppError('NOT_FOUND', MemberAreaMessages.NOT_FOUND);
        const held = await listCustomerMemberships(tx, site.id, siteUserId);
        if (held.some((m) => m.active && m.areaId === areaId)) throw new AppError('CONFLICT', CustomerMembershipMessages.ALREADY_MEMBER);
        await grantMembership(tx, { websiteId: site.id, areaId, siteUserId, source: 'owner', startedAt: now() });
        await recordAudit(tx, request, { action: 'member-areas.grant', subjectType: 'site-user', subjectId: siteUserId, detail: { areaId, area: area.name } });
        return listCustomerMemberships(tx, site.id, siteUserId);
      });
      return reply.code(201).send({ memberships });
    },
  );
  routes.delete(
    `${path}/:areaId`,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: "Revokes a customer's membership of a member area at once; a subscription that paid for it keeps running (owner)",
        params: AreaOfCustomerParams,
        response: withErrors({ 200: MembershipList }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { siteUserId, areaId } = request.params;
      const memberships = await deps.db.transaction(async (tx) => {
        await lockCustomer(tx, site.id, siteUserId);
        const area = await findArea(tx, site.id, areaId);
        if (!area) throw new AppError('NOT_FOUND', MemberAreaMessages.NOT_FOUND);
        const ended = await endCustomerMemberships(tx, site.id, siteUserId, areaId, now());
        if (ended === 0) throw new AppError('NOT_FOUND', CustomerMembershipMessages.NOT_MEMBER);
        await recordAudit(tx, request, { action: 'member-areas.revoke', subjectType: 'site-user', subjectId: siteUserId, detail: { areaId, area: area.name } });
        return listCustomerMemberships(tx, site.id, siteUserId);
      });
      return { memberships };
    },
  );
}
