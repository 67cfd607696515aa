import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createStarterSite } from './starter-site.js';

describe('a new site (emporium site create) answers at its home page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ pages: true });
  });
  afterAll(() => t?.close());

  it('serves a themed home page with the site title instead of "Page not found"', async () => {
    const site = await createStarterSite(t.testDb.db, { identifier: `starter-${process.pid}`, title: 'Corner <Shop>' });
    t.app.emporium.resolver.invalidate();
    const response = await t.app.inject({ url: '/', headers: { host: t.hostOf(site) } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 class="hero__title">Corner &lt;Shop&gt;</h1>');
    expect(response.body).toContain('href="/config/login"');
    expect(response.body).not.toContain('Page not found');
  });

  it('creates nothing when the identifier is taken', async () => {
    const identifier = `starter-taken-${process.pid}`;
    await createStarterSite(t.testDb.db, { identifier, title: 'First' });
    await expect(createStarterSite(t.testDb.db, { identifier, title: 'Second' })).rejects.toThrow(`A site with identifier '${identifier}' already exists.`);
  });
});
