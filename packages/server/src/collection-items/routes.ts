import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { decodeCursor, pageSize, toPage } from '../http/page-cursor.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { AppError } from '../errors/index.js';
import { discardDraft, findDraft, listDrafts, provideItemDrafting, saveDraft } from '../drafts/index.js';
import { ITEM_MESSAGES } from './item-messages.js';
import { cleanItemFields, ITEM_DRAFTING } from './item-drafts.js';
import { authorNameFor, authorsOf, createItem, deleteItem, findItem, itemCollectionOf, listItems, lockItem, updateItem } from './item-repository.js';
import { storedItemFields } from './item-rules.js';
import { draftStateOf, itemSummaryOf, itemViewOf, type ItemCollection } from './item-view.js';
import { registerItemUploadRoutes } from './upload-routes.js';
import { registerGalleryRoutes } from './gallery-routes.js';
import { ItemPaths } from './item-paths.js';
import { draftRemoval } from './gallery-drafts.js';
import { scheduleItemPublish } from './scheduled-items.js';
import {
  AuthorList,
  CollectionParams,
  ItemDeleted,
  ItemDeleteQuery,
  ItemFields,
  ItemListQuery,
  ItemPage,
  ItemParams,
  ItemUpdate,
  ItemView,
} from './schemas.js';

export { ItemPaths } from './item-paths.js';

/** Largest JSON body of an item save (a long post of rich text). */
const BODY_LIMIT = 1024 * 1024;
const POSITION_PART = /^\d{1,20}$/;
const ID_PART = /^[0-9a-z]{1,64}$/;
const tags = ['owner items'];

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/**
 * Registers the owner's calls for the items of blog, events and gallery pages under
 * /api/owner/collections/{collectionId}/items: the list (cursor paging, status filter), read,
 * create, full update and delete with optimistic versions, the gallery's order and uploads.
 * Reading needs `content:read`, changing `content:write`; the collection must be the session
 * site's. A new post or event is created as a draft (`item:{id}`, decision 0055): visitors see
 * it once the site's drafts are published. The full update changes the published item at once
 * (as the pages call does); the dashboard drafts its edits instead. Item writes move the site's
 * page version on (database trigger), so a published change shows on the next page; a
 * scheduled item is published by the job queue at its time.
 */
