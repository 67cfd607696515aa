import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { createTestDb } from '../../../test-support/test-db.js';
import { CART_MARKER_COOKIE } from '../../cart/index.js';
import { websites } from '../../db/index.js';
import { seedDemo } from '../../seed/index.js';
import { PAGE_CACHE_HEADER } from './index.js';

// Decision 0027: cached pages are answered in front of the app. These tests go over real HTTP
// (inject() does not pass through the server), and count what reaches the app with a hook.

const PRODUCT = '/shop/linen-camp-shirt';
const PER_RESPONSE = ['date', 'content-security-policy', 'x-request-id', 'connection', 'keep-alive', PAGE_CACHE_HEADER];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let port = 0;
let reachedApp = 0;
const logLines: string[] = [];
let crumb = '';

function get(path: string, headers: Record<string, string> = {}, method = 'GET', to = port): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: to, path, method, headers: { host: 'demo.localhost', ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sends `path` and says whether the app saw it (false: the lane answered). */
async function through(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer & { app: boolean }> {
  const before = reachedApp;
  const answer = await get(path, headers, method);
  return { ...answer, app: reachedApp > before };
}

const visitor = (extra = '') => ({ cookie: `crumb=${crumb}${extra}` });

function stable(headers: IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.includes(name)));
}

