import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { EmptyBody, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { createRootCategory, createStore, placeStoreFirstInMainNavigation } from './store-repository.js';
import {
  CollectionParams,
  MainNavigationView,
  NewStoreBody,
  RootCategoryBody,
  RootCategoryView,
  StoreParams,
  StoreView,
  WebsiteParams,
} from './store-schemas.js';

/** Path of the spec 7 store creation call. */
export const STORE_PRODUCTS_PATH = '/api/content-service/product/1.1/websites/:websiteId/products';
const tags = ['owner catalogue'];

/** The request's site, when its id is the `websiteId` of the path; 404 otherwise (a session never reaches another site). */
function siteOfPath(request: FastifyRequest & { params: { websiteId: string } }) {
  const site = siteOf(request);
  if (request.params.websiteId !== site.id) throw new AppError('NOT_FOUND', 'Not found');
  return site;
}

/**
 * Registers store creation in the order of spec 4 "Store creation order": create the store
 * (collection), create its root category, then optionally place it first in the main
 * navigation. The store calls need 'catalogue:write'; the navigation is content and needs
 * 'content:write' (docs/roles.md).
 */
export function registerStoreRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const write = requireOwner(db, deps.config.ownerToken, 'catalogue:write');
  const writeContent = requireOwner(db, deps.config.ownerToken, 'content:write');

  routes.post(
    STORE_PRODUCTS_PATH,
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Creates a store (products collection); the answer carries its id',
        params: WebsiteParams,
        body: NewStoreBody,
        response: withErrors({ 201: StoreView }),
      },
    },
    async (request, reply) => {
      const site = siteOfPath(request);
      const { title, navigationTitle, urlId, description } = request.body;
      const store = await createStore(db, site.id, { title, navigationTitle: navigationTitle || title, urlId, description });
      await recordAudit(db, request, { action: 'store.create', subjectType: 'collection', subjectId: store.id, detail: { title, urlId: store.urlId } });
      reply.code(201);
      return store;
    },
  );

  routes.post(
    `${STORE_PRODUCTS_PATH}/:collectionId/categories`,
    {
      preValidation: write,
      schema: {
        tags,
        summary: "Creates a store's root category (spec 3 root category fields)",
        params: StoreParams,
        body: RootCategoryBody,
        response: withErrors({ 201: RootCategoryView }),
      },
    },
    async (request, reply) => {
      const site = siteOfPath(request);
      const category = await createRootCategory(db, site.id, request.params.collectionId, request.body);
      await recordAudit(db, request, {
        action: 'store.category.create',
        subjectType: 'collection',
        subjectId: request.params.collectionId,
        detail: { displayName: category.displayName },
      });
      reply.code(201);
      return category;
    },
  );

  routes.post(
    '/api/owner/catalogue/stores/:collectionId/main-navigation',
    {
      preValidation: writeContent,
      schema: {
        tags,
        summary: 'Places a store first in the main navigation, followed by the existing links',
        params: CollectionParams,
        body: EmptyBody,
        response: withErrors({ 200: MainNavigationView }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const items = await placeStoreFirstInMainNavigation(db, site.id, request.params.collectionId);
      deps.resolver.invalidate();
      await recordAudit(db, request, {
        action: 'navigation.update',
        subjectType: 'collection',
        subjectId: request.params.collectionId,
        detail: { placedFirst: true },
      });
      return { items };
    },
  );
}
