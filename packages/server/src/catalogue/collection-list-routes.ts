import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { listCollections } from './collection-list.js';
import { CollectionList } from './collection-schemas.js';

/** Path of the list of the site's collections. */
export const COLLECTIONS_PATH = '/api/owner/catalogue/collections';

type Guard = (request: FastifyRequest) => Promise<void>;

/** A guard that lets a request through when any of `guards` does; otherwise the first one's refusal. */
function anyOf(...guards: Guard[]): Guard {
  return async (request) => {
    let refusal: unknown;
    for (const guard of guards) {
      try {
        await guard(request);
        return;
      } catch (error) {
        refusal ??= error;
      }
    }
    throw refusal;
  };
}

/**
 * Registers the list of the site's collections (stores, pages, blogs…) by name, for the product
 * editor's store choice and the collection password screen: owners who read the catalogue or
 * the settings may list them.
 */
export function registerCollectionListRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = anyOf(requireOwner(db, deps.config.ownerToken, 'catalogue:read'), requireOwner(db, deps.config.ownerToken, 'settings:read'));
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store, private');
  };
  routes.get(
    COLLECTIONS_PATH,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags: ['owner catalogue'], summary: 'The site’s collections (stores, pages, blogs…) by name', response: withErrors({ 200: CollectionList }) },
    },
    async (request) => ({ collections: await listCollections(db, siteOf(request).id) }),
  );
}
