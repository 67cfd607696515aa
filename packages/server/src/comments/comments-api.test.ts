import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import { CRUMB_EXPIRED_MESSAGE } from '../http/crumb.js';
import { RATE_LIMITED_MESSAGE } from '../http/rate-limit.js';
import { COMMENT_LIMITS, COMMENT_PENDING_MESSAGE, CommentMessages, COMMENTS_CLOSED_MESSAGE } from './comment-texts.js';
import { COMMENT_RATE_LIMIT, CONTENT_POST_BODY_LIMIT, itemCommentsPath } from './routes.js';

const GOOD = { name: 'Grace', email: 'grace@example.com', body: 'Lovely <script>alert(1)</script> post' };

describe('comments API (issue 6)', () => {
  let t: ContentTestApp;
  let a: ContentSite;
  let b: ContentSite;
  let off: ContentSite;
  beforeAll(async () => {
    t = await createContentTestApp();
    a = await t.seedSite({ identifier: 'comments-a', title: 'A', settings: { commentsEnabled: true } });
    b = await t.seedSite({ identifier: 'comments-b', title: 'B', settings: { commentsEnabled: true } });
    off = await t.seedSite({ identifier: 'comments-off', title: 'Off', settings: { commentsEnabled: false } });
  });
  afterAll(() => t.close());

  it('starts with no comments: count text No Comments, visible because commentState is 1', async () => {
    const res = await t.call(a.site, 'GET', itemCommentsPath(a.postId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ commentState: 1, publicCommentCount: 0, countText: 'No Comments', visible: true, open: true, comments: [] });
  });

  it('queues a posted comment as pending; the public list shows only approved ones', async () => {
    const posted = await t.call(a.site, 'POST', itemCommentsPath(a.postId), GOOD);
    expect(posted.statusCode).toBe(202);
    expect(posted.json()).toMatchObject({ status: 'pending', message: COMMENT_PENDING_MESSAGE });
    const { id } = posted.json() as { id: string };
    expect((await t.call(a.site, 'GET', itemCommentsPath(a.postId))).json()).toMatchObject({ publicCommentCount: 0, comments: [] });

    const queue = await t.call(a.site, 'GET', '/api/content/comments?status=pending', undefined, { owner: true });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().comments).toEqual([expect.objectContaining({ id, itemId: a.postId, authorEmail: GOOD.email, status: 'pending' })]);

    const approved = await t.call(a.site, 'POST', `/api/content/comments/${id}/approve`, {}, { owner: true });
    expect(approved.json()).toEqual({ id, status: 'approved' });
    const list = (await t.call(a.site, 'GET', itemCommentsPath(a.postId))).json();
    expect(list).toMatchObject({ publicCommentCount: 1, countText: '1 Comment' });
    expect(list.comments).toEqual([{ id, authorName: 'Grace', body: GOOD.body, addedOn: expect.any(Number) }]);
    expect(JSON.stringify(list)).not.toContain(GOOD.email);
  });

  it('counts N Comments and hides rejected ones', async () => {
    const ids: string[] = [];
    for (const body of ['two', 'three', 'spam']) ids.push((await t.call(b.site, 'POST', itemCommentsPath(b.postId), { ...GOOD, body })).json().id);
    for (const id of ids.slice(0, 2)) await t.call(b.site, 'POST', `/api/content/comments/${id}/approve`, {}, { owner: true });
    await t.call(b.site, 'POST', `/api/content/comments/${ids[2]}/reject`, {}, { owner: true });
    expect((await t.call(b.site, 'GET', itemCommentsPath(b.postId))).json()).toMatchObject({ publicCommentCount: 2, countText: '2 Comments' });
    expect(
      (await t.call(b.site, 'GET', '/api/content/comments?status=rejected', undefined, { owner: true })).json().comments.map((c: { body: string }) => c.body),
    ).toEqual(['spam']);
  });

  it.each([
    ['missing name', { ...GOOD, name: ' ' }, 'name', CommentMessages.NAME_REQUIRED],
    ['long name', { ...GOOD, name: 'n'.repeat(COMMENT_LIMITS.nameMax + 1) }, 'name', CommentMessages.NAME_TOO_LONG],
    ['bad email', { ...GOOD, email: 'nope' }, 'email', CommentMessages.EMAIL_INVALID],
    ['long email', { ...GOOD, email: `${'e'.repeat(250)}@example.com` }, 'email', CommentMessages.EMAIL_INVALID],
    ['email with a five-letter TLD (spec 5: TLD 2-4 characters)', { ...GOOD, email: 'grace@example.abcde' }, 'email', CommentMessages.EMAIL_INVALID],
    ['empty body', { ...GOOD, body: '' }, 'body', CommentMessages.BODY_REQUIRED],
    ['long body', { ...GOOD, body: 'b'.repeat(COMMENT_LIMITS.bodyMax + 1) }, 'body', CommentMessages.BODY_TOO_LONG],
  ])('refuses %s with 400 and a field error', async (_name, body, field, message) => {
    const refused = await t.call(b.site, 'POST', itemCommentsPath(b.postId), body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'VALIDATION_FAILED', message, fields: { [field]: message } });
  });

  it('names every refused field, and refuses a body that is not an object', async () => {
    const refused = await t.call(b.site, 'POST', itemCommentsPath(b.postId), { name: 7, email: 'nope' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ name: CommentMessages.NAME_REQUIRED, email: CommentMessages.EMAIL_INVALID, body: CommentMessages.BODY_REQUIRED });
    const list = await t.call(b.site, 'POST', itemCommentsPath(b.postId), [GOOD]);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: CommentMessages.INVALID });
  });

  it('stores the trimmed texts of a comment', async () => {
    const posted = await t.call(b.site, 'POST', itemCommentsPath(b.postId), { name: '  Ada ', email: ' ada@example.com ', body: '  Hi  ' });
    expect(posted.statusCode).toBe(202);
    const queue = (await t.call(b.site, 'GET', '/api/content/comments', undefined, { owner: true })).json().comments;
    expect(queue.find((c: { id: string }) => c.id === posted.json().id)).toMatchObject({ authorName: 'Ada', authorEmail: 'ada@example.com', body: 'Hi' });
  });

  it('refuses a body over 32 KB with 413', async () => {
    const res = await t.call(a.site, 'POST', itemCommentsPath(a.postId), { ...GOOD, body: 'x'.repeat(CONTENT_POST_BODY_LIMIT) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a post without the crumb', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: itemCommentsPath(a.postId),
      headers: { host: t.hostOf(a.site), cookie: 'crumb=abcdefghijklmnopqrstuvwxyz', 'content-type': 'application/json' },
      payload: JSON.stringify(GOOD),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ crumbFail: true, message: CRUMB_EXPIRED_MESSAGE });
  });

  it('refuses posts when the item is closed (403) or the site has comments off (403, list hidden)', async () => {
    const closed = await t.call(a.site, 'POST', itemCommentsPath(a.closedPostId), GOOD);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(COMMENTS_CLOSED_MESSAGE);
    expect((await t.call(a.site, 'GET', itemCommentsPath(a.closedPostId))).json()).toMatchObject({ commentState: 0, visible: false, open: false });
    expect((await t.call(off.site, 'POST', itemCommentsPath(off.postId), GOOD)).statusCode).toBe(403);
    expect((await t.call(off.site, 'GET', itemCommentsPath(off.postId))).json()).toMatchObject({ visible: false, open: false, comments: [] });
  });

  it('answers 404 for drafts, members-only posts, unknown ids and ids of another site (tenancy)', async () => {
    for (const url of [
      itemCommentsPath(a.draftId),
      itemCommentsPath(a.memberPostId),
      itemCommentsPath('nope'),
      itemCommentsPath(b.postId),
      itemCommentsPath('bad id!'),
    ]) {
      expect((await t.call(a.site, 'GET', url)).statusCode, url).toBe(404);
      expect((await t.call(a.site, 'POST', url, GOOD)).statusCode, url).toBe(404);
    }
    const theirs = (await t.call(b.site, 'POST', itemCommentsPath(b.postId), GOOD)).json().id as string;
    expect((await t.call(a.site, 'POST', `/api/content/comments/${theirs}/approve`, {}, { owner: true })).statusCode).toBe(404);
    expect((await t.call(a.site, 'GET', '/api/content/comments', undefined, { owner: true })).json().comments.map((c: { id: string }) => c.id)).not.toContain(
      theirs,
    );
  });

  it('limits comment posts to 5 a minute per site and client IP', () => {
    expect(COMMENT_RATE_LIMIT).toEqual({ name: 'comment-post', max: 5, windowMs: 60_000, key: 'site+ip' });
  });

  it('keeps moderation for the owner (401 without a session or token, 400 for an unknown status)', async () => {
    expect((await t.call(a.site, 'GET', '/api/content/comments')).statusCode).toBe(401);
    expect((await t.call(a.site, 'POST', '/api/content/comments/x/approve', {})).statusCode).toBe(401);
    expect((await t.call(a.site, 'GET', '/api/content/comments?status=maybe')).statusCode).toBe(401);
    const unknown = await t.call(a.site, 'GET', '/api/content/comments?status=maybe', undefined, { owner: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'status must be one of pending, approved, rejected.',
      fields: { status: 'status must be one of pending, approved, rejected.' },
    });
  });

  it('rate-limits comment posts per site and client (5, then 429)', async () => {
    const strict = await createContentTestApp({ strictLimits: true });
    try {
      const limited = await strict.seedSite({ identifier: 'comments-rate', title: 'R', settings: { commentsEnabled: true } });
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await strict.call(limited.site, 'POST', itemCommentsPath(limited.postId), GOOD)).statusCode);
      expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
      const last = await strict.call(limited.site, 'POST', itemCommentsPath(limited.postId), GOOD);
      expect(last.json().message).toBe(RATE_LIMITED_MESSAGE);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});
