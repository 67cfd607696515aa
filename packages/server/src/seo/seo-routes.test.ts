import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import { SITEMAP_NAMESPACE } from './sitemap.js';
import { findAll, parseXml } from './xml-parse.js';

describe('/sitemap.xml and /robots.txt (issue 6)', () => {
  let t: ContentTestApp;
  let a: ContentSite;
  let b: ContentSite;
  beforeAll(async () => {
    t = await createContentTestApp();
    a = await t.seedSite({ identifier: 'seo-a', title: 'A' });
    b = await t.seedSite({ identifier: 'seo-b', title: 'B', domains: ['shop.example'] });
  });
  afterAll(() => t.close());

  const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  it('lists every public page, collection and item of the site, and nothing else', async () => {
    const res = await get('seo-a.localhost:3000', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const root = parseXml(res.body);
    expect(root.name).toBe('urlset');
    expect(root.attributes.xmlns).toBe(SITEMAP_NAMESPACE);
    const locs = findAll(root, 'loc').map((l) => l.text);
    expect([...locs].sort()).toEqual(
      [
        'http://seo-a.localhost:3000/',
        'http://seo-a.localhost:3000/journal',
        'http://seo-a.localhost:3000/shop',
        'http://seo-a.localhost:3000/events',
        'http://seo-a.localhost:3000/events/fair',
        'http://seo-a.localhost:3000/journal/first-post',
        'http://seo-a.localhost:3000/journal/closed',
        'http://seo-a.localhost:3000/shop/mug',
      ].sort(),
    );
    expect(locs[0]).toBe('http://seo-a.localhost:3000/');
    expect(locs.some((l) => l.includes('draft') || l.includes('private') || l.includes('/home'))).toBe(false);
    for (const lastmod of findAll(root, 'lastmod')) expect(lastmod.text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('uses the primary custom domain and only that site’s URLs (tenancy)', async () => {
    const locs = findAll(parseXml((await get('seo-b.localhost', '/sitemap.xml')).body), 'loc').map((l) => l.text);
    expect(locs.every((l) => l.startsWith('https://shop.example/'))).toBe(true);
    expect(locs).toHaveLength(8);
  });

  it('robots.txt names the sitemap and keeps crawlers out of the API, cart and checkout', async () => {
    const res = await get('seo-a.localhost:3000', '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining(['Disallow: /api/', 'Disallow: /cart', 'Disallow: /checkout', 'Allow: /', 'Sitemap: http://seo-a.localhost:3000/sitemap.xml']),
    );
  });

  it('answers 404 on a host without a site', async () => {
    expect((await get('nobody.localhost', '/sitemap.xml')).statusCode).toBe(404);
  });

  it('escapes URL ids in the sitemap', async () => {
    expect(a.blogId).toBeTruthy();
    const { collections } = await import('../db/index.js');
    await t.testDb.db.insert(collections).values({ websiteId: a.site.id, type: 10, urlId: 'a&b', title: 'Odd', displayIndex: 9 });
    const res = await get('seo-a.localhost', '/sitemap.xml');
    expect(res.body).toContain('<loc>http://seo-a.localhost:3000/a&amp;b</loc>');
    expect(findAll(parseXml(res.body), 'loc').map((l) => l.text)).toContain('http://seo-a.localhost:3000/a&b');
  });

  it.each(['SEO-A.LOCALHOST.:3000', 'seo-a.localhost:9999', 'seo-a.localhost'])(
    'builds sitemap and robots.txt URLs from the configured public URL, not from Host %s',
    async (host) => {
      const sitemap = await get(host, '/sitemap.xml');
      expect(sitemap.statusCode).toBe(200);
      const locs = findAll(parseXml(sitemap.body), 'loc').map((l) => l.text);
      expect(locs.length).toBeGreaterThan(3);
      for (const loc of locs) expect(loc.startsWith('http://seo-a.localhost:3000/'), loc).toBe(true);
      expect((await get(host, '/robots.txt')).body).toContain('Sitemap: http://seo-a.localhost:3000/sitemap.xml');
    },
  );
});

describe('/sitemap.xml with an https public URL', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await createContentTestApp({ config: { publicUrl: 'https://localhost:8443' } });
    await t.seedSite({ identifier: 'seo-tls', title: 'TLS' });
  });
  afterAll(() => t.close());

  it('uses the public scheme and port on the site subdomain whatever the Host header says', async () => {
    for (const host of ['seo-tls.localhost', 'SEO-TLS.localhost.:3000']) {
      const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } });
      const locs = findAll(parseXml(res.body), 'loc').map((l) => l.text);
      expect(locs[0]).toBe('https://seo-tls.localhost:8443/');
      for (const loc of locs) expect(loc.startsWith('https://seo-tls.localhost:8443/'), loc).toBe(true);
    }
  });
});
