import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagesTestApp } from '../../test-support/pages-test-app.js';
import { signedInShopper } from '../../test-support/site-users.js';
import { cartCookieWith, createTranslatedDemo, DEMO_HOST, islandProps, textOf } from '../../test-support/translations-test-kit.js';
import { memberAreas, memberships } from '../db/schema-member-areas.js';
import { saveDonationSettings } from '../donations/index.js';
import { staticIslandAssets } from '../pages/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { SYSTEM_TEXTS } from './system-texts.js';
import { SYSTEM_TEXTS_DE } from './system-texts-de.js';
import { SYSTEM_TEXTS_FR } from './system-texts-fr.js';

/** The demo's course (`/course`). */
const DEMO_COURSE_URL_ID = 'course';

/** Issue 29, item 3: the checkout's address fields and messages, the order-received, donation, course and account pages in the page's language (French, and German added here). */
describe('system texts of the checkout, donation and course pages (issue 29)', () => {
  let t: PagesTestApp;
  let cartCookie: string;
  let websiteId: string;

  beforeAll(async () => {
    const translated = await createTranslatedDemo('admin@pages-tr.test', { islands: staticIslandAssets(true) });
    ({ t } = translated);
    const { db, demo } = translated;
    websiteId = demo.id;
    cartCookie = await cartCookieWith(db, demo.id, 'linen-camp-shirt', 8800);
  }, 120_000);
  afterAll(() => t?.close());

  it("gives the checkout island every checkout text in French, and the checkout page shows the address fields' names in French", async () => {
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/checkout', { cookie: cartCookie });
    expect(fr.statusCode).toBe(200);
    const shown = islandProps(fr.body, 'Checkout').texts as Record<string, string>;
    for (const text of SYSTEM_TEXTS.filter((s) => s.id.startsWith('checkout.')))
      expect(shown[text.en], text.id).toBe(SYSTEM_TEXTS_FR[text.id] === text.en ? undefined : SYSTEM_TEXTS_FR[text.id]);
    const html = textOf(fr.body);
    for (const label of ['Prénom', 'Nom', 'Adresse', 'Appartement, bâtiment, etc. (facultatif)', 'Ville', 'Code postal', 'Téléphone (facultatif)'])
      expect(html).toContain(label);
    for (const text of ['Choisissez un pays', 'Choisissez un État', 'Code promo', 'Appliquer', 'Taxes', 'Total']) expect(html).toContain(text);
    expect(html).not.toContain('First name');
    // An island gets the texts it can show: the order-received and course texts are not the checkout's.
    expect(shown['We are confirming your payment…']).toBeUndefined();
    expect(shown['Complete']).toBeUndefined();
    const product = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
    expect(islandProps(product.body, 'ProductForm').texts['First name']).toBeUndefined();
    expect(islandProps(product.body, 'ProductForm').texts['Add To Cart']).toBe('Ajouter au panier');
    const de = await t.get(DEMO_SHOP_IDENTIFIER, '/de/checkout', { cookie: cartCookie });
    const german = islandProps(de.body, 'Checkout').texts as Record<string, string>;
    for (const text of SYSTEM_TEXTS.filter((s) => s.id.startsWith('checkout.')))
      expect(german[text.en], text.id).toBe(SYSTEM_TEXTS_DE[text.id] === text.en ? undefined : SYSTEM_TEXTS_DE[text.id]);
    const deHtml = textOf(de.body);
    for (const label of ['Vorname', 'Nachname', 'Postleitzahl', 'Telefon (optional)', 'Land wählen', 'Bundesstaat wählen', 'Gutscheincode', 'Einlösen'])
      expect(deHtml).toContain(label);
    const en = textOf((await t.get(DEMO_SHOP_IDENTIFIER, '/checkout', { cookie: cartCookie })).body);
    for (const label of ['First name', 'Postal code', 'Phone (optional)', 'Choose a country', 'Coupon code']) expect(en).toContain(label);
    expect(en).not.toContain('Prénom');
  });

  it('shows the donate page in French: its title, the form and its button', async () => {
    await saveDonationSettings(t.testDb.db, websiteId, {
      enabled: true,
      title: '',
      description: '',
      suggestedAmounts: [1000, 2500],
      allowCustom: true,
      minCents: 300,
      maxCents: 200_000,
      allowMonthly: true,
      thankYou: '',
    });
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/checkout/donate?amount=2500&frequency=monthly');
    expect(fr.statusCode).toBe(200);
    const html = textOf(fr.body);
    expect(fr.body).toMatch(/<title>Faire un don\b/);
    for (const text of ['Autre montant', 'Fréquence', 'Une fois', 'Tous les mois', 'E-mail pour votre reçu', 'Nom (facultatif)']) expect(html).toContain(text);
    expect(html).toMatch(/Donner 25,00\s\$US\/mois/);
    const de = await t.get(DEMO_SHOP_IDENTIFIER, '/de/checkout/donate?amount=2500&frequency=monthly');
    expect(de.body).toMatch(/<title>Spenden\b/);
    for (const text of ['Anderer Betrag', 'Wie oft', 'Einmalig', 'Monatlich', 'E-Mail für Ihre Quittung']) expect(textOf(de.body)).toContain(text);
    expect(textOf(de.body)).toMatch(/25,00\s\$\/Monat spenden/);
    const en = textOf((await t.get(DEMO_SHOP_IDENTIFIER, '/checkout/donate?amount=2500&frequency=monthly')).body);
    expect(en).toContain('Donate $25.00/month');
    expect(en).toContain('How often');
  });

  it('shows the account pages in French and German: the sign-in page and its fields', async () => {
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/account/login');
    expect(fr.statusCode).toBe(200);
    for (const text of ['Se connecter', 'Mot de passe', 'Rester connecté', 'Mot de passe oublié ?', 'Créer un compte']) expect(textOf(fr.body)).toContain(text);
    const de = await t.get(DEMO_SHOP_IDENTIFIER, '/de/account/login');
    expect(de.statusCode).toBe(200);
    for (const text of ['Anmelden', 'Passwort', 'Angemeldet bleiben', 'Passwort vergessen?', 'Konto anlegen']) expect(textOf(de.body)).toContain(text);
    const en = textOf((await t.get(DEMO_SHOP_IDENTIFIER, '/account/login')).body);
    for (const text of ['Sign in', 'Password', 'Keep me signed in', 'Forgot your password?']) expect(en).toContain(text);
  });

  it("shows a member the course overview in French: the lessons' states and the progress", async () => {
    const db = t.testDb.db;
    const member = await signedInShopper(t.app, db, DEMO_HOST, websiteId, 'member@pages-tr.test');
    const [area] = await db
      .select({ id: memberAreas.id })
      .from(memberAreas)
      .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.name, 'Members')));
    await db.insert(memberships).values({ websiteId, memberAreaId: area!.id, siteUserId: member.siteUserId, source: 'free', startedAt: new Date() });
    const fr = await member.browser.send('GET', `/fr/${DEMO_COURSE_URL_ID}`, { headers: { accept: 'text/html' } });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('Progression du cours : 0 leçons terminées sur 3');
    expect(textOf(fr.body)).toContain('Disponible');
    expect(textOf(fr.body)).toMatch(/Verrouillée jusqu’au \d{1,2} \p{L}+ \d{4}/u);
    expect(textOf(fr.body)).toContain('Commencer : ');
    const lesson = await member.browser.send('GET', `/fr/${DEMO_COURSE_URL_ID}/welcome?format=json`);
    expect(lesson.json().lesson.form.buttonText).toBe('Marquer comme terminée');
    const de = await member.browser.send('GET', `/de/${DEMO_COURSE_URL_ID}`, { headers: { accept: 'text/html' } });
    expect(de.body).toContain('Kursfortschritt: 0 von 3 Lektionen abgeschlossen');
    expect(textOf(de.body)).toContain('Verfügbar');
    expect(textOf(de.body)).toMatch(/Gesperrt bis \d{1,2}\. \p{L}+ \d{4}/u);
    // The French lesson page opened the first lesson: it is where the member resumes.
    expect(textOf(de.body)).toContain('Weitermachen: ');
    const deLesson = await member.browser.send('GET', `/de/${DEMO_COURSE_URL_ID}/welcome?format=json`);
    expect(deLesson.json().lesson.form.buttonText).toBe('Als abgeschlossen markieren');
    const en = await member.browser.send('GET', `/${DEMO_COURSE_URL_ID}`, { headers: { accept: 'text/html' } });
    expect(en.body).toContain('Course progress: 0 of 3 lessons complete');
  });

  it('shows a guest the access-denied page (106) in French and German: its texts, the join button and links in the language', async () => {
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/members', { accept: 'text/html' });
    expect(fr.statusCode).toBe(403);
    const frText = textOf(fr.body);
    expect(frText).toContain('Réservé aux membres');
    expect(frText).toContain('Cette page fait partie d’un espace membres.');
    expect(frText).toContain('Rejoindre Members');
    expect(fr.body).toContain('href="/fr/account/login">Se connecter</a>');
    expect(fr.body).toContain('href="/fr/">Retour à l’accueil</a>');
    for (const english of ['Members only', 'Sign in', 'Back home', 'Join Members']) expect(frText).not.toContain(english);
    const de = textOf((await t.get(DEMO_SHOP_IDENTIFIER, '/de/members', { accept: 'text/html' })).body);
    expect(de).toContain('Nur für Mitglieder');
    expect(de).toContain('Members beitreten');
    const en = await t.get(DEMO_SHOP_IDENTIFIER, '/members', { accept: 'text/html' });
    expect(textOf(en.body)).toContain('Members only');
    expect(en.body).toContain('href="/account/login">Sign in</a>');
  });

  it("prints the theme header's own texts in the page's language (skip link, menu, search, cart), English on the primary language", async () => {
    const fr = (await t.get(DEMO_SHOP_IDENTIFIER, '/fr/')).body;
    expect(fr).toContain('href="#main">Aller au contenu</a>');
    expect(fr).toContain('<span class="visually-hidden">Fermer le menu</span>');
    expect(fr).toContain('aria-label="Rechercher sur le site"');
    expect(fr).toContain('aria-hidden="true">Panier</span>');
    const de = (await t.get(DEMO_SHOP_IDENTIFIER, '/de/')).body;
    expect(de).toContain('<span class="site-nav__toggle-text">Menü</span>');
    expect(de).toContain('href="#main">Zum Inhalt springen</a>');
    const en = (await t.get(DEMO_SHOP_IDENTIFIER, '/')).body;
    expect(en).toContain('href="#main">Skip to content</a>');
    expect(en).toContain('<span class="site-nav__toggle-text">Menu</span>');
    expect(en).toContain('aria-label="Search this site"');
  });
});
