import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment, itemCommentsContext, moderateComment } from '../comments/index.js';
import { addReview, moderateReview, productReviewsContext } from '../reviews/index.js';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';

describe('page contexts for the page module (issue 6)', () => {
  let t: ContentTestApp;
  let a: ContentSite;
  beforeAll(async () => {
    t = await createContentTestApp();
    a = await t.seedSite({ identifier: 'ctx-a', title: 'A', settings: { commentsEnabled: true } });
  });
  afterAll(() => t.close());

  it('itemCommentsContext gives approved comments, count text and the visibility rule', async () => {
    const db = t.testDb.db;
    const id = await addComment(db, a.site.id, a.postId, { name: 'N', email: 'n@example.com', body: 'B' }, undefined);
    await addComment(db, a.site.id, a.postId, { name: 'P', email: 'p@example.com', body: 'pending' }, undefined);
    await moderateComment(db, a.site.id, id, 'approved');
    const ctx = await itemCommentsContext(db, a.site, { id: a.postId, structuredContent: { commentsOpen: true } });
    expect(ctx).toMatchObject({ publicCommentCount: 1, countText: '1 Comment', commentState: 1, visible: true, open: true });
    expect(ctx.comments.map((c) => c.body)).toEqual(['B']);
    const off = await itemCommentsContext(db, { ...a.site, settings: { commentsEnabled: false } }, { id: a.postId, structuredContent: { commentsOpen: true } });
    expect(off).toMatchObject({ comments: [], visible: false, open: false });
  });

  it('productReviewsContext is null when display is off or the kill switch is set', async () => {
    const db = t.testDb.db;
    const id = await addReview(db, a.site.id, a.productId, { name: 'R', rating: 5, title: '', body: 'Great' }, undefined);
    await moderateReview(db, a.site.id, id, 'approved');
    expect(await productReviewsContext(db, a.site, a.productId)).toMatchObject({
      aggregateRating: { ratingValue: 5, reviewCount: 1 },
      reviews: [{ body: 'Great' }],
    });
    expect(await productReviewsContext(db, { ...a.site, settings: { reviewsKillSwitch: true } }, a.productId)).toBeNull();
    expect(await productReviewsContext(db, a.site, a.postId)).toBeNull();
  });
});
