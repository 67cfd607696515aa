import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { Website } from '../sites/website.js';
import { ADMIN_DIST_DIR, adminDist } from './admin-dist.js';
import { dashboardPath } from './routes.js';

/** Builds the dashboard once when it is missing (about a second), as the e2e setup does. */
function ensureBuilt(): string {
  const index = join(ADMIN_DIST_DIR, 'index.html');
  if (!existsSync(index) || !readdirSync(join(ADMIN_DIST_DIR, 'assets')).some((name) => name.endsWith('.br')))
    execFileSync('npm', ['run', 'build', '--workspace', '@emporium/admin'], { cwd: join(ADMIN_DIST_DIR, '..', '..', '..'), stdio: 'ignore' });
  return readFileSync(index, 'utf8');
}

describe('the owner dashboard on its own origin (issues 12 and #24)', () => {
  let t: TestApp;
  let site: Website;
  let indexHtml: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'admin.localhost', accept: 'text/html', ...headers } });
  const onSite = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: t.hostOf(site), accept: 'text/html' } });

  beforeAll(async () => {
    indexHtml = ensureBuilt();
    t = await createTestApp();
    site = await t.createSite({ identifier: 'dash', title: 'Dash' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(['/', '/sites/dash', '/sites/dash/', '/sites/dash/login', '/sites/dash/forms/f1', '/sites/dash/reset-password'])(
    'serves the app HTML at %s, never cached, with the crumb cookie and a nonce-only script policy',
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe(indexHtml);
      expect(String(response.headers['set-cookie'])).toMatch(/^crumb=/);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it.each([
    ['/config', 'http://admin.localhost:3000/sites/dash'],
    ['/config/', 'http://admin.localhost:3000/sites/dash'],
    ['/config/login?next=%2Forders', 'http://admin.localhost:3000/sites/dash/login?next=%2Forders'],
    ['/config/products/p1', 'http://admin.localhost:3000/sites/dash/products/p1'],
  ])('#24: sends %s on the site to the same screen of its dashboard on the admin origin', async (path, target) => {
    const response = await onSite(path);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(target);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['products', '/config/products', '/products'],
    ['a control character', '/config/%10x', '/%10x'],
    ['letters of other scripts', '/config/caf%C3%A9', '/caf%C3%A9'],
    ['a query', '/config/login?next=/a b', '/login?next=%2Fa+b'],
  ])('#24: redirects a path with %s with every character encoded', (_name, url, path) => {
    const at = url.indexOf('?');
    const rest = decodeURIComponent((at < 0 ? url : url.slice(0, at)).slice('/config/'.length));
    expect(dashboardPath(rest, url)).toBe(path);
  });

  it('#24: serves nothing of a storefront on the admin origin, and no dashboard file on a site', async () => {
    for (const path of ['/cart', '/api/commerce/shopping-cart', '/robots.txt', '/shop']) {
      expect((await get(path, { 'x-emporium-site': 'dash' })).statusCode).toBe(404);
    }
    const script = /src="\/config\/assets\/([^"]+\.js)"/.exec(indexHtml)![1]!;
    expect((await onSite(`/config/assets/${script}`)).statusCode).toBe(404);
    expect((await get('/sites/nosuchsite', { accept: 'application/json', 'x-emporium-site': 'nosuchsite' })).statusCode).toBe(404);
  });

  it('has no inline script in its HTML (the page policy allows none without a nonce)', () => {
    expect(indexHtml).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(indexHtml).toMatch(/<script type="module" crossorigin src="\/config\/assets\/index-[\w-]+\.js"><\/script>/);
  });

  it('serves hashed assets for a year, immutable, with their type', async () => {
    const script = /src="\/config\/assets\/([^"]+\.js)"/.exec(indexHtml)![1]!;
    const style = /href="\/config\/assets\/([^"]+\.css)"/.exec(indexHtml)![1]!;
    const js = await get(`/config/assets/${script}`);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await get(`/config/assets/${style}`);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('#24: sends the scripts as the build compressed them, brotli or gzip as the browser takes them', async () => {
    const script = /src="\/config\/assets\/([^"]+\.js)"/.exec(indexHtml)![1]!;
    const plain = await get(`/config/assets/${script}`);
    const br = await get(`/config/assets/${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(`/config/assets/${script}`, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it.each([
    '/config/assets/missing-000.js',
    '/config/assets/..%2Findex.html',
    '/config/assets/index.html',
    '/config/assets/sub/x-1.js',
    '/config/assets/.hidden.js',
  ])('answers 404 for %s', async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(404);
    expect(String(response.headers['cache-control'] ?? '')).not.toContain('immutable');
  });

  it('knows when the dashboard is not built', async () => {
    const missing = adminDist(join(ADMIN_DIST_DIR, 'no-such-build'));
    expect(await missing.indexHtml()).toBeNull();
    expect(await missing.asset('index-abc.js')).toBeNull();
  });
});
