import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { readableMailKinds } from './mail-permissions.js';
import { outboxMailJson } from './outbox-json.js';
import { listOutbox } from './outbox-repository.js';
import { OutboxMailJson } from './schemas.js';

/** Registers GET /api/owner/outbox: the newest mails of the site and their delivery, only those of areas the owner's role may read. */
export function registerOutboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/owner/outbox',
    {
      preValidation: requireOwner(db, config.ownerToken, 'restock:read'),
      schema: {
        tags: ['owner'],
        summary: 'The newest mails of the site and their delivery, only those of areas the owner may read',
        response: withErrors({ 200: z.object({ mails: z.array(OutboxMailJson) }) }),
      },
    },
    async (request) => ({
      mails: (await listOutbox(db, siteOf(request).id, readableMailKinds(request.owner?.role ?? 'none'))).map(outboxMailJson),
    }),
  );
}
