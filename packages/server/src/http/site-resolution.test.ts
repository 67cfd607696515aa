import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe('site resolution in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.get('/api/test/whoami', async (request) => ({ identifier: request.site?.identifier ?? null }));
      },
    });
    await t.createSite({ identifier: 'zeta', title: 'Zeta <script>alert(1)</script>' });
    await t.createSite({ identifier: 'alpha', title: 'Alpha & Co', domains: ['alpha.example.com'] });
  });
  afterAll(() => t.close());

  it('lists every site at http://localhost:PORT/ with links that keep the port, escaped', async () => {
    const response = await t.app.inject({ url: '/', headers: { host: 'localhost:3456' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('href="http://alpha.localhost:3456/"');
    expect(response.body).toContain('href="http://zeta.localhost:3456/"');
    expect(response.body.indexOf('alpha.localhost')).toBeLessThan(response.body.indexOf('zeta.localhost'));
    expect(response.body).toContain('Alpha &amp; Co');
    expect(response.body).toContain('Zeta &lt;script&gt;');
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).toContain('alpha.example.com');
  });

  it('answers other paths and methods on the root host with 404', async () => {
    expect((await t.app.inject({ url: '/shop', headers: { host: 'localhost:3456' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/test/whoami', headers: { host: 'localhost' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/', headers: { host: 'localhost' } })).statusCode).toBe(404);
  });

  it('routes subdomains and custom domains to their site', async () => {
    const whoami = async (host: string) => (await t.app.inject({ url: '/api/test/whoami', headers: { host } })).json();
    expect(await whoami('alpha.localhost:3000')).toEqual({ identifier: 'alpha' });
    expect(await whoami('ZETA.localhost')).toEqual({ identifier: 'zeta' });
    expect(await whoami('alpha.example.com')).toEqual({ identifier: 'alpha' });
  });

  it('answers an unknown host with a 404 HTML page, or JSON under /api', async () => {
    const page = await t.app.inject({ url: '/', headers: { host: 'ghost.localhost:3000' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Site not found');
    expect(page.body).toContain('ghost.localhost:3000');
    const api = await t.app.inject({ url: '/api/test/whoami', headers: { host: 'ghost.example.org' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'SITE_NOT_FOUND', message: 'Site not found.' });
  });

  it('sees a site created after start-up once the resolver cache is invalidated', async () => {
    expect((await t.app.inject({ url: '/api/test/whoami', headers: { host: 'late.localhost' } })).statusCode).toBe(404);
    await t.createSite({ identifier: 'late', title: 'Late' });
    expect((await t.app.inject({ url: '/api/test/whoami', headers: { host: 'late.localhost' } })).json()).toEqual({ identifier: 'late' });
  });
});
