import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartEntries, carts, variants } from '../db/index.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';

let t: PagesTestApp;
beforeAll(async () => {
  t = await createPagesTestApp();
});
afterAll(async () => {
  await t?.close();
});

const byUrl = (items: { urlId: string }[], urlId: string) => items.find((i) => i.urlId === urlId) as Record<string, any>;

describe('?format=json context (spec section 3 shapes)', () => {
  it('describes the website, its settings and store settings', async () => {
    const { json } = await t.context('demo', '/');
    expect(json.website).toMatchObject({
      identifier: 'demo',
      siteTitle: 'Fern & Field',
      timeZone: 'America/New_York',
      language: 'en-US',
      baseUrl: 'http://demo.localhost:3000',
      siteTagLine: 'Goods for slow living',
      captchaSettings: { siteKey: '' },
    });
    expect(json.website.id).toMatch(/^[0-9a-f]{32}$/);
    expect(json.websiteSettings).toMatchObject({
      commentsEnabled: true,
      simpleLikingEnabled: true,
      useCLDRMoneyFormat: true,
      storeSettings: { defaultCurrency: 'USD', selectedCurrency: 'USD', multipleQuantityAllowedForServices: true },
    });
    expect(json.showCart).toBe(true);
    expect(json.cart).toMatchObject({ id: '', entries: [], totalQuantity: 0, subtotalCents: 0 });
  });

  it('lists products with fullUrl and commerce structuredContent', async () => {
    const { json } = await t.context('demo', '/shop');
    expect(json.collection).toMatchObject({ typeName: 'products', type: 13, urlId: 'shop', fullUrl: '/shop' });
    expect(json.items).toHaveLength(10);
    const tote = byUrl(json.items, 'waxed-canvas-tote');
    expect(tote.fullUrl).toBe('/shop/waxed-canvas-tote');
    expect(tote.recordType).toBe(11);
    expect(tote.structuredContent).toMatchObject({
      productType: 1,
      onSale: true,
      variants: [
        {
          sku: 'FF-TOTE-OLIVE',
          price: 7800,
          salePrice: 5900,
          onSale: true,
          priceMoney: { value: '78.00', currency: 'USD' },
          salePriceMoney: { value: '59.00', currency: 'USD' },
          qtyInStock: 12,
          unlimited: false,
        },
      ],
    });
    const kinds = json.items.map((i: any) => i.structuredContent.productType).sort();
    expect(new Set(kinds)).toEqual(new Set([1, 2, 3, 4]));
  });

  it('gives a product page its variants, option values and merchandising context', async () => {
    const { json } = await t.context('demo', '/shop/linen-camp-shirt');
    const item = json.item;
    expect(item.structuredContent.variantOptionOrdering).toEqual(['Colour', 'Size']);
    expect(item.structuredContent.variants).toHaveLength(9);
    const claySmall = item.structuredContent.variants.find((v: any) => v.sku === 'FF-SHIRT-CLAY-S');
    expect(claySmall).toMatchObject({ qtyInStock: 0, attributes: { Colour: 'Clay', Size: 'S' }, optionValues: [{ value: 'Clay' }, { value: 'S' }] });
    const merch = json.productMerchandisingContext[item.id];
    expect(merch.scarcityEnabled).toBe(true);
    expect(merch.scarcityTemplateViews).toEqual([
      { qtyInStock: 2, attributes: { Colour: 'Sage', Size: 'M' } },
      { qtyInStock: 2, attributes: { Colour: 'Clay', Size: 'L' } },
    ]);
    expect(merch.restockNotificationViews.map((v: any) => v.hiddenByDefault)).toEqual([true, true]);
    expect(item.images).toHaveLength(3);
    expect(json.related.length).toBeGreaterThan(0);
  });

  it('describes subscriptions, gift cards, digital and service products', async () => {
    const seedBox = (await t.context('demo', '/shop/seasonal-seed-box')).json.item.structuredContent;
    expect(seedBox).toMatchObject({ isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 } });
    const gift = (await t.context('demo', '/shop/gift-card')).json.item.structuredContent;
    expect(gift.productType).toBe(4);
    expect(gift.variants.map((v: any) => v.priceMoney.value)).toEqual(['25.00', '50.00', '100.00']);
    const pattern = (await t.context('demo', '/shop/hedgerow-sewing-pattern')).json.item.structuredContent;
    expect(pattern).toMatchObject({ productType: 2, variants: [{ unlimited: true }] });
    const workshop = (await t.context('demo', '/shop/natural-dye-workshop')).json.item.structuredContent;
    expect(workshop.productType).toBe(3);
    expect(workshop.additionalFieldsForm.fields.map((f: any) => f.id)).toEqual(['attendee', 'diet']);
  });

  it('gives posts author, tags, comments and neighbours; events dates and location', async () => {
    const post = (await t.context('demo', '/journal/why-we-wash-our-linen-twice')).json;
    expect(post.item).toMatchObject({ author: { displayName: 'Sam Okafor' }, categories: ['Behind the scenes'], publicCommentCount: 1, commentState: 1 });
    expect(post.item.comments[0]).toMatchObject({ authorName: 'Rosa M.' });
    expect(typeof post.item.publishOn).toBe('number');
    expect(post.render.adjacent.newer.urlId).toBe('dyeing-with-walnut-hulls');
    expect(post.render.adjacent.older.urlId).toBe('a-visit-to-the-apiary');
    const event = (await t.context('demo', '/events/holiday-market-open-studio')).json.item;
    expect(event.endDate - event.startDate).toBe(6 * 3600_000);
    expect(event.location).toMatchObject({ addressLine1: '214 Warren Street', mapLat: 42.2529 });
  });

  it('shows approved reviews with the aggregate rating where merchandising enables them', async () => {
    const apron = (await t.context('demo', '/shop/everyday-apron')).json;
    expect(apron.render.reviewsEnabled).toBe(true);
    expect(apron.item.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 3 });
    expect(apron.item.reviews[0]).toMatchObject({ authorName: 'Tom W.', rating: 5, stars: '★★★★★' });
    const html = (await t.get('demo', '/shop/everyday-apron')).body;
    expect(html).toContain('Bought a second one');
    const shirt = (await t.context('demo', '/shop/linen-camp-shirt')).json;
    expect(shirt.render.reviewsEnabled).toBe(false);
    expect(shirt.item.reviews).toBeUndefined();
  });

  it('gives each page its title, description, canonical URL and Open Graph tags', async () => {
    const product = (await t.get('demo', '/shop/linen-camp-shirt?utm_source=x')).body;
    expect(product).toContain('<title>Linen Camp Shirt — Fern &amp; Field</title>');
    expect(product).toContain('<link rel="canonical" href="http://demo.localhost:3000/shop/linen-camp-shirt">');
    expect(product).toContain('<meta property="og:type" content="product">');
    expect(product).toContain('<meta property="og:image" content="http://demo.localhost:3000/assets/illustrations/shirt-sage.svg">');
    expect(product).toMatch(/<meta name="description" content="A relaxed, boxy shirt/);
    const home = (await t.get('demo', '/')).body;
    expect(home).toContain('<title>Fern &amp; Field</title>');
    expect((await t.get('demo', '/journal/why-we-wash-our-linen-twice')).body).toContain('<meta property="og:type" content="article">');
  });

  it('counts approved comments on blog listings', async () => {
    const { json } = await t.context('demo', '/journal');
    const counts = Object.fromEntries(json.items.map((i: any) => [i.urlId, i.publicCommentCount]));
    expect(counts).toMatchObject({ 'dyeing-with-walnut-hulls': 2, 'why-we-wash-our-linen-twice': 1, 'a-visit-to-the-apiary': 0 });
    expect((await t.get('demo', '/journal')).body).toContain('2 Comments');
  });

  it('resolves page blocks: summaries, contact form and newsletter', async () => {
    const home = (await t.context('demo', '/')).json.collection.blocks as any[];
    expect(home.map((b) => b.typeName)).toEqual(['hero', 'summary', 'quote', 'summary', 'newsletter']);
    expect(home[1].items).toHaveLength(4);
    expect(home[1].items[0].structuredContent.variants.length).toBeGreaterThan(0);
    const contact = (await t.context('demo', '/contact')).json.collection.blocks as any[];
    const form = contact.find((b) => b.typeName === 'form').form;
    expect(form.fields.map((f: any) => f.type)).toEqual(['name', 'email', 'phone', 'select', 'radio', 'checkbox', 'textarea', 'hidden']);
    expect(form.fields.find((f: any) => f.type === 'email').inputType).toBe('email');
  });

  it('shows the visitor cart (from the cart cookie) with line totals', async () => {
    const site = (await t.context('demo', '/')).json.website.id as string;
    const soap = (await t.context('demo', '/shop/oat-honey-soap')).json.item;
    const [variant] = await t.testDb.db.select().from(variants).where(eq(variants.productId, soap.id));
    const [cart] = await t.testDb.db.insert(carts).values({ websiteId: site }).returning();
    await t.testDb.db
      .insert(cartEntries)
      .values({ websiteId: site, cartId: cart!.id, itemId: soap.id, variantId: variant!.id, sku: variant!.sku, quantity: 2, purchasePriceCents: 1200 });
    const res = await t.get('demo', '/cart', { cookie: `emporium_cart=${cart!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="/shop/oat-honey-soap">Oat &amp; Honey Soap</a>');
    expect(res.body).toContain('Qty 2 &times; $12.00');
    expect(res.body).toMatch(/<dt>Subtotal<\/dt><dd>\$24\.00<\/dd>/);
    expect(res.body).toContain('aria-label="Cart, 2 items in cart"');
    const other = await t.get('journal', '/', { cookie: `emporium_cart=${cart!.id}` });
    expect(other.body).not.toContain('Oat &amp; Honey Soap');
  });
});
