import { Writable } from 'node:stream';
import { buildSubmissionPayload } from '@emporium/forms';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, fetchCrumb, type TestApp } from '../../test-support/test-app.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { buildApp } from '../app.js';
import { forms, items } from '../db/schema.js';
import { NEWSLETTER_FORM } from '../seed/demo-forms.js';
import { seedDemo } from '../seed/index.js';
import { escapeHtml } from '@emporium/template';

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

const OWNER_TOKEN = 'owner-token-for-hostile-input-tests';
const NUL = '\u0000';
const LONE = '\ud800';

describe.each(availableDialects())('issues 2 and 3: NUL, lone surrogates and deep nesting answer 400, never 500 (%s)', (dialect) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let crumb: string;
  const logs: string[] = [];
  const ids: Record<string, string> = {};
  const jar = new Map<string, string>();
  const host = 'demo.localhost';

  const send = async (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        host,
        accept: 'application/json',
        cookie: [`crumb=${crumb}`, ...[...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`)].join('; '),
        'x-csrf-token': crumb,
        authorization: `Bearer ${OWNER_TOKEN}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    for (const cookie of response.cookies) if (cookie.name !== 'crumb') jar.set(cookie.name, cookie.value);
    return response;
  };
  const itemId = async (urlId: string) => (await testDb.db.select({ id: items.id }).from(items).where(eq(items.urlId, urlId)))[0]!.id;
  const submission = async (page: { pagePath: string }, key?: string) =>
    buildSubmissionPayload({
      fields: NEWSLETTER_FORM.fields as never,
      values: { email: 'reader@example.com' },
      key: key ?? (await send('POST', '/api/form/FormSubmissionKey')).json().key,
      page: { pageTitle: 'Home', pageId: 'home', contentSource: 'c', pagePermissionTypeValue: 1, ...page },
    });

  beforeAll(async () => {
    testDb = await createTestDb({ dialect });
    await seedDemo(testDb.db);
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      db: testDb.db,
      pages: true,
      config: { logLevel: 'error', ownerToken: OWNER_TOKEN },
      logStream,
      rateLimitStore: { hit: async () => 1, close: async () => {} },
    });
    await app.ready();
    crumb = await fetchCrumb(app, host);
    ids.post = await itemId('why-we-wash-our-linen-twice');
    ids.apron = await itemId('everyday-apron');
    ids.shirt = await itemId('linen-camp-shirt');
    ids.seedBox = await itemId('seasonal-seed-box');
    ids.workshop = await itemId('natural-dye-workshop');
    const [newsletter] = await testDb.db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.name, 'Newsletter')));
    ids.newsletter = newsletter!.id;
  });
  beforeEach(() => {
    logs.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  const expectRefused = (response: { statusCode: number; body: string; headers: Record<string, unknown> }, field: string) => {
    expect(response.statusCode).toBe(400);
    if (String(response.headers['content-type']).startsWith('application/json')) {
      const body = JSON.parse(response.body) as { error: string; field?: string; fields?: Record<string, string> };
      // Refused by the input guard (INVALID_INPUT, one field) or by the route's own schema (VALIDATION_FAILED, per-field messages).
      if (body.error === 'VALIDATION_FAILED') expect(Object.keys(body.fields ?? {})).toContain(field.replace(/^body\./, ''));
      else expect(body).toMatchObject({ error: 'INVALID_INPUT', field });
    } else {
      expect(response.body).toContain(field.replace(/"/g, '&quot;'));
    }
    expect(logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  };

  it.each([
    ['/api/commerce/inventory/stock/?itemId=%00', 'query.itemId'],
    ['/search?q=%00', 'query.q'],
    ['/journal?tag=%00', 'query.tag'],
    ['/shop?category=%00', 'query.category'],
    ['/shop/%00', 'params["*"]'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    expectRefused(await send('GET', url, undefined, { accept: 'text/html' }), field);
  });

  it('answers an HTML page route with an HTML 400 page and a JSON route with JSON', async () => {
    const page = await send('GET', '/search?q=%00', undefined, { accept: 'text/html' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('query.q contains a NUL character (U+0000)');
    const api = await send('GET', '/api/commerce/inventory/stock/?itemId=%00');
    expect(api.json()).toEqual({
      error: 'INVALID_INPUT',
      field: 'query.itemId',
      message: 'query.itemId contains a NUL character (U+0000), which is not accepted in text.',
    });
  });

  it('refuses NUL in add-to-cart and subscription item ids', async () => {
    expectRefused(await send('POST', '/api/commerce/shopping-cart/entries', { itemId: `${ids.shirt}${NUL}`, sku: null, quantity: 1 }), 'body.itemId');
    expectRefused(await send('POST', '/api/3/commerce/cart/subscription', { itemId: NUL, qty: 1 }), 'body.itemId');
  });

  it('refuses NUL in comment and review fields', async () => {
    const comment = { name: `Ada${NUL}`, email: 'ada@example.com', body: 'Lovely linen.' };
    expectRefused(await send('POST', `/api/content/items/${ids.post}/comments`, comment), 'body.name');
    expectRefused(await send('POST', `/api/content/items/${ids.post}/comments`, { ...comment, name: 'Ada', body: `x${NUL}` }), 'body.body');
    const review = { name: 'Ada', rating: 5, title: `Great${NUL}`, body: 'Sturdy apron.' };
    expectRefused(await send('POST', `/api/content/products/${ids.apron}/reviews`, review), 'body.title');
  });

  it('refuses NUL or a lone surrogate in a form submission key and page path', async () => {
    expectRefused(
      await send('POST', '/api/form/SaveFormSubmission', { ...(await submission({ pagePath: '/' }, `k${NUL}`)), formId: ids.newsletter }),
      'body.key',
    );
    expectRefused(
      await send('POST', '/api/form/SaveFormSubmission', { ...(await submission({ pagePath: `/${NUL}` })), formId: ids.newsletter }),
      'body.pagePath',
    );
    expectRefused(
      await send('POST', '/api/form/SaveFormSubmission', { ...(await submission({ pagePath: `/${LONE}` })), formId: ids.newsletter }),
      'body.pagePath',
    );
  });

  it('refuses NUL in an owner form name and submit label', async () => {
    const fields = [{ type: 'email', title: 'Email', required: true }];
    expectRefused(await send('POST', '/api/owner/forms', { name: `News${NUL}`, fields }), 'body.name');
    expectRefused(await send('POST', '/api/owner/forms', { name: 'News', submitLabel: `Go${NUL}`, fields }), 'body.submitLabel');
  });

  it.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE],
  ])('refuses %s in a coupon code, a shipping option id and a page path', async (_name, bad) => {
    expect((await send('POST', '/api/commerce/shopping-cart/entries', { itemId: ids.seedBox, sku: null, quantity: 1 })).statusCode).toBeLessThan(500);
    expectRefused(await send('POST', '/api/commerce/shopping-cart/coupons', { code: `SAVE${bad}` }), 'body.code');
    expectRefused(await send('PUT', '/api/commerce/shopping-cart/shipping', { shippingOptionId: `ship${bad}` }), 'body.shippingOptionId');
    expectRefused(await send('POST', '/api/commerce/checkout', { shippingOptionId: `ship${bad}` }), 'body.shippingOptionId');
    expectRefused(await send('POST', '/api/census/RecordHit', { pagePath: `/${bad}` }), 'body.pagePath');
  });

  it('refuses a NUL in an object key', async () => {
    expectRefused(await send('POST', '/api/commerce/shopping-cart/coupons', `{"code":"A","x${'\\u0000'}":1}`), 'body["x\\u0000"]');
  });

  it('issue 3: refuses a checkout body nested 5000 deep with an Idempotency-Key (400, not a stack overflow)', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const payload = `{"shippingOptionId":${deep},"email":"ada@example.com"}`;
    for (const headers of [{ 'idempotency-key': `deep-${dialect}` }, {}] as Record<string, string>[]) {
      const response = await send('POST', '/api/commerce/checkout', payload, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_INPUT', message: expect.stringContaining('is nested more than 32 levels deep') });
    }
    expect(logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  });

  it.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE],
  ])('refuses %s hidden as a JSON escape inside a JSON-text field (cart additionalFields, form values, census data)', async (_name, bad) => {
    const additionalFields = JSON.stringify({ attendee: `Ada${bad}` });
    expectRefused(
      await send('POST', '/api/commerce/shopping-cart/entries', { itemId: ids.workshop, sku: null, quantity: 1, additionalFields }),
      'body.additionalFields.attendee',
    );
    const key = (await send('POST', '/api/form/FormSubmissionKey')).json().key as string;
    const submissionBody = {
      form: JSON.stringify({ email: `a${bad}@example.com` }),
      key,
      formId: ids.newsletter,
      pageTitle: 'Home',
      pageId: 'home',
      contentSource: 'c',
      pagePath: '/',
      pagePermissionTypeValue: 1,
    };
    expectRefused(await send('POST', '/api/form/SaveFormSubmission', submissionBody), 'body.form.email');
    const visitor = 'visitor-0001|1700000000000|1700000000000|1700000000000|1';
    const data = JSON.stringify({ event: 'view', url: `http://${host}/journal`, title: `Walnut${bad}` });
    const hit = new URLSearchParams({ event: 'view', data, ss_cvr: visitor, crumb }).toString();
    expectRefused(
      await send('POST', '/api/census/RecordHit', hit, {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `crumb=${crumb}; ss_cvr=${encodeURIComponent(visitor)}`,
      }),
      'body.data',
    );
  });

  it.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE],
  ])('refuses %s hidden in an owner list cursor', async (_name, bad) => {
    const cursor = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const url of [
      `/api/site-users/account/notifications/restock/groups?cursor=${cursor([`a${bad}`, 'b'])}`,
      `/api/site-users/account/notifications/restock?cursor=${cursor(['1700000000000000', `a${bad}`])}`,
      `/api/owner/forms/${ids.newsletter}/submissions?cursor=${cursor(['1700000000000000', `a${bad}`])}`,
    ]) {
      const response = await send('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'cursor is not valid.' });
    }
    expect(logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  });

  it('treats a cookie holding NUL as absent instead of refusing the visitor', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      headers: { host, cookie: `crumb=${crumb}; SiteUserInfo=%00; cart=%00` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('still accepts well-formed text with astral characters and paired surrogates', async () => {
    const comment = { name: 'Zoë 🧵', email: 'zoe@example.com', body: 'Beautiful 𝄞 stitching.' };
    expect((await send('POST', `/api/content/items/${ids.post}/comments`, comment)).statusCode).toBeLessThan(300);
  });
});
