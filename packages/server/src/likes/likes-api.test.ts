import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom } from '../../test-support/test-app.js';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import { VISITOR_COOKIE } from '../content/index.js';
import { itemLikePath, LIKES_DISABLED_MESSAGE } from './routes.js';

describe('likes API (issue 6)', () => {
  let t: ContentTestApp;
  let a: ContentSite;
  let b: ContentSite;
  let off: ContentSite;
  beforeAll(async () => {
    t = await createContentTestApp();
    a = await t.seedSite({ identifier: 'likes-a', title: 'A', settings: { simpleLikingEnabled: true } });
    b = await t.seedSite({ identifier: 'likes-b', title: 'B', settings: { simpleLikingEnabled: true } });
    off = await t.seedSite({ identifier: 'likes-off', title: 'Off' });
  });
  afterAll(() => t.close());

  it('counts one like per visitor, issues the ss_cvr visitor cookie, and is idempotent', async () => {
    const first = await t.call(a.site, 'PUT', itemLikePath(a.postId), { liked: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ itemId: a.postId, liked: true, likeCount: 1 });
    const visitor = cookieFrom(first, VISITOR_COOKIE)!;
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/Max-Age=63072000/);
    const cookie = `${VISITOR_COOKIE}=${visitor}`;

    expect((await t.call(a.site, 'PUT', itemLikePath(a.postId), { liked: true }, { cookie })).json()).toEqual({ itemId: a.postId, liked: true, likeCount: 1 });
    expect((await t.call(a.site, 'GET', itemLikePath(a.postId), undefined, { cookie })).json()).toEqual({ itemId: a.postId, liked: true, likeCount: 1 });
    const other = await t.call(a.site, 'PUT', itemLikePath(a.postId), { liked: true }, { cookie: `${VISITOR_COOKIE}=another-visitor-0001|1|2|3` });
    expect(other.json().likeCount).toBe(2);
    expect(cookieFrom(other, VISITOR_COOKIE)).toBeUndefined();

    expect((await t.call(a.site, 'PUT', itemLikePath(a.postId), { liked: false }, { cookie })).json()).toEqual({
      itemId: a.postId,
      liked: false,
      likeCount: 1,
    });
    expect((await t.call(a.site, 'PUT', itemLikePath(a.postId), { liked: false }, { cookie })).json()).toEqual({
      itemId: a.postId,
      liked: false,
      likeCount: 1,
    });
    expect((await t.call(a.site, 'GET', itemLikePath(a.postId))).json()).toEqual({ itemId: a.postId, liked: false, likeCount: 1 });
  });

  it('keeps items.like_count equal to the number of like rows under concurrent likes', async () => {
    const visitors = Array.from({ length: 12 }, (_, i) => `${VISITOR_COOKIE}=visitor-concurrent-${String(i).padStart(4, '0')}`);
    await Promise.all(
      visitors.flatMap((cookie) => [
        t.call(a.site, 'PUT', itemLikePath(a.productId), { liked: true }, { cookie }),
        t.call(a.site, 'PUT', itemLikePath(a.productId), { liked: true }, { cookie }),
      ]),
    );
    expect((await t.call(a.site, 'GET', itemLikePath(a.productId))).json().likeCount).toBe(12);
  });

  it('refuses a body without a boolean liked (400) and sites with liking off (403)', async () => {
    expect((await t.call(a.site, 'PUT', itemLikePath(a.postId), { liked: 'yes' })).statusCode).toBe(400);
    const refused = await t.call(off.site, 'PUT', itemLikePath(off.postId), { liked: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LIKES_DISABLED_MESSAGE);
  });

  it('answers 404 for another site’s item, drafts and unknown ids, and needs the crumb', async () => {
    for (const id of [b.postId, a.draftId, a.memberPostId, 'missing'])
      expect((await t.call(a.site, 'PUT', itemLikePath(id), { liked: true })).statusCode).toBe(404);
    const noCrumb = await t.app.inject({
      method: 'PUT',
      url: itemLikePath(a.postId),
      headers: { host: t.hostOf(a.site), 'content-type': 'application/json' },
      payload: '{"liked":true}',
    });
    expect(noCrumb.statusCode).toBe(401);
    expect((await t.call(b.site, 'GET', itemLikePath(b.postId))).json().likeCount).toBe(0);
  });
});
