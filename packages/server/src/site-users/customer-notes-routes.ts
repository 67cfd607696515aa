import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { CustomerNoteMessages } from './customer-notes-messages.js';
import { CustomerParams, NoteBody, NoteList, NoteParams, NoteView, TagBody, TagList, TagParams } from './customer-notes-schemas.js';
import { addCustomerNote, deleteCustomerNote, listCustomerNotes, lockCustomer } from './customer-notes.js';
import { addCustomerTag, listCustomerTags, removeCustomerTag } from './customer-tags.js';
import { findSiteUser } from './site-user-repository.js';

/** Largest body of a new note (2,000 characters, each up to six bytes as JSON escapes). */
export const CUSTOMER_NOTE_BODY_LIMIT = 16 * 1024;
/** Largest body of a new tag. */
export const CUSTOMER_TAG_BODY_LIMIT = 1024;

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store, private');
};

/** Locks the site's account for the rest of the transaction; 404 (the message `notFound`) when the site has none. */
async function lockedCustomer(tx: DbOrTx, websiteId: string, siteUserId: string, notFound: string): Promise<void> {
  if (!(await lockCustomer(tx, websiteId, siteUserId))) throw new AppError('NOT_FOUND', notFound);
}

/**
 * Registers the owner's notes and tags on a customer, under `{customersPath}/:siteUserId`:
 * notes are listed with 'customers:read' and added or deleted with 'customers:write'; tags are
 * read with the customer (its detail and the list) and added or removed with 'customers:write'
 * (docs/roles.md). Every call answers 404 for an account of another site.
 */
export function registerCustomerNoteRoutes(app: FastifyInstance, deps: AppDeps, options: { customersPath: string; notFound: string }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['owner', 'site users'];
  const read = requireOwner(deps.db, deps.config.ownerToken, 'customers:read');
  const write = requireOwner(deps.db, deps.config.ownerToken, 'customers:write');
  const one = `${options.customersPath}/:siteUserId`;

  routes.get(
    `${one}/notes`,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: "The owner's notes on a customer, newest first (owner)", params: CustomerParams, response: withErrors({ 200: NoteList }) },
    },
    async (request) => {
      const site = siteOf(request);
      if (!(await findSiteUser(deps.db, site.id, request.params.siteUserId))) throw new AppError('NOT_FOUND', options.notFound);
      return { notes: await listCustomerNotes(deps.db, site.id, request.params.siteUserId) };
    },
  );
  routes.post(
    `${one}/notes`,
    {
      bodyLimit: CUSTOMER_NOTE_BODY_LIMIT,
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Adds a note to a customer: internal, never shown to the customer (owner)',
        params: CustomerParams,
        body: NoteBody,
        response: withErrors({ 201: NoteView }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { siteUserId } = request.params;
      const note = await deps.db.transaction(async (tx) => {
        await lockedCustomer(tx, site.id, siteUserId, options.notFound);
        const added = await addCustomerNote(tx, {
          websiteId: site.id,
          siteUserId,
          body: request.body.body,
          authorOwnerId: request.owner?.ownerId ?? null,
          authorEmail: request.owner?.email ?? null,
        });
        await recordAudit(tx, request, { action: 'site-user.note-add', subjectType: 'site-user', subjectId: siteUserId, detail: { noteId: added.id } });
        return added;
      });
      return reply.code(201).send(note);
    },
  );
  routes.delete(
    `${one}/notes/:noteId`,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Deletes a note of a customer (owner)',
        params: NoteParams,
        response: withErrors({ 200: z.object({ deleted: z.literal(true) }) }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { siteUserId, noteId } = request.params;
      await deps.db.transaction(async (tx) => {
        await lockedCustomer(tx, site.id, siteUserId, options.notFound);
        if (!(await deleteCustomerNote(tx, site.id, siteUserId, noteId))) throw new AppError('NOT_FOUND', CustomerNoteMessages.NOTE_NOT_FOUND);
        await recordAudit(tx, request, { action: 'site-user.note-delete', subjectType: 'site-user', subjectId: siteUserId, detail: { noteId } });
      });
      return { deleted: true as const };
    },
  );
  routes.post(
    `${one}/tags`,
    {
      bodyLimit: CUSTOMER_TAG_BODY_LIMIT,
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Puts a tag on a customer: at most 20, unique whatever the case (owner)',
        params: CustomerParams,
        body: TagBody,
        response: withErrors({ 201: TagList }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { siteUserId } = request.params;
      const list = await deps.db.transaction(async (tx) => {
        await lockedCustomer(tx, site.id, siteUserId, options.notFound);
        await addCustomerTag(tx, site.id, siteUserId, request.body.tag);
        await recordAudit(tx, request, { action: 'site-user.tag-add', subjectType: 'site-user', subjectId: siteUserId, detail: { tag: request.body.tag } });
        return listCustomerTags(tx, site.id, siteUserId);
      });
      return reply.code(201).send({ tags: list });
    },
  );
  routes.delete(
    `${one}/tags/:tag`,
    {
      onRequest: noStore,
      preValidation: write,
      schema: { tags, summary: 'Takes a tag (any case) off a customer (owner)', params: TagParams, response: withErrors({ 200: TagList }) },
    },
    async (request) => {
      const site = siteOf(request);
      const { siteUserId, tag } = request.params;
      const list = await deps.db.transaction(async (tx) => {
        await lockedCustomer(tx, site.id, siteUserId, options.notFound);
        if (!(await removeCustomerTag(tx, site.id, siteUserId, tag))) throw new AppError('NOT_FOUND', CustomerNoteMessages.TAG_NOT_FOUND);
        await recordAudit(tx, request, { action: 'site-user.tag-remove', subjectType: 'site-user', subjectId: siteUserId, detail: { tag } });
        return listCustomerTags(tx, site.id, siteUserId);
      });
      return { tags: list };
    },
  );
}
