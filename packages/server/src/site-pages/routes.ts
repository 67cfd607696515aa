import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { EmptyBody, EmptyResponse, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner, roleCan } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { changePage, createPage, deletePage, duplicatePage, listPages, orderPages } from './page-repository.js';
import { NewPageBody, PageChangeBody, PageList, PageOrderBody, PageParams, PageView } from './schemas.js';

/** Paths of the owner's Pages calls. */
export const PagePaths = Object.freeze({
  PAGES: '/api/owner/pages',
  PAGE: '/api/owner/pages/:id',
  DUPLICATE: '/api/owner/pages/:id/duplicate',
  ORDER: '/api/owner/pages/order',
});

/** Largest JSON body of a Pages change (60 text blocks of rich text fit). */
const BODY_LIMIT = 1024 * 1024;
const tags = ['owner pages'];

/** Who sees a Pages answer: the owner only, never a shared cache. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/**
 * Registers the owner's Pages calls: list the site's pages, add one of a kind, change its
 * settings and blocks (optimistic version), duplicate, delete and reorder. Reading needs
 * `content:read`, changing `content:write`; the site is always the session's. Each change
 * commits with its audit entry in one transaction, and collection writes move the site's
 * content and page versions on, so visitors see it on their next page.
 */
export function registerSitePageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'content:read');
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');

  routes.get(
    PagePaths.PAGES,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: "The site's pages of every kind, in display order (owner)", response: withErrors({ 200: PageList }) },
    },
    async (request) => ({ pages: await listPages(db, siteOf(request).id) }),
  );

  routes.post(
    PagePaths.PAGES,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Adds a page of a kind (page, blog, store, events, gallery, link, folder); its URL slug comes from the title, made unique on the site (owner)',
        body: NewPageBody,
        response: withErrors({ 201: PageView }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const page = await db.transaction(async (tx) => {
        const created = await createPage(tx, site.id, request.body);
        await recordAudit(tx, request, {
          action: 'page.create',
          subjectType: 'collection',
          subjectId: created.id,
          detail: { kind: created.kind, title: created.title, urlId: created.urlId },
        });
        return created;
      });
      return reply.code(201).send(page);
    },
  );

  routes.patch(
    PagePaths.PAGE,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Changes a page's settings (title, navigation title, URL slug, SEO, published) and a page's blocks, from the version read (409 when it moved on); an old slug redirects to the new (owner)",
        params: PageParams,
        body: PageChangeBody,
        response: withErrors({ 200: PageView }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      return db.transaction(async (tx) => {
        const mayWriteCode = !!request.owner && roleCan(request.owner.role, 'code:write');
        const page = await changePage(tx, site.id, request.params.id, request.body, mayWriteCode);
        const { blocks, version: _version, ...fields } = request.body;
        await recordAudit(tx, request, {
          action: 'page.update',
          subjectType: 'collection',
          subjectId: page.id,
          detail: { ...fields, ...(blocks ? { blocks: blocks.length } : {}), version: page.version },
        });
        return page;
      });
    },
  );

  routes.post(
    PagePaths.DUPLICATE,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Copies a page (its settings and blocks) as a draft (owner)',
        params: PageParams,
        body: EmptyBody,
        response: withErrors({ 201: PageView }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const page = await db.transaction(async (tx) => {
        const copy = await duplicatePage(tx, site.id, request.params.id);
        await recordAudit(tx, request, {
          action: 'page.duplicate',
          subjectType: 'collection',
          subjectId: copy.id,
          detail: { from: request.params.id, urlId: copy.urlId },
        });
        return copy;
      });
      return reply.code(201).send(page);
    },
  );

  routes.delete(
    PagePaths.PAGE,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Deletes a page and what it holds; the home page cannot be deleted (owner)',
        params: PageParams,
        response: withErrors({ 204: EmptyResponse }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      await db.transaction(async (tx) => {
        const page = await deletePage(tx, site.id, request.params.id);
        await recordAudit(tx, request, {
          action: 'page.delete',
          subjectType: 'collection',
          subjectId: page.id,
          detail: { title: page.title, urlId: page.urlId },
        });
      });
      return reply.code(204).send(null);
    },
  );

  routes.post(
    PagePaths.ORDER,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: "Sets the display order of the site's pages: every page id once (owner)",
        body: PageOrderBody,
        response: withErrors({ 200: PageList }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      return db.transaction(async (tx) => {
        const pages = await orderPages(tx, site.id, request.body.ids);
        await recordAudit(tx, request, { action: 'page.order', subjectType: 'collection', detail: { ids: request.body.ids } });
        return { pages };
      });
    },
  );
}
