import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { collections, websites } from '../packages/server/src/db/schema.js';
import { findAll, parseXml } from '../packages/server/src/seo/xml-parse.js';
import { startStore, type RunningStore } from './support/store.js';

/** Every URL the sitemap names must be a page the router serves (issue 6). */
describe('sitemap and feeds of the seeded demo sites', () => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore();
  }, 120_000);
  afterAll(() => store?.close());

  const get = (host: string, url: string) => store.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  it.each(['demo', 'journal'])(
    'every sitemap URL of %s answers 200 with HTML',
    async (identifier) => {
      const host = `${identifier}.localhost:${store.port}`;
      const origin = store.siteUrl(identifier);
      const res = await get(host, '/sitemap.xml');
      expect(res.statusCode).toBe(200);
      const locs = findAll(parseXml(res.body), 'loc').map((l) => l.text);
      expect(locs.length).toBeGreaterThan(3);
      for (const loc of locs) {
        const url = new URL(loc);
        expect(url.origin).toBe(origin);
        const page = await get(host, url.pathname);
        expect(page.statusCode, loc).toBe(200);
        expect(page.headers['content-type'], loc).toMatch(/^text\/html/);
      }
      expect((await get(host, '/robots.txt')).body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    },
    120_000,
  );

  it('serves a well-formed RSS feed for every blog of the demo sites', async () => {
    const rows = await store.app.emporium.db
      .select({ blog: collections, identifier: websites.identifier })
      .from(collections)
      .innerJoin(websites, eq(websites.id, collections.websiteId));
    const blogs = rows.filter((r) => r.blog.type === 1 && r.blog.settings.kind !== 'events' && r.blog.enabled && !r.blog.settings.access);
    expect(blogs.length).toBeGreaterThan(0);
    for (const { blog, identifier } of blogs) {
      const host = `${identifier}.localhost`;
      for (const url of [`/${blog.urlId}/rss.xml`, `/${blog.urlId}?format=rss`]) {
        const res = await get(host, url);
        expect(res.statusCode, url).toBe(200);
        const root = parseXml(res.body);
        expect(root.attributes.version).toBe('2.0');
        const items = findAll(root, 'item');
        expect(items.length, url).toBeGreaterThan(0);
        for (const item of items) {
          const link = new URL(findAll(item, 'link')[0]!.text);
          expect((await get(host, link.pathname)).statusCode, link.href).toBe(200);
        }
      }
    }
  });
});
