import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { Website } from '../sites/website.js';
import { ADMIN_DIST_DIR, adminDist } from './admin-dist.js';

/** Builds the dashboard once when it is missing (about a second), as the e2e setup does. */
function ensureBuilt(): string {
  const index = join(ADMIN_DIST_DIR, 'index.html');
  if (!existsSync(index))
    execFileSync('npm', ['run', 'build', '--workspace', '@emporium/admin'], { cwd: join(ADMIN_DIST_DIR, '..', '..', '..'), stdio: 'ignore' });
  return readFileSync(index, 'utf8');
}

describe('the owner dashboard at /config (issue 12)', () => {
  let t: TestApp;
  let site: Website;
  let indexHtml: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: t.hostOf(site), accept: 'text/html' } });

  beforeAll(async () => {
    indexHtml = ensureBuilt();
    t = await createTestApp();
    site = await t.createSite({ identifier: 'dash', title: 'Dash' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(['/config', '/config/', '/config/login', '/config/forms/f1', '/config/reset-password'])(
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
