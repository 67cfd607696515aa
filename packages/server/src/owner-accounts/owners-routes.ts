import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { enqueueMails } from '../outbox/index.js';
import { requireOwner, startAccountSession } from '../owner-sessions/index.js';
import { dashboardUrl, siteOf } from '../sites/index.js';
import { recordAudit, recordAuditAs } from './audit-repository.js';
import { invitationMail } from './owner-mails.js';
import { changeRole, createOwner, findOwner, listOwners, removeOwner, setOwnerPasswordHash, touchSignIn, type OwnerRow } from './owner-repository.js';
import { hashPassword } from './passwords.js';
import { InviteBody, NoContent, OwnerAnswer, OwnerList, OwnerParams, RoleBody, SessionAnswer, TokenPasswordBody } from './schemas.js';
import { LINK_INVALID_MESSAGE, SESSION_BODY_LIMIT, sessionOwner, sessionSite } from './session-routes.js';
import { consumeToken, issueToken } from './token-repository.js';

/** Path of a site's owners. */
export const OWNERS_PATH = '/api/owner/owners';
/** Invitations allowed per site and IP: 30 an hour. */
export const INVITE_RATE_LIMIT = Object.freeze({ name: 'owner-invite', max: 30, windowMs: 60 * 60_000, key: 'site+ip' as const });

/** An owner as admins see it. */
export function ownerSummary(row: OwnerRow) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    invitationPending: row.passwordHash === null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** Registers the list of a site's owners, invitations, role changes and removal. */
export function registerOwnersRoutes(app: FastifyInstance, deps: AppDeps, mailQueued: () => void): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const canRead = requireOwner(db, config.ownerToken, 'owners:read');
  const canWrite = requireOwner(db, config.ownerToken, 'owners:write');
  const tags = ['owner', 'owner accounts'];

  routes.get(
    OWNERS_PATH,
    { preValidation: canRead, schema: { tags, summary: "The site's owners (owners:read)", response: withErrors({ 200: OwnerList }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store, private');
      return { owners: (await listOwners(db, siteOf(request).id)).map(ownerSummary) };
    },
  );

  routes.post(
    OWNERS_PATH,
    {
      preValidation: canWrite,
      onRequest: deps.rateLimit({ ...INVITE_RATE_LIMIT }),
      bodyLimit: SESSION_BODY_LIMIT,
      schema: { tags, summary: 'Invites an owner by mail with a role (owners:write)', body: InviteBody, response: withErrors({ 201: OwnerAnswer }) },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const context = { websiteId: site.id, siteTitle: site.title, dashboardUrl: dashboardUrl(site.identifier, config) };
      const { email, role } = request.body;
      const owner = await db.transaction(async (tx) => {
        const created = await createOwner(tx, { websiteId: site.id, email, role, passwordHash: null, mustChangePassword: false });
        const token = await issueToken(tx, site.id, created.id, 'invitation');
        await enqueueMails(tx, [invitationMail(context, created.email, role, request.owner?.email ?? null, token)]);
        await recordAudit(tx, request, { action: 'owner.invite', subjectType: 'owner', subjectId: created.id, detail: { email: created.email, role } });
        return created;
      });
      mailQueued();
      return reply.code(201).send({ owner: ownerSummary(owner) });
    },
  );

  routes.patch(
    `${OWNERS_PATH}/:ownerId`,
    {
      preValidation: canWrite,
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Changes an owner's role; never the last admin's (owners:write)",
        params: OwnerParams,
        body: RoleBody,
        response: withErrors({ 200: OwnerAnswer }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const owner = await db.transaction(async (tx) => {
        const { before, after } = await changeRole(tx, site.id, request.params.ownerId, request.body.role);
        await recordAudit(tx, request, {
          action: 'owner.role-change',
          subjectType: 'owner',
          subjectId: after.id,
          detail: { email: after.email, from: before.role, to: after.role },
        });
        return after;
      });
      return { owner: ownerSummary(owner) };
    },
  );

  routes.delete(
    `${OWNERS_PATH}/:ownerId`,
    {
      preValidation: canWrite,
      schema: {
        tags,
        summary: 'Removes an owner and ends their sessions; never the last admin (owners:write)',
        params: OwnerParams,
        response: withErrors({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      await db.transaction(async (tx) => {
        const removed = await removeOwner(tx, site.id, request.params.ownerId);
        await recordAudit(tx, request, {
          action: 'owner.remove',
          subjectType: 'owner',
          subjectId: removed.id,
          detail: { email: removed.email, role: removed.role },
        });
      });
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/owner/invitations/accept',
    {
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Accepts an invitation with the mailed token, sets the password and signs in',
        body: TokenPasswordBody,
        response: withErrors({ 200: SessionAnswer }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const hash = await hashPassword(request.body.password);
      const owner = await db.transaction(async (tx) => {
        const ownerId = await consumeToken(tx, site.id, request.body.token, 'invitation');
        const found = ownerId === undefined ? undefined : await findOwner(tx, site.id, ownerId);
        if (!found) throw new AppError('BAD_REQUEST', LINK_INVALID_MESSAGE);
        await setOwnerPasswordHash(tx, found.id, hash, false);
        await touchSignIn(tx, found.id);
        await recordAuditAs(
          tx,
          site.id,
          { ownerId: found.id, email: found.email },
          { action: 'owner.invitation-accept', subjectType: 'owner', subjectId: found.id },
        );
        return { ...found, mustChangePassword: false };
      });
      await startAccountSession(db, site.id, owner.id, reply, config.secureCookies);
      reply.header('cache-control', 'no-store');
      return { owner: sessionOwner(owner), site: sessionSite(site, config) };
    },
  );
}
