import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { decodeCursor, MICROS_PART, pageSize, TEXT_PART } from '../http/page-cursor.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { listAuditPage } from './audit-repository.js';
import { registerFirstOwnerRoute } from './first-owner.js';
import { registerOwnersRoutes } from './owners-routes.js';
import { AuditPage, AuditQuery } from './schemas.js';
import { registerSessionRoutes } from './session-routes.js';

/** Path of the site's audit log. */
export const AUDIT_PATH = '/api/owner/audit';

/** Options of {@link registerOwnerAccounts}. */
export interface OwnerAccountOptions {
  /** Called after mail was queued (nudges the outbox's delivery). */
  mailQueued: () => void;
}

/** Registers the owner account calls (sign-in, sessions, passwords, owners, invitations) and the audit log. */
export function registerOwnerAccounts(app: FastifyInstance, deps: AppDeps, options: OwnerAccountOptions): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  registerSessionRoutes(app, deps, options.mailQueued);
  registerOwnersRoutes(app, deps, options.mailQueued);
  registerFirstOwnerRoute(app, deps);

  routes.get(
    AUDIT_PATH,
    {
      preValidation: requireOwner(db, config.ownerToken, 'audit:read'),
      schema: {
        tags: ['owner'],
        summary: "The site's audit log, newest first (owner, audit:read)",
        querystring: AuditQuery,
        response: withErrors({ 200: AuditPage }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { cursor, limit } = request.query;
      const page = await listAuditPage(db, site.id, decodeCursor(cursor, [MICROS_PART, TEXT_PART]), pageSize(limit));
      reply.header('cache-control', 'no-store, private');
      return { entries: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );
}
