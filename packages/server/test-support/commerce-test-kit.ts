import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type CreateTestAppOptions, createTestApp, crumbForHost, type TestApp } from './test-app.js';
import { collections, items, products, variants, type WebsiteSettings } from '../src/db/schema.js';
import type { DbOrTx } from '../src/db/types.js';
import type { RateLimitStore } from '../src/http/rate-limit.js';
import type { Website } from '../src/sites/index.js';

/** A test shop: an app with the commerce API and one site. */
export interface Shop {
  t: TestApp;
  app: FastifyInstance;
  db: DbOrTx;
  site: Website;
  host: string;
  /** Another site on the same app, for tenancy checks. */
  newSite: (settings?: WebsiteSettings) => Promise<Website>;
  visitor: (site?: Website, ip?: string) => Visitor;
  close: () => Promise<void>;
}

/** A rate-limit store that never limits (for tests that make many adds from one IP). */
export const unlimitedStore: RateLimitStore = { hit: async () => 1, close: async () => {} };

/** Counts hits per key ignoring the time window, so limits do not depend on the clock; `reset` starts a new window. */
export class WindowlessStore implements RateLimitStore {
  readonly counts = new Map<string, number>();
  async hit(key: string): Promise<number> {
    const k = key.slice(0, key.lastIndexOf(':'));
    const n = (this.counts.get(k) ?? 0) + 1;
    this.counts.set(k, n);
    return n;
  }
  reset(): void {
    this.counts.clear();
  }
  async close(): Promise<void> {}
}

let siteCounter = 0;

/** Builds an app with the commerce API registered (once, whether or not app.ts wires it). */
export async function createShop(
  options: { settings?: WebsiteSettings; rateLimitStore?: RateLimitStore; config?: CreateTestAppOptions['config'] } = {},
): Promise<Shop> {
  const t = await createTestApp({
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    ...(options.config ? { config: options.config } : {}),
  });
  const newSite = (settings: WebsiteSettings = options.settings ?? {}) => {
    siteCounter += 1;
    return t.createSite({ identifier: `shop-${process.pid}-${siteCounter}`, title: `Shop ${siteCounter}`, settings });
  };
  const site = await newSite();
  return {
    t,
    app: t.app,
    db: t.testDb.db,
    site,
    host: t.hostOf(site),
    newSite,
    visitor: (s = site, ip) => new Visitor(t.app, t.hostOf(s), ip),
    close: () => t.close(),
  };
}

/** A variant to create. */
export interface VariantSpec {
  sku: string;
  priceCents: number;
  qtyInStock?: number;
  unlimited?: boolean;
  attributes?: Record<string, string>;
  onSale?: boolean;
  salePriceCents?: number;
}

/** A product to create. */
export interface ProductSpec {
  title: string;
  productType?: number;
  variants: VariantSpec[];
  isSubscribable?: boolean;
  subscriptionPlan?: Record<string, unknown>;
  status?: 'published' | 'draft';
  variantOptionOrdering?: string[];
}

/** Creates a store item with its product and variants; returns the item id and variant ids by sku. */
export async function addProduct(db: DbOrTx, websiteId: string, spec: ProductSpec): Promise<{ itemId: string; variantIds: Record<string, string> }> {
  const [collection] = await db
    .insert(collections)
    .values({ websiteId, type: 13, urlId: `shop-${randomBytes(4).toString('hex')}`, title: 'Shop' })
    .returning({ id: collections.id });
  const [item] = await db
    .insert(items)
    .values({
      websiteId,
      collectionId: collection!.id,
      recordType: 11,
      urlId: `p-${randomBytes(4).toString('hex')}`,
      title: spec.title,
      status: spec.status ?? 'published',
    })
    .returning({ id: items.id });
  await db.insert(products).values({
    itemId: item!.id,
    websiteId,
    productType: spec.productType ?? 1,
    isSubscribable: spec.isSubscribable ?? false,
    subscriptionPlan: spec.subscriptionPlan ?? null,
    variantOptionOrdering: spec.variantOptionOrdering ?? [],
  });
  const variantIds: Record<string, string> = {};
  for (const [index, v] of spec.variants.entries()) {
    const [row] = await db
      .insert(variants)
      .values({
        websiteId,
        productId: item!.id,
        sku: v.sku,
        priceCents: v.priceCents,
        qtyInStock: v.qtyInStock ?? 10,
        unlimited: v.unlimited ?? false,
        attributes: v.attributes ?? {},
        onSale: v.onSale ?? false,
        salePriceCents: v.salePriceCents ?? 0,
        displayIndex: index,
      })
      .returning({ id: variants.id });
    variantIds[v.sku] = row!.id;
  }
  return { itemId: item!.id, variantIds };
}

/**
 * A browser-like client: keeps cookies, sends the crumb cookie and X-CSRF-Token header. The
 * crumb is a genuine one for the site at `host`, issued on the first request (a copied
 * `crumb` cookie is kept, as a second tab of the same browser would).
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
    private readonly ip = '127.0.0.1',
  ) {}

  private async crumb(): Promise<string> {
    const known = this.cookies.get('crumb');
    if (known) return known;
    const issued = await crumbForHost(this.app, this.host);
    this.cookies.set('crumb', issued);
    return issued;
  }

  /** Sends a request; `crumb: false` leaves out the X-CSRF-Token header. */
  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    options: { crumb?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const crumb = await this.crumb();
    const headers: Record<string, string> = {
      host: this.host,
      accept: 'application/json',
      cookie: [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
      ...(options.crumb === false ? {} : { 'x-csrf-token': crumb }),
      ...(options.headers ?? {}),
    };
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.keepCookies(response);
    return response;
  }

  private keepCookies(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const cookie of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = decodeURIComponent(pair!.slice(eq + 1));
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** POST /api/commerce/shopping-cart/entries. */
  add(itemId: string, sku: string | null, quantity: unknown = 1, additionalFields: unknown = null) {
    return this.request('POST', '/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields });
  }

  /** GET /api/commerce/shopping-cart?calculateSubtotal=true, parsed. */
  async cart(): Promise<Record<string, any>> {
    const response = await this.request('GET', '/api/commerce/shopping-cart?calculateSubtotal=true');
    if (response.statusCode !== 200) throw new Error(`cart: HTTP ${response.statusCode} ${response.body}`);
    return response.json();
  }

  /** POST /api/commerce/checkout. */
  checkout(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return this.request('POST', '/api/commerce/checkout', body, { headers });
  }
}

/** A shipping address that passes validation. */
export const ADDRESS = Object.freeze({
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
});

/** The approved test card payment. */
export const PAY_OK = Object.freeze({ provider: 'test', cardNumber: '4242 4242 4242 4242' });
/** The declined test card payment. */
export const PAY_DECLINED = Object.freeze({ provider: 'test', cardNumber: '4000 0000 0000 0002' });
