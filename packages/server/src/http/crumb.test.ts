import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, fetchCrumb, type TestApp } from '../../test-support/test-app.js';
import { randomBytes } from 'node:crypto';
import { CROSS_SITE_MESSAGE, CRUMB_EXPIRED_MESSAGE, CRUMB_NO_COOKIES_MESSAGE, crumbFailure, crumbSigner } from './crumb.js';

describe('crumb (CSRF) on every state-changing request', () => {
  let t: TestApp;
  let host: string;
  let otherHost: string;
  let crumb: string;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          app.route({ method, url: '/api/test/echo', handler: async () => ({ ok: true }) });
        }
        app.get('/api/test/echo', async () => ({ ok: true }));
        app.post('/api/test/beacon', { config: { crumb: false } }, async () => ({ ok: true }));
        app.post('/config/test/form', async () => ({ ok: true }));
        app.get('/test/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
      },
    });
    const site = await t.createSite({ identifier: 'crumbs', title: 'Crumbs' });
    host = t.hostOf(site);
    otherHost = t.hostOf(await t.createSite({ identifier: 'crumbs-other', title: 'Other' }));
    crumb = await fetchCrumb(t.app, host, '/test/page');
  });
  afterAll(() => t.close());

  it('issues a readable, SameSite=Lax crumb cookie on HTML pages and keeps a valid one', async () => {
    const first = await t.app.inject({ url: '/test/page', headers: { host } });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^crumb=[A-Za-z0-9_-]{44}; Path=\/; SameSite=Lax$/);
    expect(setCookie).not.toContain('HttpOnly');
    const again = await t.app.inject({ url: '/test/page', headers: { host, cookie: `crumb=${crumb}` } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('replaces a malformed crumb cookie with a new one', async () => {
    const response = await t.app.inject({ url: '/test/page', headers: { host, cookie: 'crumb=short' } });
    expect(cookieFrom(response, 'crumb')).toMatch(/^[A-Za-z0-9_-]{44}$/);
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
    const resolved = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('COOKIE', crumb).replace('TOKEN', crumb)]));
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
    expect((await t.app.inject({ method: 'POST', url: '/api/test/beacon', headers: { host, 'content-type': 'text/plain' }, payload: '[]' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/test/echo', headers: { host } })).statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/nope', headers: { host }, payload: {} });
    expect(unknown.statusCode).toBe(404);
  });
  it.each([
    ['a percent-encoded letter', '/%61pi/test/echo'],
    ['an encoded first letter of the whole path', '/%61%70%69/test/echo'],
    ['a doubled slash', '/api//test/echo'],
    ['a dot segment', '/api/./test/echo'],
  ])('checks the route Fastify matched, not the raw URL: %s', async (_name, url) => {
    const reached = await t.app.inject({ method: 'POST', url, headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb }, payload: {} });
    const refused = await t.app.inject({ method: 'POST', url, headers: { host, 'content-type': 'application/json' }, payload: {} });
    if (reached.statusCode === 200) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ crumbFail: true });
    } else {
      expect(reached.statusCode).toBe(404);
      expect(refused.statusCode).toBe(404);
    }
  });

  it('checks state changes outside /api too', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/config/test/form',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(refused.statusCode).toBe(401);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/config/test/form',
      headers: { host, cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `crumb=${crumb}&a=1`,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('refuses a self-chosen crumb pair and a crumb issued for another site', async () => {
    const chosen = 'A'.repeat(44);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, cookie: `crumb=${chosen}`, 'x-csrf-token': chosen },
      payload: {},
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ crumbFail: true, message: CRUMB_EXPIRED_MESSAGE });
    const foreign = await fetchCrumb(t.app, otherHost, '/test/page');
    const tossed = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, cookie: `crumb=${foreign}`, 'x-csrf-token': foreign },
      payload: {},
    });
    expect(tossed.statusCode).toBe(401);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling site)', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another host', { origin: 'http://evil.localhost:3000' }],
    ['an opaque Origin', { origin: 'null' }],
  ])('refuses a state change the browser marks as cross-site: %s, even with a valid crumb', async (_name, headers) => {
    for (const url of ['/api/test/echo', '/api/test/beacon']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, ...headers }, payload: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ crossSite: true, message: CROSS_SITE_MESSAGE });
    }
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
    ['an Origin of the same host', { origin: 'http://crumbs.localhost' }],
  ])('accepts a same-origin state change: %s', async (_name, headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, ...headers },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('crumbSigner and crumbFailure', () => {
  const signer = crumbSigner(randomBytes(32));
  const genuine = (c: string) => ({ cookieHeader: `crumb=${c}`, cookie: c, cookieIsGenuine: signer.verify(c, 'site-a'), submitted: c });

  it('verifies only crumbs it issued, for the site they were issued for', () => {
    const c = signer.issue('site-a');
    expect(signer.verify(c, 'site-a')).toBe(true);
    expect(signer.verify(c, 'site-b')).toBe(false);
    expect(crumbSigner(randomBytes(32)).verify(c, 'site-a')).toBe(false);
    expect(signer.verify(`${c.slice(0, 43)}${c[43] === 'A' ? 'B' : 'A'}`, 'site-a')).toBe(false);
    expect(signer.verify('a'.repeat(44), 'site-a')).toBe(false);
    expect(signer.verify(undefined, 'site-a')).toBe(false);
  });

  it('accepts only a genuine crumb matched exactly by the submitted one', () => {
    const c = signer.issue('site-a');
    expect(crumbFailure(genuine(c))).toBeNull();
    expect(crumbFailure({ ...genuine(c), submitted: `${c}x` })?.message).toBe(CRUMB_EXPIRED_MESSAGE);
    expect(crumbFailure(genuine('a'.repeat(44)))?.message).toBe(CRUMB_EXPIRED_MESSAGE);
    expect(crumbFailure({ cookieHeader: undefined, cookie: undefined, cookieIsGenuine: false, submitted: c })?.message).toBe(CRUMB_NO_COOKIES_MESSAGE);
  });
});
