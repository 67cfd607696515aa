import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { cartEntries, carts, items, variants } from '../db/index.js';
import { staticIslandAssets } from '../pages/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { TranslationPaths as P } from './index.js';
import { SYSTEM_TEXTS_FR } from './system-texts-fr.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;

function islandProps(html: string, name: string): Record<string, any> {
  const match = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html);
  expect(match, `island ${name}`).toBeTruthy();
  return JSON.parse(
    match![1]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ) as Record<string, any>;
}

/** The text of a page without tags, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A product's option names are translated like its values: listed for the owner, shown in the page's language on the product page, the cart and the checkout. */
describe('translated option names', () => {
  let t: PagesTestApp;
  let owner: OwnerClient;
  let shirtId: string;
  let cartCookie: string;

  beforeAll(async () => {
    t = await createPagesTestApp({ islands: staticIslandAssets(true) });
    const db = t.testDb.db;
    const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    await makeOwner(db, demo.id, 'admin@option-names.test', 'admin');
    owner = await signInOwner(t.app, DEMO_HOST, 'admin@option-names.test');
    const saved = await owner.call('PUT', '/api/multilingual/languages', {
      languages: [
        { code: 'en-US', primary: true },
        { code: 'fr', published: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await db
      .select({ id: items.id, variantId: variants.id, sku: variants.sku })
      .from(items)
      .innerJoin(variants, and(eq(variants.websiteId, items.websiteId), eq(variants.productId, items.id)))
      .where(and(eq(items.websiteId, demo.id), eq(items.urlId, 'linen-camp-shirt')));
    const shirt = rows.find((r) => r.sku === 'FF-SHIRT-SAGE-M') ?? rows[0]!;
    shirtId = shirt.id;
    const [cart] = await db.insert(carts).values({ websiteId: demo.id }).returning();
    await db
      .insert(cartEntries)
      .values({ websiteId: demo.id, cartId: cart!.id, itemId: shirt.id, variantId: shirt.variantId, sku: shirt.sku, quantity: 1, purchasePriceCents: 8800 });
    cartCookie = `emporium_cart=${cart!.id}`;
  }, 120_000);
  afterAll(() => t?.close());

  const nameEntry = async () => {
    const res = await owner.call('GET', `${P.LIST}?language=fr&subjectType=product-option&pageSize=200`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().entries as { subjectId: string; field: string; source: string; translation: string | null; state: string }[]).find(
      (e) => e.subjectId === shirtId && e.field === 'name:Size',
    );
  };

  it('lists an option name for translation beside its values, and a saved translation is current', async () => {
    expect(await nameEntry()).toMatchObject({ source: 'Size', translation: null, state: 'missing' });
    const put = await owner.call('PUT', P.LIST, { language: 'fr', subjectType: 'product-option', subjectId: shirtId, field: 'name:Size', text: 'Taille' });
    expect(put.statusCode, put.body).toBe(200);
    expect(await nameEntry()).toMatchObject({ source: 'Size', translation: 'Taille', state: 'current' });
  });

  it('names the option in French on the product page, in its HTML, its island props and its JSON; an untranslated name stays English', async () => {
    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
    expect(page.statusCode).toBe(200);
    const props = islandProps(page.body, 'ProductForm');
    expect(props.optionNames).toEqual({ Size: 'Taille' });
    // The variants are still matched by the names they are stored with.
    expect(Object.keys(props.product.variants[0].attributes).sort()).toEqual(['Colour', 'Size']);
    expect(page.body).toMatch(/class="variant-option__label">Taille</);
    expect(page.body).toMatch(/class="variant-option__label">Colour</);
    expect(page.body).toContain(`>${SYSTEM_TEXTS_FR['product.optionPrompt']!.replace('{option}', 'Taille')}<`);
    expect(page.body).not.toMatch(/class="variant-option__label">Size</);
    const json = (await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt?format=json')).json();
    expect(json.render.islands.productForm.optionNames).toEqual({ Size: 'Taille' });
    const names = (json.item.structuredContent.variants[0].optionValues as { optionName: string }[]).map((o) => o.optionName);
    expect(names).toEqual(expect.arrayContaining(['Taille', 'Colour']));
    expect(names).not.toContain('Size');
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/shop/linen-camp-shirt');
    expect(english.body).toMatch(/class="variant-option__label">Size</);
    expect(islandProps(english.body, 'ProductForm').optionNames).toBeUndefined();
  });

  it('names the option in French on the cart and checkout lines', async () => {
    const cart = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/cart', { cookie: cartCookie });
    expect(cart.statusCode).toBe(200);
    const line = islandProps(cart.body, 'CartPage').cart.entries[0];
    expect((line.chosenVariant.optionValues as { optionName: string }[]).map((o) => o.optionName)).toContain('Taille');
    expect(textOf(cart.body)).toMatch(/Taille: M\b/);
    const checkout = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/checkout', { cookie: cartCookie });
    expect(textOf(checkout.body)).toMatch(/Taille: M\b/);
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/cart', { cookie: cartCookie });
    expect(textOf(english.body)).toMatch(/Size: M\b/);
  });
});
