import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, fetchCrumb, type TestApp } from '../../test-support/test-app.js';
import { CRUMB_EXPIRED_MESSAGE, CRUMB_NO_COOKIES_MESSAGE, crumbFailure, newCrumb } from './crumb.js';

describe('crumb (CSRF) on state-changing /api requests', () => {
  let t: TestApp;
  let host: string;
  let crumb: string;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          app.route({ method, url: '/api/test/echo', handler: async () => ({ ok: true }) });
        }
        app.get('/api/test/echo', async () => ({ ok: true }));
        app.post('/api/test/beacon', { config: { crumb: false } }, async () => ({ ok: true }));
        app.get('/test/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
      },
    });
    const site = await t.createSite({ identifier: 'crumbs', title: 'Crumbs' });
    host = t.hostOf(site);
    crumb = await fetchCrumb(t.app, host, '/test/page');
  });
  afterAll(() => t.close());

  it('issues a readable, SameSite=Lax crumb cookie on HTML pages and keeps a valid one', async () => {
    const first = await t.app.inject({ url: '/test/page', headers: { host } });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^crumb=[A-Za-z0-9_-]{32}; Path=\/; SameSite=Lax$/);
    expect(setCookie).not.toContain('HttpOnly');
    const again = await t.app.inject({ url: '/test/page', headers: { host, cookie: `crumb=${crumb}` } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('replaces a malformed crumb cookie with a new one', async () => {
    const response = await t.app.inject({ url: '/test/page', headers: { host, cookie: 'crumb=short' } });
    expect(cookieFrom(response, 'crumb')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('does not set the crumb cookie on JSON responses', async () => {
    const response = await t.app.inject({ url: '/api/test/echo', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['no cookies at all', {}, CRUMB_NO_COOKIES_MESSAGE],
    ['an empty Cookie header', { cookie: '' }, CRUMB_NO_COOKIES_MESSAGE],
    ['cookies but no crumb cookie', { cookie: 'ss_cvr=abc' }, CRUMB_EXPIRED_MESSAGE],
    ['a crumb cookie but no token', { cookie: 'crumb=COOKIE' }, CRUMB_EXPIRED_MESSAGE],
    ['a token that differs from the cookie', { cookie: 'crumb=COOKIE', 'x-csrf-token': 'x'.repeat(32) }, CRUMB_EXPIRED_MESSAGE],
    ['a token but no cookies', { 'x-csrf-token': 'TOKEN' }, CRUMB_NO_COOKIES_MESSAGE],
  ])('refuses %s with crumbFail and the spec message', async (_name, headers, message) => {
    const resolved = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, v.replace('COOKIE', crumb).replace('TOKEN', crumb)]),
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { host, ...resolved }, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ crumbFail: true, message, error: 'CRUMB_FAIL' });
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('checks %s and accepts the X-CSRF-Token header', async (method) => {
    const refused = await t.app.inject({ method, url: '/api/test/echo', headers: { host, cookie: `crumb=${crumb}` } });
    expect(refused.statusCode).toBe(401);
    const accepted = await t.app.inject({
      method,
      url: '/api/test/echo',
      headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('accepts the crumb as a JSON body field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, cookie: `other=1; crumb=${crumb}` },
      payload: { crumb, itemId: 'x' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts the crumb as a form-encoded body field (RecordEvent style)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `crumb=${crumb}&event=view&data=%7B%7D`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets a route opt out (beacons) and does not check GET or unknown routes', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/test/beacon', headers: { host, 'content-type': 'text/plain' }, payload: '[]' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/echo', headers: { host } })).statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/nope', headers: { host }, payload: {} });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('crumbFailure', () => {
  it('accepts only an exact, well-formed match', () => {
    const c = newCrumb();
    expect(crumbFailure({ cookieHeader: `crumb=${c}`, cookie: c, submitted: c })).toBeNull();
    expect(crumbFailure({ cookieHeader: `crumb=${c}`, cookie: c, submitted: `${c}x` })?.message).toBe(CRUMB_EXPIRED_MESSAGE);
    expect(crumbFailure({ cookieHeader: 'crumb=a', cookie: 'a', submitted: 'a' })?.message).toBe(CRUMB_EXPIRED_MESSAGE);
    expect(crumbFailure({ cookieHeader: undefined, cookie: undefined, submitted: c })?.message).toBe(CRUMB_NO_COOKIES_MESSAGE);
  });
});
