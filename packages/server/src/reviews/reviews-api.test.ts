import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import { REVIEW_PENDING_MESSAGE, ReviewMessages, REVIEWS_UNAVAILABLE_MESSAGE } from './review-texts.js';
import { productReviewsPath } from './routes.js';
import { reviewsEnabled } from './review-settings.js';

const REVIEW = { name: 'Lin', rating: 4, title: 'Good mug', body: 'Holds tea <well>' };

describe('reviews display rule (spec 2)', () => {
  it.each([
    ['native display on', { nativeReviewsDisplayEnabled: true }, {}, true],
    ['imported display on', { importedReviewsDisplayEnabled: true }, {}, true],
    ['both off', {}, {}, false],
    ['kill switch set', { nativeReviewsDisplayEnabled: true }, { reviewsKillSwitch: true }, false],
  ])('%s', (_name, merchandising, settings, shown) => expect(reviewsEnabled(merchandising, settings)).toBe(shown));
});

describe('reviews API (issue 6)', () => {
  let t: ContentTestApp;
  let a: ContentSite;
  let b: ContentSite;
  let hidden: ContentSite;
  let killed: ContentSite;
  beforeAll(async () => {
    t = await createContentTestApp();
    a = await t.seedSite({ identifier: 'reviews-a', title: 'A' });
    b = await t.seedSite({ identifier: 'reviews-b', title: 'B' });
    hidden = await t.seedSite({ identifier: 'reviews-hidden', title: 'H' }, { merchandising: {} });
    killed = await t.seedSite({ identifier: 'reviews-killed', title: 'K', settings: { reviewsKillSwitch: true } });
  });
  afterAll(() => t.close());

  it('queues reviews, lists approved ones and aggregates their ratings', async () => {
    const empty = (await t.call(a.site, 'GET', productReviewsPath(a.productId))).json();
    expect(empty).toEqual({ itemId: a.productId, reviews: [], aggregateRating: { ratingValue: null, reviewCount: 0, bestRating: 5, worstRating: 1 } });
    const ids: string[] = [];
    for (const rating of [5, 4, 4, 1]) {
      const res = await t.call(a.site, 'POST', productReviewsPath(a.productId), { ...REVIEW, rating });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ status: 'pending', message: REVIEW_PENDING_MESSAGE });
      ids.push(res.json().id);
    }
    for (const id of ids.slice(0, 3)) expect((await t.call(a.site, 'POST', `/api/content/reviews/${id}/approve`, {}, { owner: true })).statusCode).toBe(200);
    await t.call(a.site, 'POST', `/api/content/reviews/${ids[3]}/reject`, {}, { owner: true });
    const list = (await t.call(a.site, 'GET', productReviewsPath(a.productId))).json();
    expect(list.aggregateRating).toEqual({ ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 });
    expect(list.reviews).toHaveLength(3);
    expect(list.reviews[0]).toEqual({
      id: expect.any(String),
      authorName: 'Lin',
      rating: expect.any(Number),
      title: 'Good mug',
      body: 'Holds tea <well>',
      createdOn: expect.any(Number),
    });
  });

  it.each([
    ['rating 0', { ...REVIEW, rating: 0 }, 'rating', ReviewMessages.RATING_INVALID],
    ['rating 6', { ...REVIEW, rating: 6 }, 'rating', ReviewMessages.RATING_INVALID],
    ['rating 3.5', { ...REVIEW, rating: 3.5 }, 'rating', ReviewMessages.RATING_INVALID],
    ['no rating', { ...REVIEW, rating: undefined }, 'rating', ReviewMessages.RATING_INVALID],
    ['no body', { ...REVIEW, body: ' ' }, 'body', ReviewMessages.BODY_REQUIRED],
    ['no name', { ...REVIEW, name: '' }, 'name', ReviewMessages.NAME_REQUIRED],
    ['long title', { ...REVIEW, title: 't'.repeat(151) }, 'title', ReviewMessages.TITLE_TOO_LONG],
  ])('refuses %s (400)', async (_name, body, field, message) => {
    const res = await t.call(a.site, 'POST', productReviewsPath(a.productId), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'VALIDATION_FAILED', message, fields: { [field]: message } });
  });

  it('takes a one-digit rating string (form posts) and stores trimmed texts without a title', async () => {
    const res = await t.call(b.site, 'POST', productReviewsPath(b.productId), { name: ' Kim ', rating: '3', body: ' Fine ' });
    expect(res.statusCode).toBe(202);
    const queued = (await t.call(b.site, 'GET', '/api/content/reviews', undefined, { owner: true })).json().reviews;
    expect(queued.find((r: { id: string }) => r.id === res.json().id)).toMatchObject({ authorName: 'Kim', rating: 3, title: '', body: 'Fine' });
    expect((await t.call(b.site, 'POST', productReviewsPath(b.productId), { ...REVIEW, rating: ' 3' })).json().fields).toEqual({
      rating: ReviewMessages.RATING_INVALID,
    });
  });

  it('lists the review queue by status for the owner only (401 before any 400)', async () => {
    expect((await t.call(a.site, 'GET', '/api/content/reviews?status=maybe')).statusCode).toBe(401);
    const unknown = await t.call(a.site, 'GET', '/api/content/reviews?status=maybe', undefined, { owner: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ status: 'status must be one of pending, approved, rejected.' });
    expect((await t.call(a.site, 'GET', '/api/content/reviews?status=rejected', undefined, { owner: true })).json().reviews).toHaveLength(1);
  });

  it('refuses reviews when display is off or the kill switch is set (403), and on non-products (404)', async () => {
    for (const s of [hidden, killed]) {
      const res = await t.call(s.site, 'GET', productReviewsPath(s.productId));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REVIEWS_UNAVAILABLE_MESSAGE);
      expect((await t.call(s.site, 'POST', productReviewsPath(s.productId), REVIEW)).statusCode).toBe(403);
    }
    expect((await t.call(a.site, 'GET', productReviewsPath(a.postId))).statusCode).toBe(404);
  });

  it('answers 404 for another site’s product and keeps moderation per site and owner', async () => {
    expect((await t.call(a.site, 'GET', productReviewsPath(b.productId))).statusCode).toBe(404);
    expect((await t.call(a.site, 'POST', productReviewsPath(b.productId), REVIEW)).statusCode).toBe(404);
    const theirs = (await t.call(b.site, 'POST', productReviewsPath(b.productId), REVIEW)).json().id as string;
    expect((await t.call(a.site, 'POST', `/api/content/reviews/${theirs}/approve`, {}, { owner: true })).statusCode).toBe(404);
    expect((await t.call(b.site, 'POST', `/api/content/reviews/${theirs}/approve`, {})).statusCode).toBe(401);
    const queueOf = async (s: ContentSite) =>
      (await t.call(s.site, 'GET', '/api/content/reviews', undefined, { owner: true })).json().reviews.map((r: { id: string }) => r.id);
    expect(await queueOf(b)).toContain(theirs);
    expect(await queueOf(a)).not.toContain(theirs);
  });
});
