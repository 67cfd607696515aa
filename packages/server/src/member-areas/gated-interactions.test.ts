import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import { type Browser, enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { addComment, itemCommentsPath, moderateComment } from '../comments/index.js';
import { ITEM_NOT_FOUND_MESSAGE } from '../content/index.js';
import { collections, items, products } from '../db/index.js';
import { itemLikePath } from '../likes/index.js';
import { registerPages } from '../pages/index.js';
import { staticIslandAssets } from '../pages/island-assets.js';
import { addReview, moderateReview, productReviewsPath } from '../reviews/index.js';
import { createArea } from './area-repository.js';
import { grantMembership } from './membership-repository.js';

const SECRET_COMMENT = 'Only members read this comment about the glaze';
const SECRET_REVIEW = 'Only members read this review of the kiln pass';
const GATED_TITLE = 'Members-only glaze notes';
const GATED_LIKES = 37;
const COMMENT = { name: 'Grace', email: 'grace@example.com', body: 'A comment from outside' };
const REVIEW = { name: 'Lin', rating: 4, title: 'Fine', body: 'A review from outside' };
const past = new Date(Date.now() - 86_400_000);

describe.each(availableDialects())('comments, likes and reviews follow the member-area rule (issue 28, item 5) (%s)', (dialect) => {
  let testDb: TestDb;
  let t: ContentTestApp;
  let s: ContentSite;
  let host: string;
  /** A post the area gates itself, a post of a collection the area gates, and a product the area gates. */
  let gatedPostId: string;
  let studioPostId: string;
  let gatedProductId: string;
  let member: Browser;
  let outsider: Browser;

  beforeAll(async () => {
    testDb = await createTestDb({ dialect });
    t = await createContentTestApp({ testDb, setup: (app) => registerPages(app, app.emporium, { islands: staticIslandAssets(false) }) });
    const db = testDb.db;
    s = await t.seedSite({ identifier: `gated-talk-${dialect}`, title: 'Studio', settings: { commentsEnabled: true, simpleLikingEnabled: true } });
    host = t.hostOf(s.site);
    await enableAccounts(db, s.site.id);
    const post = { websiteId: s.site.id, recordType: 1, status: 'published' as const, publishOn: past, structuredContent: { commentsOpen: true } };
    const [gatedPost] = await db
      .insert(items)
      .values({ ...post, collectionId: s.blogId, urlId: 'glaze-notes', title: GATED_TITLE, likeCount: GATED_LIKES })
      .returning();
    const [studio] = await db
      .insert(collections)
      .values({ websiteId: s.site.id, type: 1, urlId: 'studio', title: 'Studio', displayIndex: 9, settings: { kind: 'blog' } })
      .returning();
    const [studioPost] = await db
      .insert(items)
      .values({ ...post, collectionId: studio!.id, urlId: 'kiln', title: 'Kiln diary' })
      .returning();
    const [shopOf] = await db.select({ collectionId: items.collectionId }).from(items).where(eq(items.id, s.productId));
    const [gatedProduct] = await db
      .insert(items)
      .values({ websiteId: s.site.id, collectionId: shopOf!.collectionId, recordType: 11, urlId: 'members-mug', title: 'Members mug', body: 'x' })
      .returning();
    await db.insert(products).values({ websiteId: s.site.id, itemId: gatedProduct!.id, merchandising: { nativeReviewsDisplayEnabled: true } });
    gatedPostId = gatedPost!.id;
    studioPostId = studioPost!.id;
    gatedProductId = gatedProduct!.id;
    const areaId = await createArea(db, s.site.id, {
      name: 'Members',
      description: '',
      priceCents: 0,
      billing: 'one-time',
      trialDays: 0,
      gates: [
        { kind: 'item', id: gatedPostId },
        { kind: 'collection', id: studio!.id },
        { kind: 'item', id: gatedProductId },
      ],
    });
    for (const itemId of [gatedPostId, studioPostId]) {
      const id = await addComment(db, s.site.id, itemId, { name: 'Ada', email: 'ada@example.com', body: SECRET_COMMENT }, undefined);
      await moderateComment(db, s.site.id, id, 'approved');
    }
    const reviewId = await addReview(db, s.site.id, gatedProductId, { name: 'Ada', rating: 5, title: 'Kiln', body: SECRET_REVIEW }, undefined);
    await moderateReview(db, s.site.id, reviewId, 'approved');

    const signedIn = await signedInShopper(t.app, db, host, s.site.id, `member-${dialect}@example.com`);
    member = signedIn.browser;
    await grantMembership(db, { websiteId: s.site.id, areaId, siteUserId: signedIn.siteUserId, source: 'owner', startedAt: past });
    outsider = (await signedInShopper(t.app, db, host, s.site.id, `outsider-${dialect}@example.com`)).browser;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await testDb.close();
  });

  /** The visitor calls of one item: comments (list, post) and like (count, like) of a post, reviews (list, post) of a product. */
  const callsOf = (itemId: string, kind: 'post' | 'product') =>
    kind === 'post'
      ? ([
          ['GET', itemCommentsPath(itemId), undefined],
          ['POST', itemCommentsPath(itemId), COMMENT],
          ['GET', itemLikePath(itemId), undefined],
          ['PUT', itemLikePath(itemId), { liked: true }],
        ] as const)
      : ([
          ['GET', productReviewsPath(itemId), undefined],
          ['POST', productReviewsPath(itemId), REVIEW],
        ] as const);
  /** Each visitor call of a gated item, beside the same call of an item that does not exist. */
  const gatedCalls = () =>
    (
      [
        [gatedPostId, 'post'],
        [studioPostId, 'post'],
        [gatedProductId, 'product'],
      ] as const
    ).flatMap(([itemId, kind]) => {
      const missing = callsOf('missing-item', kind);
      return callsOf(itemId, kind).map(([method, path, body], i) => ({ method, path, body, missingPath: missing[i]![1] }));
    });
  const answerOf = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json() });

  it('answers a guest and a signed-in visitor without the area 404 "This item does not exist.", exactly as for a missing item', async () => {
    for (const { method, path, body, missingPath } of gatedCalls()) {
      const missing = answerOf(await t.call(s.site, method, missingPath, body));
      expect(missing).toEqual({ status: 404, body: expect.objectContaining({ message: ITEM_NOT_FOUND_MESSAGE }) });
      const guest = await t.call(s.site, method, path, body);
      expect(answerOf(guest), `${method} ${path}`).toEqual(missing);
      expect(guest.body).not.toContain(SECRET_COMMENT);
      expect(guest.body).not.toContain(SECRET_REVIEW);
      expect(String(guest.headers['set-cookie'] ?? '')).not.toContain('ss_cvr');
      const signedIn = await outsider.send(method, path, body === undefined ? {} : { json: body });
      expect(answerOf(signedIn), `${method} ${path} signed in`).toEqual(missing);
    }
    // Nothing the refused calls sent was kept: no comment or review waits, and the like count did not move.
    const comments = await t.call(s.site, 'GET', '/api/content/comments?status=pending', undefined, { owner: true });
    expect(comments.json().comments).toEqual([]);
    const reviews = await t.call(s.site, 'GET', '/api/content/reviews?status=pending', undefined, { owner: true });
    expect(reviews.json().reviews).toEqual([]);
    const [row] = await testDb.db.select({ likeCount: items.likeCount }).from(items).where(eq(items.id, gatedPostId));
    expect(row!.likeCount).toBe(GATED_LIKES);
  });

  it('gives a member the comments, like and reviews of gated items as for any item, never for a shared cache; the owner queues them as usual', async () => {
    for (const itemId of [gatedPostId, studioPostId]) {
      const list = await member.send('GET', itemCommentsPath(itemId));
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(list.json()).toMatchObject({ itemId, publicCommentCount: 1, comments: [expect.objectContaining({ body: SECRET_COMMENT })] });
      const posted = await member.send('POST', itemCommentsPath(itemId), { json: { ...COMMENT, body: `Member on ${itemId}` } });
      expect(posted.statusCode).toBe(202);
    }
    const liked = await member.send('PUT', itemLikePath(gatedPostId), { json: { liked: true } });
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ itemId: gatedPostId, liked: true, likeCount: GATED_LIKES + 1 });
    expect((await member.send('GET', itemLikePath(gatedPostId))).json()).toEqual({ itemId: gatedPostId, liked: true, likeCount: GATED_LIKES + 1 });
    const reviews = await member.send('GET', productReviewsPath(gatedProductId));
    expect(reviews.statusCode).toBe(200);
    expect(reviews.headers['cache-control']).toBe('private, no-store');
    expect(reviews.json()).toMatchObject({
      itemId: gatedProductId,
      aggregateRating: { reviewCount: 1 },
      reviews: [expect.objectContaining({ body: SECRET_REVIEW })],
    });
    expect((await member.send('POST', productReviewsPath(gatedProductId), { json: REVIEW })).statusCode).toBe(202);

    const queue = (await t.call(s.site, 'GET', '/api/content/comments?status=pending', undefined, { owner: true })).json().comments;
    expect(queue.map((c: { itemId: string }) => c.itemId).sort()).toEqual([gatedPostId, studioPostId].sort());
    const reviewQueue = (await t.call(s.site, 'GET', '/api/content/reviews?status=pending', undefined, { owner: true })).json().reviews;
    expect(reviewQueue).toEqual([expect.objectContaining({ itemId: gatedProductId, body: REVIEW.body })]);
    // The guest still gets nothing after the member's visit.
    expect((await t.call(s.site, 'GET', itemCommentsPath(gatedPostId))).statusCode).toBe(404);
  });

  it('leaves ungated posts and products as they were for guests', async () => {
    const list = await t.call(s.site, 'GET', itemCommentsPath(s.postId));
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-cache');
    expect((await t.call(s.site, 'POST', itemCommentsPath(s.postId), COMMENT)).statusCode).toBe(202);
    const like = await t.call(s.site, 'PUT', itemLikePath(s.postId), { liked: true });
    expect(like.json()).toEqual({ itemId: s.postId, liked: true, likeCount: 1 });
    expect((await t.call(s.site, 'GET', itemLikePath(s.postId))).json().likeCount).toBe(1);
    const reviews = await t.call(s.site, 'GET', productReviewsPath(s.productId));
    expect(reviews.statusCode).toBe(200);
    expect(reviews.headers['cache-control']).toBe('no-cache');
    expect((await t.call(s.site, 'POST', productReviewsPath(s.productId), REVIEW)).statusCode).toBe(202);
  });

  it("keeps a gated post and its like count out of the guest's blog list, and shows them to the member", async () => {
    const likesOf = (response: LightMyRequestResponse) =>
      Object.fromEntries((response.json().items as Array<{ id: string; likeCount: number }>).map((item) => [item.id, item.likeCount]));
    const guest = await t.app.inject({ method: 'GET', url: '/journal?format=json', headers: { host } });
    expect(guest.statusCode).toBe(200);
    expect(likesOf(guest)).toHaveProperty(s.postId);
    expect(likesOf(guest)).not.toHaveProperty(gatedPostId);
    expect(guest.body).not.toContain(GATED_TITLE);
    const html = await t.app.inject({ method: 'GET', url: '/journal', headers: { host, accept: 'text/html' } });
    expect(html.body).not.toContain(GATED_TITLE);
    const forMember = await member.send('GET', '/journal?format=json');
    expect(likesOf(forMember)[gatedPostId]).toBeGreaterThanOrEqual(GATED_LIKES);
  });

  it("never names a gated post to a guest beside another post or in a page's blocks (summary, archive), and names it to the member", async () => {
    // first-post's newer neighbour is the gated post.
    const guestPost = await t.app.inject({ method: 'GET', url: '/journal/first-post', headers: { host, accept: 'text/html' } });
    expect(guestPost.statusCode).toBe(200);
    expect(guestPost.body).not.toContain(GATED_TITLE);
    expect(guestPost.body).not.toContain('/journal/glaze-notes');
    const memberPost = await member.send('GET', '/journal/first-post?format=json');
    expect(memberPost.json().render.adjacent.newer).toMatchObject({ title: GATED_TITLE });

    const [home] = await testDb.db.select().from(collections).where(eq(collections.id, s.homeId));
    const blocks = [
      { typeName: 'summary', collectionId: s.blogId, title: 'From the journal', limit: 6 },
      { typeName: 'summary-v2', collectionId: s.blogId, design: 'list', limit: 6 },
      { typeName: 'archive', collectionId: s.blogId },
      { typeName: 'tag-cloud', collectionId: s.blogId },
    ];
    await testDb.db
      .update(collections)
      .set({ settings: { ...(home!.settings as object), blocks } })
      .where(eq(collections.id, s.homeId));
    const guestHome = await t.app.inject({ method: 'GET', url: '/?format=json', headers: { host } });
    expect(guestHome.statusCode).toBe(200);
    expect(guestHome.body).toContain('/journal/first-post');
    expect(guestHome.body).not.toContain(GATED_TITLE);
    expect(guestHome.body).not.toContain('glaze-notes');
    const memberHome = await member.send('GET', '/?format=json');
    const summaries = (memberHome.json().collection.blocks as Array<{ typeName: string; items?: { title: string }[] }>).filter((b) => b.items);
    expect(summaries).toHaveLength(2);
    for (const block of summaries) expect(block.items!.map((item) => item.title)).toContain(GATED_TITLE);

    // A theme's own query (the magazine's "Latest stories" beside every page) follows the rule too.
    await testDb.db.execute(sql`UPDATE websites SET settings = settings || '{"theme":"magazine"}'::jsonb WHERE id = ${s.site.id}`);
    const latest = (html: string) => /<ol class="latest-stories__list">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
    const guestAbout = await t.app.inject({ method: 'GET', url: '/', headers: { host, accept: 'text/html' } });
    expect(latest(guestAbout.body)).toContain('/journal/first-post');
    expect(latest(guestAbout.body)).not.toContain(GATED_TITLE);
    const memberAbout = await member.send('GET', '/', { headers: { accept: 'text/html' } });
    expect(latest(memberAbout.body)).toContain(GATED_TITLE);
  });
});
