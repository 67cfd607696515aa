import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import { collections, forms, items } from '../db/index.js';
import type { Website } from '../sites/index.js';

const PRODUCTS = '/api/owner/catalogue/products';

/** What the escalation of issue 24 put in a description, and the other ways to run code or restyle the page. */
const ATTACK =
  '<script src="/api/commerce/downloads/TOKEN"></script><script>fetch("/api/owner/owners")</script>' +
  '<style>.product__title { display: none }</style><img src="/x.png" onerror="alert(1)" alt="">' +
  '<a href="javascript:alert(2)">click</a><iframe src="/api/owner/owners"></iframe><form action="/api/owner/owners"><input name="email"></form>';
const FORMATTING =
  '<h3>Care</h3><p>A <strong>stoneware</strong> mug, <em>hand-thrown</em>.<br />Holds 350 ml.</p><ul><li>Dishwasher safe</li></ul>' +
  '<p><a href="https://example.com/studio" title="Our studio">Made in our studio</a></p><img src="/assets/illustrations/mug-sage.svg" alt="Mug" width="800" height="800" loading="lazy" />';

/** What is left of {@link ATTACK}: the image without its handler, the link without its URL. */
const ATTACK_LEFTOVER = '<img src="/x.png" alt="" /><a>click</a>';
/** Traces of {@link ATTACK} that must not reach a page. */
const TRACES = [
  '/api/commerce/downloads/TOKEN',
  'fetch(',
  '.product__title { display: none }',
  'onerror',
  'alert(',
  'javascript:',
  '<iframe',
  '<form action="/api/owner',
  'name="email"',
];

function expectNoTrace(html: string): void {
  for (const trace of TRACES) expect(html, trace).not.toContain(trace);
}

describe('owner HTML on the storefront (#24)', () => {
  let t: CatalogueTestApp;
  let site: Website;
  beforeAll(async () => {
    t = await createCatalogueTestApp({ pages: true });
    ({ site } = await t.shopSite('owner-html'));
  });
  afterAll(() => t.close());

  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { host: t.hostOf(site), accept: 'text/html' } });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  it('#24: a description saved with <script>, <style>, onerror= and javascript: is stored clean and renders without them; ordinary formatting survives', async () => {
    const created = await t.call(site, 'POST', PRODUCTS, {
      title: 'Speckled Mug',
      visibility: 'published',
      description: FORMATTING + ATTACK,
      excerpt: `<p>Small <b>batch</b></p>${ATTACK}`,
      variants: [{ sku: 'MUG-24', priceCents: 2400, qtyInStock: 3 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product.description).toBe(`${FORMATTING}${ATTACK_LEFTOVER}`);
    expect(product.excerpt).toBe(`<p>Small <b>batch</b></p>${ATTACK_LEFTOVER}`);
    const [row] = await t.db.select({ body: items.body, excerpt: items.excerpt }).from(items).where(eq(items.id, product.id));
    expect(row).toEqual({ body: product.description, excerpt: product.excerpt });

    const updated = await t.call(site, 'PUT', `${PRODUCTS}/${product.id}`, {
      title: 'Speckled Mug',
      visibility: 'published',
      version: product.version,
      description: `${FORMATTING}<p onmouseover="steal()">Updated</p>${ATTACK}`,
      excerpt: `<p>Small <b>batch</b></p>${ATTACK}`,
      variants: [{ id: product.variants[0].id, sku: 'MUG-24', priceCents: 2400 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().description).toBe(`${FORMATTING}<p>Updated</p>${ATTACK_LEFTOVER}`);

    const html = await page(`/shop/${product.urlId}`);
    expectNoTrace(html);
    expect(html).toContain('<p>A <strong>stoneware</strong> mug, <em>hand-thrown</em>.<br />Holds 350 ml.</p>');
    expect(html).toContain('<a href="https://example.com/studio" title="Our studio">Made in our studio</a>');
    expect(html).toContain('<img src="/assets/illustrations/mug-sage.svg" alt="Mug" width="800" height="800" loading="lazy" />');
    expect(html).toContain('<p>Small <b>batch</b></p>');
  });

  it('#24: HTML stored before cleaning on save (item, store description, HTML block, form message) renders clean', async () => {
    const [shop] = await t.db.select().from(collections).where(eq(collections.websiteId, site.id));
    await t.db
      .update(collections)
      .set({ description: `<p>Our shop</p>${ATTACK}` })
      .where(eq(collections.id, shop!.id));
    const [item] = await t.db
      .insert(items)
      .values({
        websiteId: site.id,
        collectionId: shop!.id,
        recordType: 1,
        urlId: 'old-note',
        title: 'Old note',
        body: `<p>Old body</p>${ATTACK}`,
        excerpt: ATTACK,
      })
      .returning({ id: items.id });
    const [form] = await t.db
      .insert(forms)
      .values({ websiteId: site.id, name: 'Contact', submissionMessage: `<p>Thanks</p>${ATTACK}`, submissionHtml: ATTACK, disclaimerMessage: ATTACK })
      .returning({ id: forms.id });
    await t.db.insert(collections).values({
      websiteId: site.id,
      type: 10,
      urlId: 'about',
      title: 'About',
      settings: {
        blocks: [
          { typeName: 'html', html: `<p>About <em>us</em></p>${ATTACK}` },
          { typeName: 'form', formId: form!.id, title: 'Write to us' },
        ],
      },
    });

    const shopHtml = await page('/shop');
    expectNoTrace(shopHtml);
    expect(shopHtml).toContain('<p>Our shop</p>');
    const about = await page('/about');
    expectNoTrace(about);
    expect(about).toContain('<p>About <em>us</em></p>');
    const context = await t.app.inject({ method: 'GET', url: '/about?format=json', headers: { host: t.hostOf(site), accept: 'application/json' } });
    expectNoTrace(context.body);
    expect(context.body).toContain('<p>Thanks</p>');
    expect(item).toBeDefined();
  });
});