beforeAll(async () => {
  const testDb = await createTestDb();
  await seedDemo(testDb.db);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    testDb,
    pages: true,
    logStream,
    config: { logLevel: 'info' },
    setup: (app) => {
      app.addHook('onRequest', (_request, _reply, done) => {
        reachedApp += 1;
        done();
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const first = await get('/');
  crumb = /crumb=([^;]+)/.exec(String(first.headers['set-cookie']))![1]!;
});
afterAll(async () => {
  await t?.close();
  await t?.testDb.close();
});

describe('cached page lane', () => {
  it('answers a stored page without the app, with the headers, body and log line the app gives', async () => {
    const built = await through(PRODUCT, visitor());
    const appHit = await t.app.inject({ url: PRODUCT, headers: { host: 'demo.localhost', ...visitor() } });
    const laned = await through(PRODUCT, { ...visitor(), 'x-request-id': 'lane-test-1' });
    const again = await through(PRODUCT, visitor());
    expect(built.app).toBe(true);
    expect(appHit.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(laned.app).toBe(false);
    expect(again.app).toBe(false);
    expect(laned.status).toBe(200);
    expect(laned.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(laned.body).toBe(built.body);
    expect(stable(laned.headers)).toEqual(stable(appHit.headers as IncomingHttpHeaders));
    expect(laned.headers['x-request-id']).toBe('lane-test-1');
    expect(String(laned.headers['content-security-policy'])).toMatch(
      /script-src demo\.localhost(:\d+)?\/assets\/storefront\/assets\/ demo\.localhost(:\d+)?\/static\/theme\/ demo\.localhost(:\d+)?\/assets\/scripts\/ 'nonce-[A-Za-z0-9+/=]{24}'/,
    );
    const nonceless = (policy: unknown) => String(policy).replace(/'nonce-[^']+'/, '');
    expect(nonceless(laned.headers['content-security-policy'])).toBe(nonceless(appHit.headers['content-security-policy']));
    expect(laned.headers['content-security-policy']).not.toBe(again.headers['content-security-policy']);
    const line = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === 'lane-test-1');
    expect(line).toMatchObject({ msg: 'request completed', method: 'GET', url: PRODUCT, statusCode: 200 });
  });

  it("answers a guest's stored access-denied page (106) with its 403, as the app does", async () => {
    const built = await through('/members', { ...visitor(), accept: 'text/html' });
    expect(built.app).toBe(true);
    expect(built.status).toBe(403);
    const appHit = await t.app.inject({ url: '/members', headers: { host: 'demo.localhost', accept: 'text/html', ...visitor() } });
    expect(appHit.statusCode).toBe(403);
    expect(appHit.headers[PAGE_CACHE_HEADER]).toBe('hit');
    const laned = await through('/members', { ...visitor(), accept: 'text/html', 'x-request-id': 'lane-test-106' });
    expect(laned.app).toBe(false);
    expect(laned.status).toBe(403);
    expect(laned.body).toBe(built.body);
    expect(laned.body).toContain('page-type-106');
    const line = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === 'lane-test-106');
    expect(line).toMatchObject({ msg: 'request completed', url: '/members', statusCode: 403 });
  });

  it('sends the encoding the visitor accepts', async () => {
    await through('/', visitor());
    const br = await through('/', { ...visitor(), 'accept-encoding': 'gzip, br' });
    const gzip = await through('/', { ...visitor(), 'accept-encoding': 'gzip' });
    expect([br.app, gzip.app]).toEqual([false, false]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    ['no cookie (the app issues a crumb)', () => ({}), 'GET'],
    ['a crumb not issued for this site', () => ({ cookie: `crumb=${'A'.repeat(44)}` }), 'GET'],
    ['a cookie the page depends on', () => visitor('; ss_unlock_site=1'), 'GET'],
    ['a cart without its marker', () => visitor('; emporium_cart=00000000-0000-4000-8000-000000000000'), 'GET'],
    ['a HEAD request', () => visitor(), 'HEAD'],
  ] as const)('leaves to the app: %s', async (_name, headers, method) => {
    await through(PRODUCT, visitor());
    const answer = await through(PRODUCT, headers(), method);
    expect(answer.app).toBe(true);
    expect(answer.status).toBe(200);
  });

  it('serves a cart holder with the marker the shared page, and a price change at once', async () => {
    await through(PRODUCT, visitor());
    const holder = await through(PRODUCT, visitor(`; emporium_cart=00000000-0000-4000-8000-000000000000; ${CART_MARKER_COOKIE}=2`));
    expect(holder.app).toBe(false);
    const siteId = (await t.testDb.db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo')))[0]!.id;
    await t.testDb.db.execute(sql`UPDATE websites SET page_version = page_version + 1 WHERE id = ${siteId}`);
    const after = await through(PRODUCT, visitor());
    expect(after.app).toBe(true);
    expect(after.headers[PAGE_CACHE_HEADER]).toBe('miss');
  });

  it('widens the policy on a reCAPTCHA site exactly as the app does', async () => {
    await t.testDb.db.execute(
      sql`UPDATE websites SET settings = settings || ${JSON.stringify({ captchaSiteKey: 'site-key', captcha: { enabled: true, provider: 'recaptcha', secret: 's' } })}::jsonb WHERE identifier = 'demo'`,
    );
    t.app.emporium.resolver.invalidate();
    await get('/', visitor());
    await through(PRODUCT, visitor());
    const fromApp = await t.app.inject({ url: PRODUCT, headers: { host: 'demo.localhost', ...visitor() } });
    const laned = await through(PRODUCT, visitor());
    expect(laned.app).toBe(false);
    const withoutNonce = (policy: unknown) => String(policy).replace(/'nonce-[^']+'/, '');
    expect(withoutNonce(laned.headers['content-security-policy'])).toBe(withoutNonce(fromApp.headers['content-security-policy']));
    expect(String(laned.headers['content-security-policy'])).toContain('https://www.google.com/recaptcha/');
  });

  it('sends Strict-Transport-Security as the app does when the public URL is https', async () => {
    const testDb = await createTestDb();
    await seedDemo(testDb.db);
    const tls = await createTestApp({ testDb, pages: true, config: { publicUrl: 'https://localhost' } });
    try {
      await tls.app.listen({ port: 0, host: '127.0.0.1' });
      const tlsPort = (tls.app.server.address() as AddressInfo).port;
      const ask = (cookie = '') => get(PRODUCT, { host: 'demo.localhost', ...(cookie ? { cookie } : {}) }, 'GET', tlsPort);
      const tlsCrumb = /crumb=([^;]+)/.exec(String((await ask()).headers['set-cookie']))![1]!;
      const fromApp = await tls.app.inject({ url: PRODUCT, headers: { host: 'demo.localhost', cookie: `crumb=${tlsCrumb}` } });
      const laned = await ask(`crumb=${tlsCrumb}`);
      expect(laned.headers[PAGE_CACHE_HEADER]).toBe('hit');
      expect(fromApp.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(laned.headers['strict-transport-security']).toBe(fromApp.headers['strict-transport-security']);
      expect(stable(laned.headers)).toEqual(stable(fromApp.headers as IncomingHttpHeaders));
    } finally {
      await tls.close();
      await testDb.close();
    }
  });
});
