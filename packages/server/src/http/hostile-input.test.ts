import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fetchCrumb, type TestApp } from '../../test-support/test-app.js';

describe('hostile input is refused with 4xx and the server keeps serving', () => {
  let t: TestApp;
  let host: string;
  let crumb: string;
  const post = (payload: string, contentType = 'application/json', url = '/api/test/echo') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': contentType },
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.post('/api/test/echo', async (request) => ({ received: request.body }));
        app.get('/test/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
      },
    });
    const site = await t.createSite({ identifier: 'hostile', title: 'Hostile' });
    host = t.hostOf(site);
    crumb = await fetchCrumb(t.app, host, '/test/page');
  });
  afterAll(() => t.close());

  it('accepts a well-formed request (control)', async () => {
    const response = await post('{"itemId":"abc","quantity":1}');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { itemId: 'abc', quantity: 1 } });
  });

  it.each([
    ['truncated JSON', '{"a":'],
    ['trailing garbage', '{"a":1}x'],
    ['single quotes', "{'a':1}"],
    ['bare word', 'undefined'],
    ['empty body', ''],
  ])('answers 400 for malformed JSON: %s', async (_name, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_JSON' });
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers 413 for a 3 MB JSON body', async () => {
    const response = await post(JSON.stringify({ blob: 'x'.repeat(3 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 413 for a 3 MB form-encoded body', async () => {
    const response = await post(`data=${'x'.repeat(3 * 1024 * 1024)}`, 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(413);
  });

  it('accepts a body just under the 1 MB limit', async () => {
    const response = await post(JSON.stringify({ blob: 'x'.repeat(1024 * 1024 - 100) }));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['__proto__ at the top', '{"__proto__":{"polluted":true}}'],
    ['__proto__ nested', '{"a":{"b":{"__proto__":{"polluted":true}}}}'],
    ['__proto__ in an array', '[{"__proto__":{"polluted":true}}]'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
  ])('refuses %s with 400 and pollutes nothing', async (_name, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_JSON' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses __proto__ keys in form-encoded bodies', async () => {
    const response = await post('__proto__=1&crumb=x', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BAD_REQUEST', message: 'Request body contains a forbidden key.' });
  });

  it('answers 415 for an unsupported content type', async () => {
    const response = await post('<a/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it.each([
    ['GET', '/no/such/page'],
    ['GET', '/api/no/such/api'],
    ['POST', '/api/no/such/api'],
    ['DELETE', '/api/test/echo'],
    ['GET', '/%'],
    ['GET', '/%E0%A4%A'],
    ['GET', '/..%2f..%2fetc%2fpasswd'],
    ['GET', `/${'a'.repeat(10_000)}`],
    ['GET', '/?format=json&__proto__[x]=1'],
  ] as const)('answers 4xx, never 5xx, for %s %s', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: { host } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('answers unknown API routes with a JSON 404 and unknown pages with an HTML 404', async () => {
    const api = await t.app.inject({ url: '/api/nothing', headers: { host } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found' });
    const page = await t.app.inject({ url: '/nothing', headers: { host } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each([
    [' '],
    ['nope.localhost'],
    ['a.b.localhost'],
    ['10.0.0.1'],
    ['evil.com/path'],
    ['"><script>alert(1)</script>'],
    ['ünicode.localhost'],
    [`${'a'.repeat(5000)}.com`],
    ['hostile.localhost:99999999'],
  ])('answers an odd Host header %j with 404', async (badHost) => {
    const response = await t.app.inject({ url: '/', headers: { host: badHost } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<script>alert');
  });

  it('still serves normally after all of the above', async () => {
    const response = await t.app.inject({ url: '/test/page', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<p>page</p>');
    expect((await post('{"ok":true}')).statusCode).toBe(200);
  });
});
