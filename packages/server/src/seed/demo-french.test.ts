import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { DEMO_SHOP_IDENTIFIER } from './index.js';

/** Issue 29, acceptance 0: a newcomer sees a multilingual site at once. */
describe('the demo shop in French', () => {
  let t: PagesTestApp;
  beforeAll(async () => {
    t = await createPagesTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('serves its pages, navigation and products under /fr/ in French, with the switcher back to English', async () => {
    const home = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<html lang="fr">');
    expect(home.body).toContain('Fait lentement, fait pour durer.');
    expect(home.body).toContain('Livraison offerte dès 75 $');
    expect(home.body).toContain('Des objets pour vivre sans hâte');
    expect(home.body).toMatch(/<a[^>]*href="\/fr\/boutique"[^>]*>\s*Boutique/);
    expect(home.body).toContain('href="/fr/a-propos"');
    expect(home.body).toMatch(/href="\/" hreflang="en-US"/);
    const shop = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/boutique');
    expect(shop.statusCode).toBe(200);
    expect(shop.body).toContain('Chemise de camp en lin');
    expect(shop.body).toContain('href="/fr/boutique/chemise-camp-en-lin"');
    const product = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/boutique/chemise-camp-en-lin');
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('Chemise de camp en lin');
    expect(product.body).toMatch(/href="\/shop\/linen-camp-shirt" hreflang="en-US"/);
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/shop/linen-camp-shirt');
    expect(english.body).toContain('hreflang="fr" href="http://demo.localhost:3000/fr/boutique/chemise-camp-en-lin"');
  });
});