export function registerCollectionItemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'content:read');
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');
  provideItemDrafting(ITEM_DRAFTING);

  const draftOf = async (websiteId: string, itemId: string) => draftStateOf(await findDraft(db, websiteId, { kind: 'item', id: itemId }));

  async function viewOf(websiteId: string, collection: ItemCollection, itemId: string) {
    const row = await findItem(db, websiteId, collection.id, itemId);
    if (!row) throw new AppError('NOT_FOUND', ITEM_MESSAGES.itemNotFound);
    return itemViewOf(collection, row, await draftOf(websiteId, row.id));
  }

  async function afterSave(websiteId: string, row: { id: string; status: string; publishOn: Date }) {
    if (row.status === 'scheduled') await scheduleItemPublish(deps.jobs, websiteId, row.id, row.publishOn);
  }

  routes.get(
    ItemPaths.AUTHORS,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: 'The owners of the site an item may name as its author', response: withErrors({ 200: AuthorList }) },
    },
    async (request) => ({ authors: await authorsOf(db, siteOf(request).id) }),
  );

  routes.get(
    ItemPaths.ITEMS,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary:
          "A blog's, events page's or gallery's items of every status (or one), a page at a time: posts and events newest first, gallery images in their drafted order (each one's drafted place, else its published one)",
        params: CollectionParams,
        querystring: ItemListQuery,
        response: withErrors({ 200: ItemPage }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
      const limit = pageSize(request.query.limit);
      const after = decodeCursor(request.query.cursor, [POSITION_PART, ID_PART]);
      const rows = await listItems(db, site.id, collection, { status: request.query.status }, limit, after);
      const drafts = new Map((await listDrafts(db, site.id)).map((d) => [d.subject, d]));
      const page = toPage(
        rows,
        limit,
        (row) => itemSummaryOf(collection, row, draftStateOf(drafts.get(`item:${row.id}`))),
        (row) => [row.position, row.id],
      );
      return { collection, items: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.get(
    ItemPaths.ITEM,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: 'An item with every field and its version', params: ItemParams, response: withErrors({ 200: ItemView }) },
    },
    async (request) => {
      const site = siteOf(request);
      const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
      return viewOf(site.id, collection, request.params.itemId);
    },
  );

  routes.post(
    ItemPaths.ITEMS,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Adds a post or an event as a draft (version 1): visitors see it once the site is published, as its status says (a scheduled item then goes live at its time); rich text is cleaned (gallery images come by upload)',
        params: CollectionParams,
        body: ItemFields,
        response: withErrors({ 201: ItemView }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
      if (collection.kind === 'gallery') throw new AppError('VALIDATION_FAILED', ITEM_MESSAGES.galleryByUpload);
      const authorId = request.body.authorId ?? request.owner?.ownerId ?? null;
      const authorName = await authorNameFor(db, site.id, authorId, request.body.authorName);
      const now = new Date();
      const fields = storedItemFields(collection.kind, { ...request.body, authorId }, now, authorName);
      const drafted = await cleanItemFields(db, site.id, collection, { ...request.body, authorId, authorName }, now);
      const { row, version } = await db.transaction(async (tx) => {
        // Out of sight until published: the row is a Draft, its draft holds the status asked for.
        const created = await createItem(tx, site.id, collection, { ...fields, status: 'draft' });
        const saved = await saveDraft(tx, site.id, { kind: 'item', id: created.id }, drafted, 0, request.owner?.email ?? '');
        await recordAudit(tx, request, {
          action: 'item.create',
          subjectType: 'item',
          subjectId: created.id,
          detail: { title: created.title, status: fields.status },
        });
        return { row: created, version: saved === 'conflict' ? 1 : saved };
      });
      return reply.code(201).send(itemViewOf(collection, row, { title: drafted.title, status: drafted.status, version }));
    },
  );

  routes.put(
    ItemPaths.ITEM,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Saves every field of an item; refused (409) when its version moved on since it was read',
        params: ItemParams,
        body: ItemUpdate,
        response: withErrors({ 200: ItemView }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
      const { version, ...body } = request.body;
      const authorName = await authorNameFor(db, site.id, body.authorId, body.authorName);
      const fields = storedItemFields(collection.kind, body, new Date(), authorName);
      const row = await db.transaction(async (tx) => {
        const current = await lockItem(tx, site.id, collection.id, request.params.itemId, version);
        const saved = await updateItem(tx, current, fields);
        await recordAudit(tx, request, {
          action: 'item.update',
          subjectType: 'item',
          subjectId: saved.id,
          detail: { title: saved.title, status: saved.status, version: saved.version },
        });
        return saved;
      });
      await afterSave(site.id, row);
      return itemViewOf(collection, row, await draftOf(site.id, row.id));
    },
  );

  routes.delete(
    ItemPaths.ITEM,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary:
          "Deletes an item; refused (409) when its version moved on. With drafted=true a published item is deleted by the next publish (its draft) instead, and one visitors do not see (a drafted upload) goes at once with its draft, the site's other drafts untouched",
        params: ItemParams,
        querystring: ItemDeleteQuery,
        response: withErrors({ 200: ItemDeleted }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const collection = await itemCollectionOf(db, site.id, request.params.collectionId);
      const deleted = await db.transaction(async (tx) => {
        const current = await lockItem(tx, site.id, collection.id, request.params.itemId, Number(request.query.version));
        // Drafted: what visitors see goes at the publish; an item they do not see goes at once.
        if (request.query.drafted === 'true' && current.status === 'published') {
          await draftRemoval(tx, site.id, collection, current, request.owner?.email ?? '');
          await recordAudit(tx, request, { action: 'item.delete.draft', subjectType: 'item', subjectId: current.id, detail: { title: current.title } });
          return false;
        }
        await deleteItem(tx, current);
        await discardDraft(tx, site.id, { kind: 'item', id: current.id });
        await recordAudit(tx, request, { action: 'item.delete', subjectType: 'item', subjectId: current.id, detail: { title: current.title } });
        return true;
      });
      return { id: request.params.itemId, deleted };
    },
  );

  registerGalleryRoutes(app, deps);
  registerItemUploadRoutes(app, deps);
}
