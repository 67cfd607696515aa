import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, type TestDb } from '../../test-support/test-db.js';
import { collections, forms, items, variants } from '../db/schema.js';
import type { Db } from '../db/types.js';
import { FUZZ_HOST as HOST, registeredRoutes, startFuzzApp, type FuzzApp, type RegisteredRoute } from '../../test-support/fuzz-app.js';
import { bodyOf, encodeLoose, hostileRequest, leafPaths, mutatedBody, mutation, pathVariants, type Json } from './route-fuzz-requests.js';

const OWNER_TOKEN = 'owner-token-for-the-route-fuzz-test';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VISITOR = 'visitor-0001|1700000000000|1700000000000|1700000000000|1';
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
/** Mutated requests per route: a well-formed request with one field, parameter or cookie made hostile. */
const MUTATIONS_PER_ROUTE = 14;
/** Hostile runs per route with a genuine crumb; with ~75 routes this keeps a database under a minute. */
const RUNS_PER_ROUTE = 6;
/** Seed of the generated requests; set FUZZ_SEED to replay a failing run. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

type Route = RegisteredRoute;

/** Row count and digest of every table of the current schema: equal snapshots mean nothing was written. */
async function databaseSnapshot(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const snapshot: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const { rows } = (await db.execute(
      sql.raw(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t`),
    )) as unknown as { rows: { n: number; h: string }[] };
    snapshot[table] = `${rows[0]!.n}:${rows[0]!.h}`;
  }
  return snapshot;
}

describe.each(availableDialects())('route fuzz over every registered route (%s)', (dialect) => {
  let fuzz: FuzzApp;
  let testDb: TestDb;
  let app: FastifyInstance;
  let routes: Route[];
  let crumb: string;
  let cartCookie = '';
  const samples: Record<string, string> = {};

  beforeAll(async () => {
    fuzz = await startFuzzApp(dialect, OWNER_TOKEN);
    ({ testDb, app, crumb } = fuzz);
    routes = registeredRoutes(app);
    const db = testDb.db;
    const itemId = async (urlId: string) => (await db.select({ id: items.id }).from(items).where(eq(items.urlId, urlId)))[0]!.id;
    samples.product = await itemId('everyday-apron');
    samples.post = await itemId('why-we-wash-our-linen-twice');
    samples.form = (await db.select({ id: forms.id }).from(forms).where(eq(forms.name, 'Newsletter')))[0]!.id;
    samples.collection = (
      await db
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.urlId, 'shop')))
    )[0]!.id;
    const added = await app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: { host: HOST, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/json' },
      payload: JSON.stringify({ itemId: await itemId('waxed-canvas-tote'), sku: null, quantity: 1 }),
    });
    expect(added.statusCode).toBeLessThan(300);
    cartCookie = added.cookies.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join('; ');
    samples.entry = added.json().shoppingCart.entries[0].id as string;
    samples.workshop = await itemId('natural-dye-workshop');
    samples.seedBox = await itemId('seasonal-seed-box');
    samples.mug = await itemId('stoneware-mug');
    samples.mugVariant = (await db.select({ id: variants.id }).from(variants).where(eq(variants.sku, 'FF-MUG-RIVER')))[0]!.id;
  });
  afterAll(async () => {
    await fuzz?.close();
  });

  /** A concrete path for a route pattern, each parameter filled from `values` (seed ids by default). */
  const concretePath = (url: string, values?: string[]) => {
    let index = 0;
    return url.replace(/:(\w+)|\*/g, (_all, name?: string) => {
      const given = values?.[index++];
      if (given !== undefined) return encodeLoose(given);
      if (!name) return 'shop';
      if (name === 'itemId') return url.includes('/products/') ? samples.product! : samples.post!;
      if (name === 'formId') return samples.form!;
      if (name === 'collectionId') return samples.collection!;
      if (name === 'entryId') return samples.entry!;
      if (name === 'code') return 'SAVE10';
      if (name === 'file') return url.includes('theme') ? 'site.css' : 'leaf.svg';
      if (name === 'blogUrlId') return 'journal';
      return randomUUID();
    });
  };

  const failures: string[] = [];
  const send = async (what: string, options: InjectOptions, check: (response: LightMyRequestResponse) => string | null) => {
    const before = fuzz.logs.lines.length;
    const response = await app.inject(options);
    const [logLine] = fuzz.logs.errorsSince(before);
    const problem = response.statusCode >= 500 ? `answered ${response.statusCode}` : (check(response) ?? (logLine ? 'logged an error' : null));
    if (problem) {
      failures.push(`${what}: ${problem}${logLine ? ` (${logLine.slice(0, 300)})` : ''}`);
    }
    return response;
  };
  const refused = (response: LightMyRequestResponse) =>
    response.statusCode >= 400 && response.statusCode < 500 ? null : `was not refused (HTTP ${response.statusCode})`;
  const noServerError = () => null;
  const forgedCrumb = () => randomBytes(33).toString('base64url');

  it('finds the routes to fuzz', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/commerce/checkout',
        'GET /*',
        'PUT /api/owner/forms/:formId',
        'POST /api/census/RecordHit',
        'PUT /api/multilingual/languages',
        'DELETE /api/multilingual/connection',
        'POST /api/site-users/account/session',
        'DELETE /api/site-users/account/session',
        'POST /api/site-users/account/locale',
        'GET /api/site-users/account/data',
        'POST /account/subscriptions/:subscriptionId/pause',
        'PUT /api/owner/site-settings/store',
        'PUT /api/owner/site-settings/captcha',
        'PUT /api/owner/site-settings/visitor',
      ]),
    );
    expect(routes.length).toBeGreaterThan(60);
  });

  it('refuses every state change without a genuine crumb, however the path is spelled, and writes nothing', async () => {
    failures.length = 0;
    const before = await databaseSnapshot(testDb.db);
    const body = JSON.stringify({ itemId: samples.product, sku: null, quantity: 1, code: 'SAVE10', name: 'N', email: 'n@example.com', body: 'b' });
    for (const route of routes.filter((r) => STATE_CHANGING.has(r.method))) {
      for (const path of pathVariants(concretePath(route.url))) {
        const base = { method: route.method as InjectOptions['method'], url: path, payload: body };
        const json = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${OWNER_TOKEN}` };
        const forged = forgedCrumb();
        await send(`${route.method} ${path} without a crumb`, { ...base, headers: { host: HOST, ...json } }, refused);
        await send(
          `${route.method} ${path} with a forged crumb`,
          { ...base, headers: { host: HOST, ...json, cookie: `crumb=${forged}`, 'x-csrf-token': forged } },
          refused,
        );
        await send(
          `${route.method} ${path} with a token not matching the crumb cookie`,
          { ...base, headers: { host: HOST, ...json, cookie: `crumb=${crumb}; ${cartCookie}`, 'x-csrf-token': forged } },
          refused,
        );
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseSnapshot(testDb.db)).toEqual(before);
  }, 120_000);

  it('answers hostile query strings, paths, cookies and bodies on every route with 4xx or success, never 5xx', async () => {
    failures.length = 0;
    for (const route of routes) {
      const stateChanging = STATE_CHANGING.has(route.method);
      for (const path of pathVariants(concretePath(route.url))) {
        if (!stateChanging)
          await send(`${route.method} ${path}`, { method: 'GET', url: path, headers: { host: HOST, cookie: `crumb=${crumb}` } }, noServerError);
      }
      for (const [index, hostile] of fc
        .sample(fc.tuple(hostileRequest, fc.boolean()), { numRuns: RUNS_PER_ROUTE, seed: SEED + routes.indexOf(route) })
        .entries()) {
        const [request, hostileParams] = hostile;
        const query = request.query.map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(value)}`).join('&');
        const url = concretePath(route.url, hostileParams ? request.params : undefined) + (query ? `?${query}` : '');
        const payload = stateChanging ? bodyOf(request) : undefined;
        const headers: Record<string, string> = {
          host: HOST,
          accept: 'application/json, text/html',
          cookie: [`crumb=${crumb}`, cartCookie, request.cookie].filter(Boolean).join('; '),
          'x-csrf-token': crumb,
          authorization: `Bearer ${OWNER_TOKEN}`,
          'idempotency-key': `fuzz-${randomUUID()}`,
          ...(payload !== undefined && request.contentType ? { 'content-type': request.contentType } : {}),
        };
        const what = `seed ${SEED} run ${index} ${route.method} ${url.slice(0, 200)} body ${String(payload).slice(0, 200)} cookie ${String(request.cookie).slice(0, 80)}`;
        await send(what, { method: route.method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) }, noServerError);
      }
      if (stateChanging) {
        const [sample] = fc.sample(hostileRequest, { numRuns: 1, seed: SEED });
        const payload = bodyOf(sample!) ?? '{}';
        await send(
          `${route.method} ${route.url} hostile body without a crumb`,
          {
            method: route.method as InjectOptions['method'],
            url: concretePath(route.url),
            headers: { host: HOST, 'content-type': 'application/json' },
            payload,
          },
          refused,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
  /** A well-formed request body for a route (a union of common fields for routes without their own). */
  const templateFor = (route: Route, submissionKey: string): { body: Record<string, Json>; form: boolean } => {
    const checkout = {
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' },
    };
    const templates: Record<string, Record<string, Json>> = {
      'POST /api/census/RecordHit': {
        event: 'view',
        data: JSON.stringify({ event: 'view', url: `http://${HOST}/journal`, title: 'Journal', locale: 'en-US' }),
        ss_cvr: VISITOR,
      },
      'POST /api/form/SaveFormSubmission': {
        form: JSON.stringify({ email: 'ada@example.com' }),
        key: submissionKey,
        formId: samples.form!,
        pageTitle: 'Home',
        pageId: 'home',
        contentSource: 'c',
        pagePath: '/',
        pagePermissionTypeValue: 1,
      },
      'POST /api/commerce/shopping-cart/entries': {
        itemId: samples.workshop!,
        sku: 'FF-DYE-JAN10',
        quantity: 1,
        additionalFields: JSON.stringify({ attendee: 'Ada', diet: 'none' }),
      },
      'PUT /api/commerce/shopping-cart/entries/:entryId': { quantity: 2 },
      'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields': { additionalFields: JSON.stringify({ attendee: 'Ada' }) },
      'POST /api/commerce/shopping-cart/coupons': { code: 'SAVE10' },
      'PUT /api/commerce/shopping-cart/shipping': { shippingOptionId: 'standard', shippingLocation: { country: 'US', region: 'NY', postalCode: '10001' } },
      'POST /api/commerce/checkout': checkout,
      'POST /api/commerce/checkout/subscription': { ...checkout, cartToken: 'token' },
      'PUT /api/commerce/checkout/subscription/shipping': { cartToken: 'token', shippingOptionId: 'standard', shippingLocation: { country: 'US' } },
      'POST /api/3/commerce/cart/subscription': { itemId: samples.seedBox!, sku: null, qty: 1, additionalFields: null },
      'POST /api/content/items/:itemId/comments': { name: 'Ada', email: 'ada@example.com', body: 'Lovely linen.' },
      'POST /api/content/products/:itemId/reviews': { name: 'Ada', rating: 5, title: 'Sturdy', body: 'Good apron.' },
      'POST /api/site-users/account/notifications/restock': {
        isJoinMailingList: true,
        productId: samples.mug!,
        variantId: samples.mugVariant!,
        siteVisitorEmail: 'ada@example.com',
      },
      'POST /api/owner/forms': { name: 'News', fields: [{ type: 'email', title: 'Email', required: true }], submitLabel: 'Go', submissionMessage: 'Thanks' },
      'PUT /api/owner/forms/:formId': { name: 'News', fields: [{ type: 'email', title: 'Email', required: true }], submitLabel: 'Go' },
      'PUT /api/owner/popup-overlay': { enabled: true, position: 'bottom-right', version: 1, title: 'Hello', formId: samples.form! },
      'POST /api/access/unlock': { password: 'not the password', scope: 'site', returnTo: '/' },
    };
    const forms: Record<string, Record<string, Json>> = {
      'POST /config/login': { crumb, password: 'not the password', next: '/config/forms' },
      'POST /config/password': { crumb, password: 'a new password 123', confirm: 'a new password 123' },
      'POST /config/restock/send': { crumb, productId: samples.mug!, variantId: samples.mugVariant! },
      'POST /config/logout': { crumb },
    };
    const key = `${route.method} ${route.url}`;
    if (forms[key]) return { body: forms[key]!, form: true };
    return {
      body: templates[key] ?? {
        itemId: samples.product!,
        sku: null,
        quantity: 1,
        code: 'SAVE10',
        name: 'Ada',
        email: 'ada@example.com',
        body: 'Text',
        title: 'Title',
        password: 'password 1234',
        enabled: true,
      },
      form: key === 'POST /api/census/RecordHit',
    };
  };
  const VALID_QUERY: Record<string, string> = {
    q: 'linen',
    tag: 'canvas',
    category: 'Home',
    itemId: '',
    productId: '',
    variantId: '',
    limit: '10',
    page: '1',
    next: '/config/forms',
    cursor: '',
  };
  const COOKIE_NAMES = ['crumb', 'emporium_cart', 'hasCart', 'SiteUserInfo', 'ss_cvr', 'emporium_owner', 'ss_unlock_site'];

  it('answers well-formed requests with one hostile field, parameter or cookie with 4xx or success, never 5xx', async () => {
    failures.length = 0;
    VALID_QUERY.itemId = samples.product!;
    VALID_QUERY.productId = samples.mug!;
    VALID_QUERY.variantId = samples.mugVariant!;
    const ordered = [...routes].sort((a, b) => Number(/access|password|logout/.test(a.url)) - Number(/access|password|logout/.test(b.url)));
    for (const route of ordered) {
      const stateChanging = STATE_CHANGING.has(route.method);
      const paramCount = (route.url.match(/:\w+|\*/g) ?? []).length;
      for (const [run, change] of fc.sample(mutation, { numRuns: MUTATIONS_PER_ROUTE, seed: SEED + 7919 * (routes.indexOf(route) + 1) }).entries()) {
        const where = change.where === 'param' && paramCount === 0 ? 'query' : change.where === 'body' && !stateChanging ? 'query' : change.where;
        const hostileText = 'text' in change.value ? change.value.text : change.value.raw;
        const query = Object.entries(VALID_QUERY);
        if (where === 'query') {
          const name = query[change.pick % query.length]![0];
          const value = name === 'cursor' ? Buffer.from(JSON.stringify(['1700000000000000', hostileText])).toString('base64url') : hostileText;
          query[change.pick % query.length] = [name, value];
        }
        const params = where === 'param' ? Array.from({ length: paramCount }, (_, i) => (i === change.pick % paramCount ? hostileText : undefined)) : undefined;
        const url = `${concretePath(route.url, params as string[] | undefined)}?${query.map(([name, value]) => `${name}=${encodeLoose(value)}`).join('&')}`;
        const cookieName = COOKIE_NAMES[change.pick % COOKIE_NAMES.length]!;
        const cookies = [`crumb=${crumb}`, cartCookie, `ss_cvr=${encodeURIComponent(VISITOR)}`];
        if (where === 'cookie') cookies.unshift(`${cookieName}=${encodeLoose(hostileText)}`);
        const headers: Record<string, string> = {
          host: HOST,
          accept: 'application/json, text/html',
          cookie: cookies.join('; '),
          'x-csrf-token': crumb,
          authorization: `Bearer ${OWNER_TOKEN}`,
          'idempotency-key': `m-${randomUUID()}`,
        };
        let payload: string | undefined;
        let target = '';
        if (stateChanging) {
          const needsKey = route.url === '/api/form/SaveFormSubmission';
          const key = needsKey
            ? ((
                await app.inject({
                  method: 'POST',
                  url: '/api/form/FormSubmissionKey',
                  headers: { host: HOST, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
                })
              ).json().key as string)
            : '';
          const template = templateFor(route, key);
          const paths = leafPaths(template.body as Json);
          const path = where === 'body' ? paths[change.pick % paths.length]! : ['__unused'];
          if (where === 'body') target = path.join('.');
          const built =
            where === 'body'
              ? mutatedBody(template.body, path, change.value, template.form || change.formEncoded)
              : mutatedBody(template.body, [], { raw: JSON.stringify(template.body) }, template.form);
          payload = built.payload;
          headers['content-type'] = built.contentType;
        }
        if (where === 'query') target = query[change.pick % query.length]![0];
        if (where === 'param') target = `#${change.pick % paramCount}`;
        if (where === 'cookie') target = cookieName;
        const what = `seed ${SEED} mutation ${run} ${route.method} ${route.url} ${where} ${target} = ${JSON.stringify(hostileText.slice(0, 40))} (${hostileText.length} chars)`;
        await send(what, { method: route.method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) }, noServerError);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
