import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { items } from '../db/index.js';
import { findDraft } from '../drafts/index.js';
import { AppError } from '../errors/index.js';
import { EmptyResponse, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { draftMove, draftOrder, keepDraftedImage, publishedMove } from './gallery-drafts.js';
import { ITEM_MESSAGES } from './item-messages.js';
import { ItemPaths } from './item-paths.js';
import { itemCollectionOf, orderItems } from './item-repository.js';
import { draftStateOf, itemViewOf } from './item-view.js';
import { CollectionParams, ItemMoveBody, ItemMoved, ItemOrderBody, ItemParams, ItemView } from './schemas.js';

const tags = ['owner items'];

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/**
 * Registers a gallery's order calls: the whole order at once, one image moved among the others
 * (the dashboard's Move up and Move down, on any page of a long gallery), and a drafted removal
 * taken back. Each needs `content:write`; with `drafted` the change is the images' drafts
 * (decision 0055), seen by visitors once the site is published.
 */
export function registerGalleryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');
  const by = (request: FastifyRequest) => request.owner?.email ?? '';

  routes.put(
    ItemPaths.ORDER,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary:
          "Puts a gallery's images in the order given (at most 250, spec 9): the images named take the first places, and images not named follow them in their order. To move images on a later page of a long gallery, move them one at a time (…/items/{itemId}/move). With drafted: true the order is drafted, seen by visitors once published",
        params: CollectionParams,
        body: ItemOrderBody,
        response: withErrors({ 204: EmptyResponse }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
      await db.transaction(async (tx) => {
        if (request.body.drafted) await draftOrder(tx, site.id, collection, request.body.itemIds, by(request));
        else await orderItems(tx, site.id, collection.id, request.body.itemIds);
        await recordAudit(tx, request, {
          action: request.body.drafted ? 'item.order.draft' : 'item.order',
          subjectType: 'collection',
          subjectId: collection.id,
          detail: { items: request.body.itemIds.length },
        });
      });
      return reply.code(204).send(null);
    },
  );

  routes.post(
    ItemPaths.MOVE,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary:
          'Moves one gallery image `by` places (-1: one place earlier), every other image keeping its order; answers its new place. With drafted: true the move is drafted (in the drafted order), seen by visitors once published',
        params: ItemParams,
        body: ItemMoveBody,
        response: withErrors({ 200: ItemMoved }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
      if (collection.kind !== 'gallery') throw new AppError('VALIDATION_FAILED', ITEM_MESSAGES.notAGallery);
      const { itemId } = request.params;
      const place = await db.transaction(async (tx) => {
        let movedTo: { position: number; count: number };
        if (request.body.drafted) movedTo = await draftMove(tx, site.id, collection, itemId, request.body.by, by(request));
        else {
          const { ids, ...at } = await publishedMove(tx, site.id, collection, itemId, request.body.by);
          await orderItems(tx, site.id, collection.id, ids);
          movedTo = at;
        }
        await recordAudit(tx, request, {
          action: request.body.drafted ? 'item.move.draft' : 'item.move',
          subjectType: 'item',
          subjectId: itemId,
          detail: { by: request.body.by, position: movedTo.position },
        });
        return movedTo;
      });
      return { id: itemId, ...place };
    },
  );

  routes.delete(
    ItemPaths.REMOVAL,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary:
          "Keeps a gallery image whose removal is drafted: the removal leaves the image's draft, its other drafted changes stay, and the site's other drafts are untouched (a draft left with nothing to publish goes); answers the image",
        params: ItemParams,
        response: withErrors({ 200: ItemView }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
      const row = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(items)
          .where(and(eq(items.websiteId, site.id), eq(items.collectionId, collection.id), eq(items.id, request.params.itemId)))
          .for('update');
        if (!current) throw new AppError('NOT_FOUND', ITEM_MESSAGES.itemNotFound);
        await keepDraftedImage(tx, site.id, collection, current, by(request));
        await recordAudit(tx, request, { action: 'item.delete.undraft', subjectType: 'item', subjectId: current.id, detail: { title: current.title } });
        return current;
      });
      return itemViewOf(collection, row, draftStateOf(await findDraft(db, site.id, { kind: 'item', id: row.id })));
    },
  );
}
