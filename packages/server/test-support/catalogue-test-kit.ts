import type { LightMyRequestResponse } from 'fastify';
import { collections, type Db } from '../src/db/index.js';
import type { Website } from '../src/sites/index.js';
import { createTestApp, type CreateTestAppOptions, type TestApp } from './test-app.js';

/** Owner token the catalogue test app accepts (`Authorization: Bearer`). */
export const CATALOGUE_OWNER_TOKEN = 'catalogue-owner-token-0123456789';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A test app with helpers to call owner APIs as the owner's browser would. */
export interface CatalogueTestApp extends TestApp {
  db: Db;
  /** Sends a request to a site with a valid crumb; as the owner unless `owner` is false. */
  call: (
    site: Website,
    method: Method,
    url: string,
    body?: unknown,
    extra?: { owner?: boolean; headers?: Record<string, string>; payload?: string | Buffer },
  ) => Promise<LightMyRequestResponse>;
  /** A site with one store (products collection) at /shop; returns the site and the store id. */
  shopSite: (identifier: string) => Promise<{ site: Website; storeId: string }>;
}

/** Builds a test app (pages off) whose owner token is {@link CATALOGUE_OWNER_TOKEN}. */
export async function createCatalogueTestApp(options: CreateTestAppOptions = {}): Promise<CatalogueTestApp> {
  const test = await createTestApp({ ...options, config: { ownerToken: CATALOGUE_OWNER_TOKEN, ...options.config } });
  const db = test.testDb.db;
  const call: CatalogueTestApp['call'] = (site, method, url, body, extra = {}) => {
    const crumb = test.app.emporium.crumbs.issue(site.id);
    return test.app.inject({
      method,
      url,
      headers: {
        host: test.hostOf(site),
        accept: 'application/json',
        cookie: `crumb=${crumb}`,
        'x-csrf-token': crumb,
        ...(extra.owner === false ? {} : { authorization: `Bearer ${CATALOGUE_OWNER_TOKEN}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra.headers,
      },
      payload: extra.payload ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  };
  const shopSite: CatalogueTestApp['shopSite'] = async (identifier) => {
    const site = await test.createSite({ identifier, title: identifier });
    const [store] = await db.insert(collections).values({ websiteId: site.id, type: 13, urlId: 'shop', title: 'Shop' }).returning({ id: collections.id });
    return { site, storeId: store!.id };
  };
  return { ...test, db, call, shopSite };
}

/** A product body with two options (Colour x Size) and six variants, prices in cents. */
export function shirtBody(title = 'Linen Shirt', skuPrefix = 'SHIRT') {
  const colours = ['Sage', 'Clay'];
  const sizes = ['S', 'M', 'L'];
  return {
    title,
    description: '<p>Soft linen.</p>',
    visibility: 'published' as const,
    options: [
      { name: 'Colour', values: colours },
      { name: 'Size', values: sizes },
    ],
    variants: colours.flatMap((colour) =>
      sizes.map((size) => ({
        sku: `${skuPrefix}-${colour}-${size}`.toUpperCase(),
        priceCents: 8800,
        optionValues: { Colour: colour, Size: size },
        qtyInStock: 3,
      })),
    ),
  };
}
