import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, PAY_OK, Visitor } from '../../test-support/commerce-test-kit.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { Browser, enableAccounts, lastMail, linkIn, TEST_SITE_USER_PASSWORD } from '../../test-support/site-users.js';
import { carts, formSubmissions, forms, items, orders, restockSignups, siteUsers, variants } from '../db/index.js';
import { DONATIONS_PATH, OWNER_DONATIONS_PATH } from '../donations/index.js';
import { OWNER_ORDERS_PATH } from '../orders/index.js';
import { RESTOCK_PATH } from '../restock/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';

const HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
const page = (path: string) => `http://${HOST}${path}`;
const ACCOUNT = '/api/site-users/account';
/** Money as French CLDR writes US dollars: `88,00 $US` (the space is a no-break one). */
const FRENCH_DOLLARS = /\d+,\d\d\s\$US/;
const FRENCH_DAY = /\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/;

/** Issue 29, item 5 and acceptance 3: carts, orders, sign-ups and accounts keep the visitor's language, and every mail follows it. */
describe('the visitor’s language in mails and formats (issue 29)', () => {
  let t: PagesTestApp;
  let owner: OwnerClient;
  let websiteId: string;
  let shirt: { itemId: string; variantId: string; sku: string };
  let mug: { itemId: string; variantId: string };

  const variantOf = async (urlId: string, sku: string) => {
    const db = t.testDb.db;
    const [row] = await db
      .select({ itemId: items.id, variantId: variants.id })
      .from(items)
      .innerJoin(variants, and(eq(variants.websiteId, items.websiteId), eq(variants.productId, items.id)))
      .where(and(eq(items.websiteId, websiteId), eq(items.urlId, urlId), eq(variants.sku, sku)));
    return row!;
  };

  /** Signs up for the mug's restock notice and orders a shirt, acting from pages under `prefix` (`''` for the primary language). */
  const signUpAndOrder = async (email: string, from: { product: string; checkout: string }) => {
    const visitor = new Visitor(t.app, HOST);
    const signedUp = await visitor.request(
      'POST',
      RESTOCK_PATH,
      { isJoinMailingList: false, productId: mug.itemId, variantId: mug.variantId, siteVisitorEmail: email },
      { headers: { referer: page(from.product) } },
    );
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const added = await visitor.request(
      'POST',
      '/api/commerce/shopping-cart/entries',
      { itemId: shirt.itemId, sku: shirt.sku, quantity: 1 },
      { headers: { referer: page(from.product) } },
    );
    expect(added.statusCode, added.body).toBe(200);
    const placed = await visitor.checkout({ email, shippingAddress: ADDRESS, payment: PAY_OK }, { referer: page(from.checkout) });
    expect(placed.statusCode, placed.body).toBe(200);
    const sent = await owner.call('POST', `${RESTOCK_PATH}/send`, { productId: mug.itemId, variantId: mug.variantId });
    expect(sent.statusCode, sent.body).toBe(200);
    return { cartId: added.json().shoppingCart.id as string, orderId: placed.json().order.id as string };
  };

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    websiteId = demo.id;
    await enableAccounts(db, websiteId);
    await makeOwner(db, websiteId, 'owner@language.test', 'admin');
    owner = await signInOwner(t.app, HOST, 'owner@language.test');
    shirt = { ...(await variantOf('linen-camp-shirt', 'FF-SHIRT-SAGE-L')), sku: 'FF-SHIRT-SAGE-L' };
    mug = await variantOf('stoneware-mug', 'FF-MUG-RIVER');
  }, 120_000);
  afterAll(() => t?.close());

  it('sends a French visitor’s restock notice and order confirmation in French, with French money and translated product texts', async () => {
    const email = 'camille@example.fr';
    for (const [option, text] of [
      ['Colour', 'Couleur'],
      ['Size', 'Taille'],
    ] as const) {
      const saved = await owner.call('PUT', '/api/owner/translations', {
        language: 'fr',
        subjectType: 'product-option',
        subjectId: shirt.itemId,
        field: `name:${option}`,
        text,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const { cartId, orderId } = await signUpAndOrder(email, { product: '/fr/boutique/chemise-camp-en-lin', checkout: '/fr/checkout' });
    const db = t.testDb.db;
    expect((await db.select({ language: carts.language }).from(carts).where(eq(carts.id, cartId)))[0]?.language).toBe('fr');
    expect((await db.select({ language: orders.language }).from(orders).where(eq(orders.id, orderId)))[0]?.language).toBe('fr');
    const [signUp] = await db
      .select({ language: restockSignups.language })
      .from(restockSignups)
      .where(and(eq(restockSignups.websiteId, websiteId), eq(restockSignups.email, email)));
    expect(signUp?.language).toBe('fr');

    const confirmation = await lastMail(db, websiteId, 'order-confirmation', email);
    expect(confirmation.subject).toMatch(/^Votre commande n° \d+ chez Fern & Field$/);
    expect(confirmation.textBody).toMatch(/^Merci pour votre commande n° \d+ chez Fern & Field\./);
    expect(confirmation.textBody).toContain('1 x Chemise de camp en lin, Couleur : Sauge, Taille : L (FF-SHIRT-SAGE-L)');
    expect(confirmation.textBody).toMatch(new RegExp(`Total : ${FRENCH_DOLLARS.source}`));
    expect(confirmation.textBody).not.toMatch(/Thank you|\$\d/);

    const restock = await lastMail(db, websiteId, 'restock', email);
    expect(restock.subject).toBe('Tasse en grès moucheté est de nouveau en stock');
    expect(restock.textBody).toContain('Bonne nouvelle : Tasse en grès moucheté est de nouveau en stock chez Fern & Field.');
    expect(restock.textBody).toContain('/fr/boutique/tasse-en-gres');
    expect(restock.htmlBody).toContain('Bonne nouvelle : <strong>Tasse en grès moucheté</strong>');

    // A sign-up for a variant names its options, as translated.
    const signedUp = await new Visitor(t.app, HOST).request(
      'POST',
      RESTOCK_PATH,
      { isJoinMailingList: false, productId: shirt.itemId, variantId: shirt.variantId, siteVisitorEmail: email },
      { headers: { referer: page('/fr/boutique/chemise-camp-en-lin') } },
    );
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect((await owner.call('POST', `${RESTOCK_PATH}/send`, { productId: shirt.itemId, variantId: shirt.variantId })).statusCode).toBe(200);
    const shirtNotice = await lastMail(db, websiteId, 'restock', email);
    expect(shirtNotice.textBody).toContain('Bonne nouvelle : Chemise de camp en lin (Couleur : Sauge, Taille : L) est de nouveau en stock chez Fern & Field.');
    expect(shirtNotice.htmlBody).toContain('<strong>Chemise de camp en lin</strong> (Couleur : Sauge, Taille : L)');
  });

  it('sends the French order’s shipping mail in French, and a French donor’s receipt in French with French money and date', async () => {
    const email = 'zoe@example.fr';
    const { orderId } = await signUpAndOrder(email, { product: '/fr/boutique', checkout: '/fr/checkout' });
    const fulfilled = await owner.call('POST', `${OWNER_ORDERS_PATH}/${orderId}/fulfilment`, {
      trackingNumber: '1Z999AA1',
      carrier: 'UPS',
      notifyCustomer: true,
    });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const shipped = await lastMail(t.testDb.db, websiteId, 'order-shipped', email);
    expect(shipped.subject).toMatch(/^Votre commande n° \d+ chez Fern & Field est en route$/);
    expect(shipped.textBody).toContain('Numéro de suivi : 1Z999AA1\nTransporteur : UPS');
    expect(shipped.htmlBody).toMatch(/^<p>Bonne nouvelle : votre commande n° \d+ chez Fern &amp; Field a été expédiée\.<\/p>/);

    const settings = {
      enabled: true,
      title: 'Soutenir',
      description: '',
      suggestedAmounts: [2500],
      allowCustom: true,
      minCents: 500,
      maxCents: 100_000,
      allowMonthly: true,
      thankYou: '',
    };
    expect((await owner.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, settings)).statusCode).toBe(200);
    const donor = new Visitor(t.app, HOST);
    const given = await donor.request(
      'POST',
      DONATIONS_PATH,
      { amountCents: 2500, currency: 'USD', frequency: 'monthly', email: 'donatrice@example.fr', name: 'Inès', payment: PAY_OK },
      { headers: { 'idempotency-key': 'french-donation-1', referer: page('/fr/') } },
    );
    expect(given.statusCode, given.body).toBe(200);
    const receipt = await lastMail(t.testDb.db, websiteId, 'donation-receipt', 'donatrice@example.fr');
    expect(receipt.subject).toBe('Votre reçu de don de Fern & Field');
    expect(receipt.textBody).toContain('Merci, Inès, pour votre don à Fern & Field.');
    expect(receipt.textBody).toMatch(new RegExp(`Montant : ${FRENCH_DOLLARS.source} par mois\nDate : ${FRENCH_DAY.source}\n`));
    expect(receipt.textBody).toContain('Gérer votre don mensuel : http');
  });

  it('keeps sending a visitor of the primary language English mails with US formats', async () => {
    const email = 'ada@example.com';
    const { orderId } = await signUpAndOrder(email, { product: '/shop/linen-camp-shirt', checkout: '/checkout' });
    expect((await t.testDb.db.select({ language: orders.language }).from(orders).where(eq(orders.id, orderId)))[0]?.language).toBe('en-US');
    const confirmation = await lastMail(t.testDb.db, websiteId, 'order-confirmation', email);
    expect(confirmation.subject).toMatch(/^Your order #\d+ from Fern & Field$/);
    expect(confirmation.textBody).toContain('1 x Linen Camp Shirt, Colour: Sage, Size: L (FF-SHIRT-SAGE-L)');
    expect(confirmation.textBody).toMatch(/Total: \$\d+\.\d\d/);
    const restock = await lastMail(t.testDb.db, websiteId, 'restock', email);
    expect(restock.subject).toBe('Speckled Stoneware Mug is back in stock');
    expect(restock.textBody).toContain('/shop/stoneware-mug');
  });

  it('mails the restock notice in the language the sign-up names (spec 3 `language`), and in the primary one for a language the site lacks', async () => {
    const visitor = new Visitor(t.app, HOST);
    for (const [email, language] of [
      ['lea@example.ca', 'fr-CA'],
      ['jonas@example.de', 'de'],
    ] as const) {
      const signedUp = await visitor.request('POST', RESTOCK_PATH, {
        isJoinMailingList: false,
        productId: mug.itemId,
        variantId: mug.variantId,
        siteVisitorEmail: email,
        language,
      });
      expect(signedUp.statusCode, signedUp.body).toBe(200);
    }
    expect((await owner.call('POST', `${RESTOCK_PATH}/send`, { productId: mug.itemId, variantId: mug.variantId })).statusCode).toBe(200);
    expect((await lastMail(t.testDb.db, websiteId, 'restock', 'lea@example.ca')).subject).toBe('Tasse en grès moucheté est de nouveau en stock');
    expect((await lastMail(t.testDb.db, websiteId, 'restock', 'jonas@example.de')).subject).toBe('Speckled Stoneware Mug is back in stock');
  });

  it('sends German mails and shows German system texts once the owner publishes German (acceptance 1, German added here)', async () => {
    const current = (await owner.call('GET', '/api/multilingual/languages')).json() as { languages: Record<string, unknown>[] };
    const languages = [...current.languages.map((l) => ({ code: l.code, primary: l.primary, published: l.published })), { code: 'de', published: true }];
    const saved = await owner.call('PUT', '/api/multilingual/languages', { languages });
    expect(saved.statusCode, saved.body).toBe(200);

    const product = await t.get(DEMO_SHOP_IDENTIFIER, '/de/shop/linen-camp-shirt');
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('<html lang="de"');
    expect(product.body).toContain('In den Warenkorb');
    expect(product.body).toContain('Menge');

    const email = 'jonas@example.de';
    await signUpAndOrder(email, { product: '/de/shop/linen-camp-shirt', checkout: '/de/checkout' });
    const confirmation = await lastMail(t.testDb.db, websiteId, 'order-confirmation', email);
    expect(confirmation.subject).toMatch(/^Ihre Bestellung Nr\. \d+ bei Fern & Field$/);
    expect(confirmation.textBody).toMatch(/^Vielen Dank für Ihre Bestellung Nr\. \d+ bei Fern & Field\./);
    expect(confirmation.textBody).toContain('1 x Linen Camp Shirt, Colour: Sage, Size: L (FF-SHIRT-SAGE-L)');
    expect(confirmation.textBody).toMatch(/Gesamt: \d+,\d\d\s\$/);
    const restock = await lastMail(t.testDb.db, websiteId, 'restock', email);
    expect(restock.subject).toBe('Speckled Stoneware Mug ist wieder vorrätig');
    expect(restock.textBody).toContain('Gute Nachrichten: Speckled Stoneware Mug ist bei Fern & Field wieder vorrätig.');
  });

  it('keeps the language of the page a form was sent from with the submission', async () => {
    const db = t.testDb.db;
    const [newsletter] = await db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.websiteId, websiteId), eq(forms.name, 'Newsletter')));
    const visitor = new Visitor(t.app, HOST);
    for (const [email, pagePath, language] of [
      ['lou@example.fr', '/fr/a-propos', 'fr'],
      ['sam@example.com', '/about', 'en-US'],
    ] as const) {
      const key = (await visitor.request('POST', '/api/form/FormSubmissionKey')).json().key as string;
      const saved = await visitor.request('POST', '/api/form/SaveFormSubmission', {
        form: JSON.stringify({ email }),
        key,
        formId: newsletter!.id,
        pagePath,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [row] = await db
        .select({ language: formSubmissions.language })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.id, saved.json().submissionId)));
      expect(row?.language).toBe(language);
    }
  });

  it('writes account mails in the account’s language, and the next one in the language POST /api/site-users/account/locale chose', async () => {
    const email = 'margaux@example.fr';
    const db = t.testDb.db;
    const browser = await Browser.open(t.app, HOST);
    const registered = await browser.send('POST', `${ACCOUNT}/register`, {
      json: { email, password: TEST_SITE_USER_PASSWORD },
      headers: { referer: page('/fr/boutique') },
    });
    expect(registered.statusCode, registered.body).toBe(202);
    expect((await db.select({ locale: siteUsers.locale }).from(siteUsers).where(eq(siteUsers.email, email)))[0]?.locale).toBe('fr');
    const verify = await lastMail(db, websiteId, 'site-user-verify', email);
    expect(verify.subject).toBe('Confirmez votre adresse e-mail pour Fern & Field');
    expect(verify.textBody).toContain('Bienvenue chez Fern & Field.');
    // A French account's links lead to the French account pages.
    await browser.send('GET', linkIn(verify.textBody, '/fr/account/verify'));
    const signedIn = await browser.send('POST', `${ACCOUNT}/session`, { json: { email, password: TEST_SITE_USER_PASSWORD } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const xsrf = { 'x-siteuser-xsrf-token': signedIn.json().xsrfToken as string };

    expect((await browser.send('POST', `${ACCOUNT}/sign-in-link`, { json: { email } })).statusCode).toBe(202);
    const french = await lastMail(db, websiteId, 'site-user-sign-in', email);
    expect(french.subject).toBe('Votre lien de connexion pour Fern & Field');
    expect(french.textBody).toMatch(/dans n’importe quel navigateur : \d{6}/);

    const switched = await browser.send('POST', `${ACCOUNT}/locale`, { json: { language: 'en' }, headers: xsrf });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await browser.send('POST', `${ACCOUNT}/password-reset`, { json: { email } })).statusCode).toBe(202);
    const english = await lastMail(db, websiteId, 'site-user-password-reset', email);
    expect(english.subject).toBe('Reset your password for Fern & Field');

    expect((await browser.send('POST', `${ACCOUNT}/locale`, { json: { language: 'fr_FR' }, headers: xsrf })).statusCode).toBe(200);
    expect((await browser.send('POST', `${ACCOUNT}/password-reset`, { json: { email } })).statusCode).toBe(202);
    const again = await lastMail(db, websiteId, 'site-user-password-reset', email);
    expect(again.subject).toBe('Réinitialisez votre mot de passe pour Fern & Field');
    expect(again.htmlBody).toContain('votre mot de passe reste le même.');
  });

  it('shows French money and dates on French pages, and US ones on the primary language’s', async () => {
    const french = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/boutique/chemise-camp-en-lin');
    expect(french.statusCode).toBe(200);
    expect(french.body).toMatch(/88,00\s\$US/);
    expect(french.body).not.toContain('$88.00');
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/shop/linen-camp-shirt');
    expect(english.body).toContain('$88.00');

    const journal = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/journal');
    expect(journal.statusCode).toBe(200);
    expect(journal.body).toMatch(new RegExp(`<time datetime="\\d{4}-\\d\\d-\\d\\d">${FRENCH_DAY.source}</time>`));
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/journal')).body).toMatch(/<time datetime="\d{4}-\d\d-\d\d">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/);

    const events = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/evenements');
    expect(events.statusCode).toBe(200);
    expect(events.body).toMatch(/(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} [a-zéû]+ \d{4}/);
    expect(events.body).not.toMatch(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), /);
  });
});
