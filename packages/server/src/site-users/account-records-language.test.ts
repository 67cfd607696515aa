import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, signedInShopper } from '../../test-support/site-users.js';
import type { OwnerClient } from '../../test-support/owners.js';
import type { PagesTestApp } from '../../test-support/pages-test-app.js';
import { createTranslatedDemo, DEMO_HOST, saveTranslation, textOf } from '../../test-support/translations-test-kit.js';
import { carts, items, orders, restockSignups, variants, type Db } from '../db/index.js';
import { subscriptions } from '../db/schema-subscriptions.js';
import type { Website } from '../sites/index.js';

/** The account page's records (its orders, subscriptions and restock sign-ups) as text, a space where each tag was. */
function recordsOf(html: string): string {
  return textOf(/<h2 id="orders">[\s\S]*?(?=<h2 id="addresses">)/.exec(html)?.[0] ?? '') + textOf(/<h2 id="restock">[\s\S]*$/.exec(html)?.[0] ?? '');
}

/**
 * Issue 29 on the account area (spec 9 customer accounts): the order statuses, the
 * subscriptions (their products with translated titles and options, plan, first order, state
 * and next payment) and the restock sign-ups (product titles, dates and states) in the page's
 * language on /fr/account and /de/account. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
 */
describe('account records in the page language', () => {
  let t: PagesTestApp;
  let db: Db;
  let demo: Website;
  let owner: OwnerClient;
  let shopper: { browser: Browser; xsrfToken: string; siteUserId: string };
  let shirt: { id: string; variantId: string; sku: string; title: string };

  const account = async (path: string) => {
    const res = await shopper.browser.send('GET', path, { headers: { accept: 'text/html' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ({ t, db, demo, owner } = await createTranslatedDemo('admin@account-records-tr.test'));
    shopper = await signedInShopper(t.app, db, DEMO_HOST, demo.id, 'shopper@account-records-tr.test');
    const rows = await db
      .select({ id: items.id, variantId: variants.id, sku: variants.sku, title: items.title })
      .from(items)
      .innerJoin(variants, and(eq(variants.websiteId, items.websiteId), eq(variants.productId, items.id)))
      .where(and(eq(items.websiteId, demo.id), eq(items.urlId, 'linen-camp-shirt')));
    const row = rows.find((r) => r.sku === 'FF-SHIRT-SAGE-M') ?? rows[0]!;
    shirt = { id: row.id, variantId: row.variantId, sku: row.sku ?? '', title: row.title };
    const [cart] = await db.insert(carts).values({ websiteId: demo.id, siteUserId: shopper.siteUserId, isPurchased: true }).returning();
    const [order] = await db
      .insert(orders)
      .values({
        websiteId: demo.id,
        orderNumber: 5001,
        purchasedCartId: cart!.id,
        status: 'PENDING',
        customerEmail: 'shopper@account-records-tr.test',
        currency: 'USD',
        grandTotalCents: 990,
        statusToken: randomBytes(16).toString('hex'),
      })
      .returning();
    await db.insert(subscriptions).values({
      websiteId: demo.id,
      firstOrderId: order!.id,
      customerEmail: 'shopper@account-records-tr.test',
      plan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      currency: 'USD',
      amountCents: 990,
      lines: [
        {
          itemId: shirt.id,
          variantId: shirt.variantId,
          sku: shirt.sku,
          productName: shirt.title,
          quantity: 2,
          unitPriceCents: 495,
          variantOptions: [
            { name: 'Colour', value: 'Sage' },
            { name: 'Size', value: 'M' },
          ],
        },
      ],
      paymentMethod: { provider: 'test', customerRef: 'cus_1', methodRef: 'pm_1', summary: { brand: 'visa', last4: '4242' } },
      state: 'paused',
      anchorAt: new Date('2026-11-01T00:00:00Z'),
      nextBillingAt: new Date('2027-01-01T00:00:00Z'),
      manageToken: randomBytes(24).toString('base64url'),
    });
    await db.insert(restockSignups).values([
      {
        websiteId: demo.id,
        productId: shirt.id,
        variantId: shirt.variantId,
        email: 'shopper@account-records-tr.test',
        createdAt: new Date('2026-11-20T12:00:00Z'),
        notifiedAt: new Date('2026-11-25T12:00:00Z'),
      },
      { websiteId: demo.id, productId: 'gone', variantId: 'gone-v', email: 'shopper@account-records-tr.test', createdAt: new Date('2026-11-10T12:00:00Z') },
    ]);
    await saveTranslation(owner, 'fr', 'item', shirt.id, 'title', 'Chemise de camp en lin');
    await saveTranslation(owner, 'fr', 'product-option', shirt.id, 'name:Size', 'Taille');
    await saveTranslation(owner, 'fr', 'product-option', shirt.id, 'value:Colour=Sage', 'Sauge');
  }, 180_000);
  afterAll(() => t?.close());

  it('shows the order status, the subscription and the restock sign-ups on /fr/account in French, the products by their French titles and options', async () => {
    const text = recordsOf(await account('/fr/account'));
    expect(text).toContain('En attente de paiement');
    // Product and option names as the owner translated them, an untranslated one as stored; plan, first order and state in French.
    expect(text).toMatch(/2 × Chemise de camp en lin \(Colour : Sauge, Taille : M\) : 9,90\s\$US chaque mois \(de la commande n° 5001\)\. En pause \./);
    expect(text).toContain('Chemise de camp en lin (FF-SHIRT-SAGE-M) : inscription le 20 nov. 2026, prévenu le 25 nov. 2026.');
    expect(text).toContain('Un produit qui n’est plus vendu : inscription le 10 nov. 2026, en attente.');
    for (const english of ['Awaiting payment', 'every month', 'from order', 'Paused', 'signed up', 'waiting', 'mailed', 'Linen Camp Shirt', 'no longer sold'])
      expect(text).not.toContain(english);
  });

  it('warns before erasure in the page language: what is deleted and what stays for accounting', async () => {
    expect(textOf(await account('/fr/account'))).toContain(
      'Cela supprime votre compte, vos adresses enregistrées, vos alertes de retour en stock, vos réponses aux formulaires, vos commentaires et vos avis',
    );
    expect(textOf(await account('/de/account'))).toContain('Dadurch werden Ihr Konto, Ihre gespeicherten Adressen');
    expect(textOf(await account('/account'))).toContain('This deletes your account, saved addresses, restock sign-ups');
  });

  it('shows them in German on /de/account (the product titles as stored, German has no translation), and in English on /account', async () => {
    const de = recordsOf(await account('/de/account'));
    expect(de).toContain('Zahlung ausstehend');
    expect(de).toMatch(new RegExp(`2 × ${shirt.title} \\(Colour: Sage, Size: M\\) : 9,90\\s\\$ jeden Monat \\(aus Bestellung Nr\\. 5001\\)\\. Pausiert \\.`));
    expect(de).toContain('Ein Produkt, das nicht mehr verkauft wird : angemeldet am 10.11.2026, wartet.');
    const en = recordsOf(await account('/account'));
    expect(en).toContain('Awaiting payment');
    expect(en).toContain(`2 × ${shirt.title} (Colour: Sage, Size: M) : $9.90 every month (from order #5001). Paused .`);
    expect(en).toContain(`${shirt.title} (FF-SHIRT-SAGE-M) : signed up Nov 20, 2026, mailed Nov 25, 2026.`);
    expect(en).toContain('A product no longer sold : signed up Nov 10, 2026, waiting.');
  });
});
