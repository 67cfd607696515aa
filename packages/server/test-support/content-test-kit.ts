import type { LightMyRequestResponse } from 'fastify';
import { collections, items, products, variants, type Db } from '../src/db/index.js';
import type { NewWebsite, Website } from '../src/sites/index.js';
import { createTestApp, type CreateTestAppOptions, type TestApp } from './test-app.js';
import { COMMENT_RATE_LIMIT } from '../src/comments/index.js';
import { MemoryRateLimitStore } from '../src/http/rate-limit.js';
import { REVIEW_RATE_LIMIT } from '../src/reviews/index.js';

/** Owner token the content test app accepts. */
export const TEST_OWNER_TOKEN = 'content-owner-token-0123456789';

/** A blog, a product and an event seeded on one site. */
export interface ContentSite {
  site: Website;
  blogId: string;
  /** The home page (a page collection). */
  homeId: string;
  postId: string;
  closedPostId: string;
  draftId: string;
  /** A post in a members-only collection. */
  memberPostId: string;
  productId: string;
  eventId: string;
}

/** A test app with helpers to call the content routes as a browser would. */
export interface ContentTestApp extends TestApp {
  /** Sends a request to a site with a valid crumb (cookie plus X-CSRF-Token) and optional extra cookies. */
  call: (
    site: Website,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    extra?: { cookie?: string; owner?: boolean; accept?: string },
  ) => Promise<LightMyRequestResponse>;
  seedSite: (input: NewWebsite, extra?: { merchandising?: Record<string, unknown> }) => Promise<ContentSite>;
}

async function insertItem(db: Db, values: typeof items.$inferInsert): Promise<string> {
  const [row] = await db.insert(items).values(values).returning({ id: items.id });
  return row!.id;
}

/** Seeds a blog with an open post, a closed post and a draft, a product and an event collection. */
export async function seedContent(db: Db, site: Website, merchandising: Record<string, unknown> = { nativeReviewsDisplayEnabled: true }): Promise<ContentSite> {
  const [blog] = await db
    .insert(collections)
    .values({ websiteId: site.id, type: 1, urlId: 'journal', title: 'Journal', description: 'Notes & news', isHomepage: false })
    .returning();
  const [shop] = await db.insert(collections).values({ websiteId: site.id, type: 13, urlId: 'shop', title: 'Shop', displayIndex: 1 }).returning();
  const [events] = await db
    .insert(collections)
    .values({ websiteId: site.id, type: 1, urlId: 'events', title: 'Events', displayIndex: 2, settings: { kind: 'events' } })
    .returning();
  const [home] = await db
    .insert(collections)
    .values({ websiteId: site.id, type: 10, urlId: 'home', title: 'Home', isHomepage: true, displayIndex: 3 })
    .returning();
  const [members] = await db
    .insert(collections)
    .values({ websiteId: site.id, type: 1, urlId: 'private', title: 'Members', displayIndex: 4, settings: { access: 'members' } })
    .returning();
  const memberPostId = await insertItem(db, {
    websiteId: site.id,
    collectionId: members!.id,
    recordType: 1,
    urlId: 'secret',
    title: 'Secret',
    structuredContent: { commentsOpen: true },
  });
  const postId = await insertItem(db, {
    websiteId: site.id,
    collectionId: blog!.id,
    recordType: 1,
    urlId: 'first-post',
    title: 'Fish & <Chips>',
    body: '<p>Hello <b>world</b> & "friends"</p>',
    authorName: 'Ada',
    tags: ['food'],
    publishOn: new Date('2026-01-02T10:00:00Z'),
    structuredContent: { commentsOpen: true },
  });
  const closedPostId = await insertItem(db, {
    websiteId: site.id,
    collectionId: blog!.id,
    recordType: 1,
    urlId: 'closed',
    title: 'Closed',
    body: 'x',
    publishOn: new Date('2026-01-01T10:00:00Z'),
  });
  const draftId = await insertItem(db, {
    websiteId: site.id,
    collectionId: blog!.id,
    recordType: 1,
    urlId: 'draft',
    title: 'Draft',
    status: 'draft',
    structuredContent: { commentsOpen: true },
  });
  const productId = await insertItem(db, {
    websiteId: site.id,
    collectionId: shop!.id,
    recordType: 11,
    urlId: 'mug',
    title: 'Mug',
    body: 'A mug',
    assetUrl: '/img/mug.jpg',
  });
  await db.insert(products).values({ websiteId: site.id, itemId: productId, merchandising });
  await db.insert(variants).values([
    { websiteId: site.id, productId, sku: 'MUG-S', priceCents: 1200, qtyInStock: 0 },
    { websiteId: site.id, productId, sku: 'MUG-L', priceCents: 1500, qtyInStock: 3 },
  ]);
  const eventId = await insertItem(db, {
    websiteId: site.id,
    collectionId: events!.id,
    recordType: 12,
    urlId: 'fair',
    title: 'Spring fair',
    structuredContent: {
      startDate: Date.parse('2026-05-01T15:00:00Z'),
      endDate: Date.parse('2026-05-01T18:00:00Z'),
      location: { addressLine1: '1 Main St', addressCountry: 'US' },
    },
  });
  void home;
  return { site, blogId: blog!.id, homeId: home!.id, postId, closedPostId, draftId, memberPostId, productId, eventId };
}

/**
 * Rate-limit counters for tests: one window per key whatever the clock says (so a test never
 * straddles a window boundary), and keys whose rule name is listed in `unlimited` always count 1.
 */
export class TestRateLimitStore extends MemoryRateLimitStore {
  constructor(private readonly unlimited: readonly string[] = []) {
    super();
  }

  override async hit(key: string, windowMs: number, now: number): Promise<number> {
    if (this.unlimited.some((name) => key.startsWith(`${name}:`))) return 1;
    return super.hit(key.replace(/:\d+$/, ''), windowMs, now);
  }
}

/**
 * Builds a test app (without pages) whose configuration accepts the owner token
 * {@link TEST_OWNER_TOKEN}. Comment and review posts are not
 * rate-limited unless `strictLimits` is set.
 */
export async function createContentTestApp(options: CreateTestAppOptions & { strictLimits?: boolean } = {}): Promise<ContentTestApp> {
  const { strictLimits, ...appOptions } = options;
  const test = await createTestApp({
    rateLimitStore: new TestRateLimitStore(strictLimits ? [] : [COMMENT_RATE_LIMIT.name, REVIEW_RATE_LIMIT.name]),
    ...appOptions,
    config: { ownerToken: TEST_OWNER_TOKEN, ...appOptions.config },
  });
  const crumbs = new Map<string, string>();
  const crumbOf = (site: Website) => crumbs.get(site.id) ?? crumbs.set(site.id, test.app.emporium.crumbs.issue(site.id)).get(site.id)!;
  const call: ContentTestApp['call'] = (site, method, url, body, extra = {}) =>
    test.app.inject({
      method,
      url,
      headers: {
        host: test.hostOf(site),
        accept: extra.accept ?? 'application/json',
        cookie: [`crumb=${crumbOf(site)}`, extra.cookie].filter(Boolean).join('; '),
        'x-csrf-token': crumbOf(site),
        ...(extra.owner ? { authorization: `Bearer ${TEST_OWNER_TOKEN}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const seedSite: ContentTestApp['seedSite'] = async (input, extra = {}) => seedContent(test.testDb.db, await test.createSite(input), extra.merchandising);
  return { ...test, call, seedSite };
}
