import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';

describe('canonical and Open Graph URLs come from the configured public URL, not the Host header', () => {
  let t: PagesTestApp;
  beforeAll(async () => {
    t = await createPagesTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it.each(['DEMO.LOCALHOST.:3000', 'demo.localhost:9999', 'demo.localhost'])('Host %s', async (host) => {
    const page = await t.get('demo', '/shop/linen-camp-shirt', { host });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="canonical" href="http://demo.localhost:3000/shop/linen-camp-shirt">');
    expect(page.body).toContain('<meta property="og:url" content="http://demo.localhost:3000/shop/linen-camp-shirt">');
    expect(page.body).not.toMatch(/DEMO\.LOCALHOST|:9999/);
    const feed = await t.get('demo', '/journal/rss.xml', { host });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('<link>http://demo.localhost:3000/journal</link>');
    expect(feed.body).not.toMatch(/DEMO\.LOCALHOST|:9999/);
  });

  it.each(['DEMO.LOCALHOST.:3000', 'demo.localhost:9999'])("the template context's website URLs ignore Host %s (issue 10, defect 5)", async (host) => {
    const page = await t.get('demo', '/shop/linen-camp-shirt?format=json', { host });
    expect(page.statusCode).toBe(200);
    const { website } = page.json();
    expect(website).toMatchObject({
      baseUrl: 'http://demo.localhost:3000',
      authenticUrl: 'http://demo.localhost:3000',
      internalUrl: 'http://demo.localhost:3000',
    });
  });
});
