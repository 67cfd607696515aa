import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections, forms, items } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, updateWebsiteSettings } from '../sites/index.js';
import { PagePaths } from '../site-pages/routes.js';
import { selectTheme } from '../themes/index.js';
import { BlockMessages, GridMessages } from './index.js';

const pagePath = (id: string) => PagePaths.PAGE.replace(':id', id);
/** The page's blocks, without the theme around them (a failure then prints only them). */
const blocksOf = (html: string) => html.slice(html.indexOf('<div class="page-blocks">'), html.indexOf('</main>')).replace(/\n\s*\n/g, '\n');

/** Issue 26 item 2: gallery 8, form 9, product 43, summary v2 55, tag cloud 14, archive 61, and the 12-column grid. */
describe('the block kinds of the site’s content and the 12-column grid (#26 item 2)', () => {
  let t: PagesTestApp;
  let admin: OwnerClient;
  let websiteId = '';
  const ids = { shop: '', journal: '', product: '', productTitle: '', form: '', image: '' };

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    const site = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    websiteId = site.id;
    await makeOwner(db, site.id, 'admin@more-blocks.test', 'admin');
    admin = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'admin@more-blocks.test');
    const byUrl = async (urlId: string) =>
      (
        await db
          .select()
          .from(collections)
          .where(and(eq(collections.websiteId, site.id), eq(collections.urlId, urlId)))
      )[0]!;
    ids.shop = (await byUrl('shop')).id;
    ids.journal = (await byUrl('journal')).id;
    const [product] = await db
      .select()
      .from(items)
      .where(and(eq(items.websiteId, site.id), eq(items.collectionId, ids.shop)))
      .limit(1);
    ids.product = product!.id;
    ids.productTitle = product!.title;
    ids.image = product!.assetUrl ?? '';
    ids.form = (await db.select().from(forms).where(eq(forms.websiteId, site.id)).limit(1))[0]!.id;
  }, 120_000);
  afterAll(() => t?.close());

  async function publishedPage(title: string, blocks: unknown[]) {
    const created = await admin.call('POST', PagePaths.PAGES, { kind: 'page', title });
    expect(created.statusCode, created.body).toBe(201);
    return admin.call('PATCH', pagePath(created.json().id), { version: created.json().version, enabled: true, blocks });
  }

  const newKinds = () => [
    {
      typeName: 'gallery',
      design: 'slider',
      aspectRatio: 'widescreen',
      images: [
        { assetUrl: ids.image, altText: 'A linen shirt <on a hook>', title: 'Hook' },
        { assetUrl: '/assets/b.jpg', altText: 'Second' },
      ],
    },
    { typeName: 'form', formId: ids.form, title: 'Write to us' },
    { typeName: 'product', itemId: ids.product },
    { typeName: 'summary-v2', collectionId: ids.journal, design: 'list', limit: 2, showExcerpt: true, title: 'Latest <notes>' },
    { typeName: 'tag-cloud', collectionId: ids.journal },
    { typeName: 'archive', collectionId: ids.journal },
  ];

  it.each(['default', 'magazine'])('stores the new kinds and renders each through the %s theme', async (theme) => {
    expect(await selectTheme(t.testDb.db, t.app.emporium.themes, websiteId, theme)).toBe(true);
    const saved = await publishedPage(`New kinds ${theme}`, newKinds());
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json().blocks as Record<string, unknown>[];
    expect(stored.map((b) => b.typeName)).toEqual(['gallery', 'form', 'product', 'summary-v2', 'tag-cloud', 'archive']);
    expect(stored[0]).toMatchObject({ design: 'slider', autoplayDuration: 5, thumbnailsPerRow: 4, padding: 20, lightboxTheme: 'dark' });
    expect(stored[2]).toMatchObject({ showImage: true, showPrice: true, showAddToCart: true });

    const response = await t.get(DEMO_SHOP_IDENTIFIER, saved.json().fullUrl, { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    const html = blocksOf(response.body);
    const context = await t.context(DEMO_SHOP_IDENTIFIER, saved.json().fullUrl);
    expect(html).toContain('block block--gallery');
    expect(html).toContain('A linen shirt &lt;on a hook&gt;');
    expect(html).not.toContain('<on a hook>');
    expect(html).toContain('block block--form');
    expect(html).toContain('Write to us');
    expect(html).toMatch(new RegExp(`class="product-block__title"[^>]*><a href="/shop/[^"]+">${ids.productTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`));
    expect(html).toMatch(/sqs-add-to-cart-button|add-to-cart/);
    expect(html).toContain('summary-v2--list');
    expect(html).toContain('Latest &lt;notes&gt;');
    expect((html.match(/class="summary-v2__item"/g) ?? []).length).toBe(2);
    expect(html).toContain('class="tag-cloud"');
    expect(html).toMatch(/<a href="\/journal\?tag=linen">linen <span class="tag-cloud__count">\(\d+\)<\/span><\/a>/);
    expect(html).toContain('class="archive"');
    expect(html).toMatch(/<time datetime="\d{4}-\d{2}">[A-Z][a-z]+ \d{4}<\/time>/);
    expect(context.json.collection.blocks.map((b: { type?: number }) => b.type)).toEqual([8, 9, 43, 55, 14, 61]);
  });

  it.each([
    ['a gallery without images', { typeName: 'gallery', images: [] }, 'images', BlockMessages.GALLERY_IMAGES],
    ['a gallery of an unknown design', { typeName: 'gallery', design: 'mosaic', images: [{ assetUrl: '/a.jpg' }] }, 'design', BlockMessages.notOneOf('mosaic')],
    [
      'autoplay of 11 seconds',
      { typeName: 'gallery', autoplayDuration: 11, images: [{ assetUrl: '/a.jpg' }] },
      'autoplayDuration',
      BlockMessages.range('Autoplay seconds', 1, 10),
    ],
    ['a form block without a form', { typeName: 'form', formId: '' }, 'formId', BlockMessages.FORM_REQUIRED],
    ['a product block without a product', { typeName: 'product' }, 'itemId', BlockMessages.PRODUCT_REQUIRED],
    ['a summary of 31 items', { typeName: 'summary-v2', collectionId: 'x', limit: 31 }, 'limit', BlockMessages.range('Number of items', 1, 30)],
    ['a summary in a slideshow', { typeName: 'summary-v2', collectionId: 'x', design: 'slideshow' }, 'design', BlockMessages.notOneOf('slideshow')],
    ['a tag cloud without a blog', { typeName: 'tag-cloud' }, 'collectionId', BlockMessages.BLOG_REQUIRED],
    ['an archive without a blog', { typeName: 'archive', collectionId: '' }, 'collectionId', BlockMessages.BLOG_REQUIRED],
    ['a block spanning 13 columns', { typeName: 'line', grid: { span: 13 } }, 'grid', GridMessages.SPAN],
  ])('refuses %s with its message at its field', async (_what, block, field, message) => {
    const response = await publishedPage('Refused', [block]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[`blocks.0.${field}`] ?? response.json().message, response.body).toBe(message);
  });

  it('drops a block whose product, form or blog is not on the site', async () => {
    const saved = await publishedPage('Missing sources', [
      { typeName: 'product', itemId: 'nope' },
      { typeName: 'tag-cloud', collectionId: ids.shop },
      { typeName: 'summary-v2', collectionId: 'nope' },
      { typeName: 'quote', text: 'Still here' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const html = blocksOf((await t.get(DEMO_SHOP_IDENTIFIER, saved.json().fullUrl)).body);
    expect(html).not.toContain('block--product');
    expect(html).not.toContain('block--tag-cloud');
    expect(html).not.toContain('block--summary-v2');
    expect(html).toContain('Still here');
  });

  it('renders two blocks side by side in a row of the grid, and blocks without grid data as full-width rows', async () => {
    const saved = await publishedPage('Side by side', [
      { typeName: 'quote', text: 'Alone' },
      { typeName: 'quote', text: 'Left', grid: { span: 8 } },
      { typeName: 'quote', text: 'Right', grid: { span: 4, beside: true } },
      { typeName: 'line' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().blocks[2].grid).toEqual({ span: 4, beside: true });
    const html = blocksOf((await t.get(DEMO_SHOP_IDENTIFIER, saved.json().fullUrl)).body);
    expect(html).toMatch(
      /<div class="container block-row"><div class="block-col block-col--8">\s*<section[^>]*block--quote"><blockquote><p>Left<\/p>[\s\S]*?<\/section>\s*<\/div>\s*<div class="block-col block-col--4">\s*<section[^>]*block--quote"><blockquote><p>Right<\/p>[\s\S]*?<\/section>\s*<\/div><\/div>/,
    );
    expect((html.match(/block-row/g) ?? []).length).toBe(1);
    expect(html).toMatch(/<\/div><\/div>\s*<hr class="container block block--line">/);
  });

  it('paints a row as a section of a colour theme of the site styles (#26 item 5: colour themes sections can be assigned)', async () => {
    const saved = await publishedPage('Sections', [
      { typeName: 'quote', text: 'Plain' },
      { typeName: 'quote', text: 'Dark left', grid: { span: 6, colorTheme: 'dark-1' } },
      { typeName: 'quote', text: 'Dark right', grid: { span: 6, beside: true } },
      { typeName: 'quote', text: 'Accent alone', grid: { span: 12, colorTheme: 'accent' } },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().blocks[1].grid).toEqual({ span: 6, colorTheme: 'dark-1' });
    const page = (await t.get(DEMO_SHOP_IDENTIFIER, saved.json().fullUrl)).body;
    const html = blocksOf(page);
    expect(html).toMatch(
      /<div class="block-section color-theme-dark-1" data-section-theme="dark-1"><div class="container block-row">[\s\S]*?Dark left[\s\S]*?Dark right[\s\S]*?<\/div><\/div><\/div>/,
    );
    expect(html).toMatch(
      /<div class="block-section color-theme-accent" data-section-theme="accent">\s*<section[^>]*block--quote"><blockquote><p>Accent alone<\/p>[\s\S]*?<\/section>\s*<\/div>/,
    );
    expect(html.slice(0, html.indexOf('Dark left'))).not.toContain('block-section color-theme-accent');
    expect((html.match(/block-section/g) ?? []).length).toBe(2);
    expect(html.indexOf('Plain')).toBeLessThan(html.indexOf('block-section'));
  });

  it.each([
    ['a colour theme that is not one', [{ typeName: 'line', grid: { span: 12, colorTheme: 'purple' } }], 'blocks.0.grid.colorTheme', GridMessages.COLOR_THEME],
    [
      'a colour theme on a block beside another',
      [
        { typeName: 'line', grid: { span: 6 } },
        { typeName: 'line', grid: { span: 6, beside: true, colorTheme: 'dark-1' } },
      ],
      'blocks.1.grid',
      GridMessages.COLOR_THEME_BESIDE,
    ],
  ])('refuses %s', async (_what, blocks, field, message) => {
    const response = await publishedPage('Bad section', blocks);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[field], response.body).toBe(message);
  });

  it.each([
    [
      'spans that do not fill the row',
      [
        { typeName: 'line', grid: { span: 6 } },
        { typeName: 'line', grid: { span: 4, beside: true } },
      ],
      0,
      GridMessages.rowSum(10),
    ],
    ['spans over 12', [{ typeName: 'line' }, { typeName: 'line', grid: { span: 6, beside: true } }], 0, GridMessages.rowSum(18)],
    ['a first block beside nothing', [{ typeName: 'line', grid: { span: 12, beside: true } }], 0, GridMessages.FIRST_BESIDE],
  ])('refuses a row of %s', async (_what, blocks, index, message) => {
    const response = await publishedPage('Bad row', blocks);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[`blocks.${index}.grid`], response.body).toBe(message);
  });
  it("groups an archive's posts by the months of the site's time zone", async () => {
    const db = t.testDb.db;
    // Every post published at 23:30 UTC on 30 November: December already in Paris, still November in New York.
    await db
      .update(items)
      .set({ publishOn: new Date('2026-11-30T23:30:00Z') })
      .where(eq(items.collectionId, ids.journal));
    const months = async (timeZone: string) => {
      await updateWebsiteSettings(db, websiteId, { timeZone });
      t.app.emporium.resolver.invalidate();
      const saved = await publishedPage(`Archive in ${timeZone}`, [{ typeName: 'archive', collectionId: ids.journal }]);
      const html = blocksOf((await t.get(DEMO_SHOP_IDENTIFIER, saved.json().fullUrl, { accept: 'text/html' })).body);
      return [...html.matchAll(/<time datetime="(\d{4}-\d{2})">/g)].map((m) => m[1]);
    };
    expect(await months('Europe/Paris')).toEqual(['2026-12']);
    expect(await months('America/New_York')).toEqual(['2026-11']);
  });
});
