import { islandTextsOf } from '@emporium/storefront';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { cartEntries, carts, items, variants } from '../db/index.js';
import { staticIslandAssets } from '../pages/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { SYSTEM_TEXTS } from './system-texts.js';
import { SYSTEM_TEXTS_FR } from './system-texts-fr.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;

/** The props of every island of a page's HTML, in page order, with the island's name. */
function islandsOf(html: string): { name: string; props: Record<string, any> }[] {
  return [...html.matchAll(/data-island="(\w+)" data-props="([^"]*)"/g)].map((m) => ({
    name: m[1]!,
    props: JSON.parse(
      m[2]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ) as Record<string, any>,
  }));
}

/** The French of every text island `name` can show that French writes differently: what its `texts` must be on a French page with no owner translations. */
function frenchOf(name: string): Record<string, string> {
  const shows = islandTextsOf(name);
  const out: Record<string, string> = {};
  for (const text of SYSTEM_TEXTS) {
    const french = SYSTEM_TEXTS_FR[text.id];
    if (shows.includes(text.en) && french !== undefined && french !== text.en) out[text.en] = french;
  }
  return out;
}

/** The English texts of a place (`where`) of the catalogue. */
function englishOf(where: string): string[] {
  return SYSTEM_TEXTS.filter((s) => s.where === where).map((s) => s.en);
}

/** Each island of a French page receives the French of the system texts it can show, and no other (decision 0049). */
describe('the system texts of islands on French pages', () => {
  let t: PagesTestApp;
  let cartCookie: string;

  beforeAll(async () => {
    t = await createPagesTestApp({ islands: staticIslandAssets(true) });
    const db = t.testDb.db;
    const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    await makeOwner(db, demo.id, 'admin@island-texts.test', 'admin');
    const owner = await signInOwner(t.app, DEMO_HOST, 'admin@island-texts.test');
    const saved = await owner.call('PUT', '/api/multilingual/languages', {
      languages: [
        { code: 'en-US', primary: true },
        { code: 'fr', published: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [shirt] = await db
      .select({ id: items.id, variantId: variants.id, sku: variants.sku })
      .from(items)
      .innerJoin(variants, and(eq(variants.websiteId, items.websiteId), eq(variants.productId, items.id)))
      .where(and(eq(items.websiteId, demo.id), eq(items.urlId, 'linen-camp-shirt')));
    const [cart] = await db.insert(carts).values({ websiteId: demo.id }).returning();
    await db
      .insert(cartEntries)
      .values({ websiteId: demo.id, cartId: cart!.id, itemId: shirt!.id, variantId: shirt!.variantId, sku: shirt!.sku, quantity: 1, purchasePriceCents: 8800 });
    cartCookie = `emporium_cart=${cart!.id}`;
  }, 120_000);
  afterAll(() => t?.close());

  it("gives the product page's islands the French they show and nothing of the cart, the checkout or another island", async () => {
    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
    expect(page.statusCode).toBe(200);
    const islands = islandsOf(page.body);
    expect(islands.map((i) => i.name)).toEqual(expect.arrayContaining(['ProductForm', 'FormBlock', 'CartPill', 'ShareButtons']));
    for (const { name, props } of islands) expect(props.texts ?? {}, name).toEqual(frenchOf(name));
    const form = islands.find((i) => i.name === 'ProductForm')!.props.texts as Record<string, string>;
    expect(form['Add To Cart']).toBe('Ajouter au panier');
    expect(form['Please select the {option} option.']).toBe(SYSTEM_TEXTS_FR['product.selectOption']);
    // The additional fields' marks and messages stay: the product form shows them.
    expect(form['(required)']).toBe(SYSTEM_TEXTS_FR['form.required']);
    for (const english of [...englishOf('Cart'), ...englishOf('Checkout'), ...englishOf('Restock sign-up')]) expect(form[english], english).toBeUndefined();
    const newsletter = islands.find((i) => i.name === 'FormBlock')!.props.texts as Record<string, string>;
    for (const english of englishOf('Product page')) expect(newsletter[english], english).toBeUndefined();
    expect(newsletter.Submit).toBe(SYSTEM_TEXTS_FR['form.submit']);
    // The server-rendered form is in French.
    expect(page.body).toContain('Ajouter au panier');
    expect(page.body).toContain(`>${SYSTEM_TEXTS_FR['product.quantity']}<`);
  });

  it("keeps the same texts in the page's JSON, which the quick view's product form reads", async () => {
    const json = (await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt?format=json')).json();
    const islands = json.render.islands as Record<string, Record<string, unknown>>;
    expect(islands.productForm!.texts).toEqual(frenchOf('ProductForm'));
    expect(islands.cartPill!.texts).toBeUndefined();
    expect(islands.share!.texts).toBeUndefined();
  });

  it("gives the shop's quick views and the home page's form block only their own texts", async () => {
    const shop = islandsOf((await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop')).body);
    const quickViews = shop.filter((i) => i.name === 'ProductQuickView');
    expect(quickViews.length).toBeGreaterThan(0);
    for (const { props } of quickViews) expect(props.texts).toBeUndefined();
    const home = islandsOf((await t.get(DEMO_SHOP_IDENTIFIER, '/fr/')).body);
    expect(home.length).toBeGreaterThan(0);
    for (const { name, props } of home) expect(props.texts ?? {}, name).toEqual(frenchOf(name));
    expect(frenchOf('FormBlock').Submit).toBeDefined();
  });

  it('gives the cart and checkout islands theirs, the checkout its own address labels and not the order-received page’s', async () => {
    for (const path of ['/fr/cart', '/fr/checkout']) {
      const page = await t.get(DEMO_SHOP_IDENTIFIER, path, { cookie: cartCookie });
      expect(page.statusCode, path).toBe(200);
      const islands = islandsOf(page.body);
      expect(islands.length, path).toBeGreaterThan(0);
      for (const { name, props } of islands) expect(props.texts ?? {}, `${path} ${name}`).toEqual(frenchOf(name));
    }
    expect(frenchOf('Checkout')['First name']).toBe(SYSTEM_TEXTS_FR['checkout.firstName']);
    expect(frenchOf('Checkout')['We are confirming your payment…']).toBeUndefined();
    expect(frenchOf('CartPage')['Add To Cart']).toBeUndefined();
  });
});
