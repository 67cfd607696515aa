import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { announcePresence, leavePresence, PRESENCE_HEARTBEAT_MS, PRESENCE_WINDOW_MS, type PresenceActor } from './presence-repository.js';

/** Path of the editor's presence call. */
export const PRESENCE_PATH = '/api/owner/presence';

/** What an editor subject looks like (`collection:{id}`, `settings.navigation`, `item:{id}`): the drafts' names. */
const SubjectName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9:._-]+$/, { error: 'Name the page or setting being edited, as the drafts call names it.' });
const PresenceBody = z.strictObject({ subject: SubjectName });
const PresenceAnswer = z.object({
  editors: z.array(z.object({ email: z.string().nullable(), sameAccount: z.boolean(), since: z.string() })),
  heartbeatMs: z.number().int(),
  windowMs: z.number().int(),
});

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/** The announcing session: its hash for account sessions, one shared key for the break-glass token. */
function actorOf(request: FastifyRequest): PresenceActor {
  const owner = request.owner;
  return { sessionKey: owner?.sessionHash ?? owner?.ownerId ?? 'token', ownerId: owner?.ownerId ?? null, email: owner?.email ?? null };
}

/**
 * The editor's presence (issue 26, item 7: "Ana is editing"): while a page or setting is open,
 * the editor announces it every {@link PRESENCE_HEARTBEAT_MS} and gets back the other owners who
 * have the same one open; closing it says so. Rows live in PostgreSQL, so every server of the
 * site sees the same editors. Editing needs `content:write`, so announcing does too.
 */
export function registerPresenceRoutes(app: FastifyInstance, deps: AppDeps, clock: () => Date = () => new Date()): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const write = requireOwner(deps.db, deps.config.ownerToken, 'content:write');
  const tags = ['editor', 'owner'];

  routes.put(
    PRESENCE_PATH,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Announces that this owner has a subject open in the editor; answers the other owners editing it (owner)',
        body: PresenceBody,
        response: withErrors({ 200: PresenceAnswer }),
      },
    },
    async (request) => {
      const editors = await announcePresence(deps.db, siteOf(request).id, request.body.subject, actorOf(request), clock());
      return {
        editors: editors.map((e) => ({ email: e.email, sameAccount: e.sameAccount, since: e.since.toISOString() })),
        heartbeatMs: PRESENCE_HEARTBEAT_MS,
        windowMs: PRESENCE_WINDOW_MS,
      };
    },
  );

  routes.delete(
    PRESENCE_PATH,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Says that this owner closed a subject in the editor (owner)',
        querystring: z.object({ subject: SubjectName }),
        response: withErrors({ 204: z.null() }),
      },
    },
    async (request, reply) => {
      await leavePresence(deps.db, siteOf(request).id, request.query.subject, actorOf(request).sessionKey);
      return reply.code(204).send(null);
    },
  );
}
