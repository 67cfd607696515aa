import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerClient } from '../../test-support/owners.js';
import type { PagesTestApp } from '../../test-support/pages-test-app.js';
import { createTranslatedDemo, DEMO_HOST, saveTranslation } from '../../test-support/translations-test-kit.js';
import { collections, items, websites } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { TranslationPaths as P } from './index.js';

const ORIGIN = `http://${DEMO_HOST}:3000`;

function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]!.replace(/^https?:\/\/[^/]+/, '')]),
  );
}
function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/^https?:\/\/[^/]+/, '');
}

/** Translated pages (issue 29, items 3 and 4, acceptance 2 and 4): texts in the language, fallback, translated slugs, reciprocal alternates, the switcher, stale flags. */
describe('pages in a translated language (issue 29)', () => {
  let t: PagesTestApp;
  let owner: OwnerClient;
  let shopId: string;
  let shirtId: string;
  let websiteId: string;

  const translate = (language: string, subjectType: string, subjectId: string, field: string, text: string) =>
    saveTranslation(owner, language, subjectType, subjectId, field, text);

  beforeAll(async () => {
    const translated = await createTranslatedDemo('admin@pages.test');
    ({ t, owner } = translated);
    const { db, demo } = translated;
    websiteId = demo.id;
    shopId = (
      await db
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.websiteId, demo.id), eq(collections.urlId, 'shop')))
    )[0]!.id;
    shirtId = (
      await db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.websiteId, demo.id), eq(items.urlId, 'linen-camp-shirt')))
    )[0]!.id;
    await translate('fr', 'collection', shopId, 'slug', 'boutique');
    await translate('fr', 'collection', shopId, 'title', 'Boutique');
    await translate('de', 'collection', shopId, 'slug', 'laden');
    await translate('fr', 'item', shirtId, 'title', 'Chemise de camp en lin');
    await translate('fr', 'item', shirtId, 'slug', 'chemise-camp-lin');
    await translate('de', 'item', shirtId, 'slug', 'leinenhemd');
  }, 120_000);
  afterAll(() => t?.close());

  it('serves the translated texts under the translated slugs, and the primary language where there is no translation', async () => {
    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/boutique/chemise-camp-lin');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr"');
    expect(page.body).toContain('Chemise de camp en lin');
    expect(page.body).toContain('href="/fr/boutique"');
    const journal = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/journal');
    expect(journal.status).toBe(200);
    expect(journal.json.collection.title).toBe('Journal');
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/shop/linen-camp-shirt');
    expect(english.body).toContain('Linen Camp Shirt');
    expect(english.body).not.toContain('Chemise de camp en lin');
  });

  it('lists every language with its translated slugs as reciprocal alternates, a self-canonical and sitemap alternates', async () => {
    const expected = {
      'en-US': '/shop/linen-camp-shirt',
      fr: '/fr/boutique/chemise-camp-lin',
      de: '/de/laden/leinenhemd',
      'x-default': '/shop/linen-camp-shirt',
    };
    for (const path of Object.values(expected)) {
      const page = await t.get(DEMO_SHOP_IDENTIFIER, path);
      expect(page.statusCode, path).toBe(200);
      expect(alternatesOf(page.body), path).toEqual(expected);
      expect(canonicalOf(page.body), path).toBe(path);
    }
    const sitemap = await t.get(DEMO_SHOP_IDENTIFIER, '/sitemap.xml');
    expect(sitemap.body).toContain('/fr/boutique/chemise-camp-lin</loc>');
    expect(sitemap.body).toContain('hreflang="de" href="http');
    expect(sitemap.body).toContain('/de/laden/leinenhemd"/>');
    expect(ORIGIN).toContain(DEMO_HOST);
  });

  it("shows the product's translated option values, the option names kept", async () => {
    const french = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/boutique/chemise-camp-lin');
    const variants = french.json.item.structuredContent.variants as {
      attributes: Record<string, string>;
      optionValues: { optionName: string; value: string }[];
    }[];
    expect(new Set(variants.map((v) => v.attributes.Colour))).toEqual(new Set(['Sauge', 'Argile', 'Avoine']));
    expect(variants[0]!.optionValues.map((o) => o.optionName)).toEqual(['Colour', 'Size']);
    const english = await t.context(DEMO_SHOP_IDENTIFIER, '/shop/linen-camp-shirt');
    expect(english.json.item.structuredContent.variants.some((v: { attributes: { Colour: string } }) => v.attributes.Colour === 'Sage')).toBe(true);
  });

  it('still answers the primary slug under /fr/, with the canonical at the translated slug', async () => {
    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Chemise de camp en lin');
    expect(canonicalOf(page.body)).toBe('/fr/boutique/chemise-camp-lin');
  });

  it('links the switcher on /fr/shop/<product> to /de/shop/<translated slug> of the same product, keeping the query (acceptance 4)', async () => {
    const page = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/boutique/chemise-camp-lin?colour=natural');
    const links = page.json.website.languages as { code: string; url: string; current: boolean }[];
    expect(links).toEqual([
      expect.objectContaining({ code: 'en-US', url: '/shop/linen-camp-shirt?colour=natural', current: false }),
      expect.objectContaining({ code: 'fr', url: '/fr/boutique/chemise-camp-lin?colour=natural', current: true }),
      expect.objectContaining({ code: 'de', url: '/de/laden/leinenhemd?colour=natural', current: false }),
    ]);
    const html = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/boutique/chemise-camp-lin');
    expect(html.body).toMatch(/<a[^>]+href="\/de\/laden\/leinenhemd"[^>]*hreflang="de"/);
    const missing = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/boutique/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.json.website.languages.map((l: { url: string }) => l.url)).toEqual(['/', '/fr/', '/de/']);
  });

  it('renders a language switcher block with the same links, and nothing on a site of one language', async () => {
    const [about] = await t.testDb.db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.urlId, 'about')));
    const blocks = [...((about!.settings.blocks as unknown[]) ?? []), { typeName: 'language-switcher', display: 'codes' }];
    await t.testDb.db
      .update(collections)
      .set({ settings: { ...about!.settings, blocks } })
      .where(eq(collections.id, about!.id));
    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/about?x=1');
    const block = /<nav class="container block block--language-switcher"[\s\S]*?<\/nav>/.exec(page.body)?.[0] ?? '';
    expect(block).toContain('aria-label="Language"');
    expect(block).toContain('href="/de/about?x=1" hreflang="de" lang="de">de</a>');
    expect(block).toContain('aria-current="true">fr</a>');
  });

  it('keeps serving the old translation after the source changes, and flags it stale (acceptance 2)', async () => {
    await t.testDb.db.update(items).set({ title: 'Linen Camp Shirt, washed' }).where(eq(items.id, shirtId));
    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/boutique/chemise-camp-lin');
    expect(page.body).toContain('Chemise de camp en lin');
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/shop/linen-camp-shirt');
    expect(english.body).toContain('Linen Camp Shirt, washed');
    const list = (await owner.call('GET', `${P.LIST}?language=fr&state=stale`)).json();
    expect(list.entries).toEqual([
      expect.objectContaining({ subjectId: shirtId, field: 'title', source: 'Linen Camp Shirt, washed', translation: 'Chemise de camp en lin' }),
    ]);
    const version = (await t.testDb.db.select({ v: websites.pageVersion }).from(websites).where(eq(websites.id, websiteId)))[0]!.v;
    await translate('fr', 'item', shirtId, 'title', 'Chemise de camp en lin lavé');
    const after = (await t.testDb.db.select({ v: websites.pageVersion }).from(websites).where(eq(websites.id, websiteId)))[0]!.v;
    expect(after).toBeGreaterThan(version);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/fr/boutique/chemise-camp-lin')).body).toContain('Chemise de camp en lin lavé');
  });
});
