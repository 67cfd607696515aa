import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../../test-support/pages-test-app.js';
import { cartEntries, carts, variants } from '../../db/index.js';
import { staticIslandAssets } from '../island-assets.js';
import { PageType } from '../../spec/index.js';
import type { navigationContext } from './navigation-context.js';
import { type NavigationContext, pageContextSchema } from './schemas.js';

/** The page schema refusing unknown top-level keys too, so every key `?format=json` sends is documented. */
const strictPage = pageContextSchema.strict();

/** What a parse found wrong, as `path: message` lines (empty when the context matches). */
function problemsOf(json: unknown): string[] {
  const result = strictPage.safeParse(json);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** One page of each kind on the seeded demo site, with its page type and the optional keys it must carry. */
const PAGES = [
  { kind: 'home page', path: '/', pageType: PageType.PAGE, keys: ['collection'] },
  { kind: 'content page', path: '/contact', pageType: PageType.PAGE, keys: ['collection'] },
  { kind: 'blog list', path: '/journal', pageType: PageType.MAIN_CONTENT, keys: ['collection', 'items', 'pagination'] },
  { kind: 'blog item', path: '/journal/why-we-wash-our-linen-twice', pageType: PageType.ITEM, keys: ['collection', 'item'] },
  { kind: 'products list', path: '/shop', pageType: PageType.MAIN_CONTENT, keys: ['collection', 'items', 'pagination', 'productMerchandisingContext'] },
  {
    kind: 'product item',
    path: '/shop/linen-camp-shirt',
    pageType: PageType.ITEM,
    keys: ['collection', 'item', 'related', 'productMerchandisingContext'],
  },
  { kind: 'subscription product', path: '/shop/seasonal-seed-box', pageType: PageType.ITEM, keys: ['item'] },
  { kind: 'product with an additional-fields form', path: '/shop/natural-dye-workshop', pageType: PageType.ITEM, keys: ['item'] },
  { kind: 'events list', path: '/events', pageType: PageType.MAIN_CONTENT, keys: ['collection', 'items', 'pagination'] },
  { kind: 'event item', path: '/events/holiday-market-open-studio', pageType: PageType.ITEM, keys: ['collection', 'item'] },
  { kind: 'gallery', path: '/studio', pageType: PageType.MAIN_CONTENT, keys: ['collection', 'items', 'pagination'] },
  { kind: 'search', path: '/search?q=linen', pageType: PageType.SEARCH, keys: ['search', 'items'] },
  { kind: 'cart', path: '/cart', pageType: PageType.SHOW_CART, keys: [] },
] as const;

/** The demo site served as it is in production without the storefront bundle, and with it (island props present). */
const apps: { plain?: PagesTestApp; islands?: PagesTestApp } = {};
beforeAll(async () => {
  apps.plain = await createPagesTestApp();
  apps.islands = await createPagesTestApp({ islands: staticIslandAssets(true) });
});
afterAll(async () => {
  await apps.plain?.close();
  await apps.islands?.close();
});

describe.each([
  { app: 'plain', islands: false, label: 'without the storefront bundle' },
  { app: 'islands', islands: true, label: 'with island props' },
] as const)('?format=json matches the page context schema $label', ({ app, islands }) => {
  let t: PagesTestApp;
  beforeAll(() => {
    t = apps[app]!;
  });

  it.each(PAGES)('$kind ($path)', async ({ path, pageType, keys }) => {
    const { status, json } = await t.context('demo', path);
    expect(status).toBe(200);
    expect(problemsOf(json)).toEqual([]);
    expect(json.pageType).toBe(pageType);
    expect(json.render.islandsEnabled).toBe(islands);
    for (const key of keys) expect(json, key).toHaveProperty(key);
  });

  it('the not-found page', async () => {
    const { status, json } = await t.context('demo', '/no-such-page');
    expect(status).toBe(404);
    expect(problemsOf(json)).toEqual([]);
  });

  it('the cart page with a line in the cart', async () => {
    const site = (await t.context('demo', '/')).json.website.id as string;
    const soap = (await t.context('demo', '/shop/oat-honey-soap')).json.item;
    const [variant] = await t.testDb.db.select().from(variants).where(eq(variants.productId, soap.id));
    const [cart] = await t.testDb.db.insert(carts).values({ websiteId: site }).returning();
    await t.testDb.db
      .insert(cartEntries)
      .values({ websiteId: site, cartId: cart!.id, itemId: soap.id, variantId: variant!.id, sku: variant!.sku, quantity: 2, purchasePriceCents: 1200 });
    const res = await t.get('demo', '/cart?format=json', { cookie: `emporium_cart=${cart!.id}` });
    const json = JSON.parse(res.body);
    expect(json.cart.entries).toHaveLength(1);
    expect(problemsOf(json)).toEqual([]);
  });
});

describe('the page context schema refuses what it does not document', () => {
  let product: Record<string, any>;
  beforeAll(async () => {
    product = (await apps.plain!.context('demo', '/shop/linen-camp-shirt')).json;
  });

  /** A change to a real product page's context, and the one problem the schema reports. */
  const CHANGES: { change: string; apply: (page: Record<string, any>) => void; problem: RegExp }[] = [
    { change: 'an unknown top-level key', apply: (p) => (p.extra = true), problem: /^: Unrecognized key: "extra"/ },
    { change: 'an unknown website field', apply: (p) => (p.website.siteName = 'Fern & Field'), problem: /^website: Unrecognized key: "siteName"/ },
    { change: 'a missing website field', apply: (p) => delete p.website.timeZone, problem: /^website\.timeZone: Invalid input/ },
    {
      change: 'a store setting under another name',
      apply: (p) => (p.websiteSettings.storeSettings.currency = 'USD'),
      problem: /^websiteSettings\.storeSettings: Unrecognized key: "currency"/,
    },
    { change: 'an unknown item field', apply: (p) => (p.item.price = 8800), problem: /^item: Unrecognized key: "price"/ },
    {
      change: 'a variant stock as text',
      apply: (p) => (p.item.structuredContent.variants[0].qtyInStock = '4'),
      problem: /^item\.structuredContent\.variants\.0\.qtyInStock: Invalid input: expected number/,
    },
    {
      change: 'an unknown product type',
      apply: (p) => (p.item.structuredContent.productType = 9),
      problem: /^item\.structuredContent\.productType: Invalid option/,
    },
    { change: 'a collection without its kind', apply: (p) => delete p.collection.typeName, problem: /^collection\.typeName: Invalid option/ },
    {
      change: 'a navigation entry with an unknown field',
      apply: (p) => (p.navigation.mainNavigation.items[0].url = '/shop'),
      problem: /^navigation\.mainNavigation\.items\.0: Unrecognized key: "url"/,
    },
    {
      change: 'an unknown merchandising field',
      apply: (p) => (p.productMerchandisingContext[p.item.id].scarce = true),
      problem: /^productMerchandisingContext\.\w+: Unrecognized key: "scarce"/,
    },
    { change: 'an unknown page type', apply: (p) => (p.pageType = 7), problem: /^pageType: Invalid option/ },
  ];

  it('accepts the product page as it is', () => {
    expect(problemsOf(product)).toEqual([]);
  });

  it.each(CHANGES)('refuses $change', ({ apply, problem }) => {
    const changed = structuredClone(product);
    apply(changed);
    expect(problemsOf(changed)).toEqual([expect.stringMatching(problem)]);
  });

  it('refuses a block of a kind the theme does not render', async () => {
    const home = (await apps.plain!.context('demo', '/')).json;
    home.collection.blocks[0].typeName = 'marquee';
    expect(problemsOf(home)).toEqual([expect.stringMatching(/^collection\.blocks\.0\.typeName: Invalid discriminator/)]);
  });
});

describe('builders typed outside this schema', () => {
  it('the navigation builder returns the navigation context', () => {
    expectTypeOf<ReturnType<typeof navigationContext>>().toExtend<NavigationContext>();
    expectTypeOf<NavigationContext>().toExtend<ReturnType<typeof navigationContext>>();
  });
});
