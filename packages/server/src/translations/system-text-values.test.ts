import { selectOptionsMessage } from '@emporium/commerce';
import { emailInvalidMessage } from '@emporium/forms';
import { textIn } from '@emporium/storefront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerClient } from '../../test-support/owners.js';
import type { PagesTestApp } from '../../test-support/pages-test-app.js';
import { cartCookieWith, createTranslatedDemo, islandProps } from '../../test-support/translations-test-kit.js';
import { staticIslandAssets } from '../pages/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { updateWebsiteSettings } from '../sites/index.js';
import { TranslationPaths as P } from './index.js';
import { placeholderProblem } from './placeholders.js';
import { SYSTEM_TEXTS } from './system-texts.js';
import { SYSTEM_TEXTS_DE } from './system-texts-de.js';
import { SYSTEM_TEXTS_FR } from './system-texts-fr.js';

/** Issue 29, item 3: system texts built with values, their placeholders filled in the page's language. */
describe('system texts with values (issue 29)', () => {
  let t: PagesTestApp;
  let owner: OwnerClient;
  let cartCookie: string;

  const texts = async (path: string, island: string): Promise<Record<string, string>> => {
    const page = await t.get(DEMO_SHOP_IDENTIFIER, path);
    expect(page.statusCode).toBe(200);
    return islandProps(page.body, island).texts ?? {};
  };
  const save = (subjectId: string, text: string, language = 'fr') =>
    owner.call('PUT', P.LIST, { language, subjectType: 'system', subjectId, field: 'text', text });

  beforeAll(async () => {
    const translated = await createTranslatedDemo('admin@values-tr.test', { islands: staticIslandAssets(true) });
    ({ t, owner } = translated);
    const { db, demo } = translated;
    await updateWebsiteSettings(db, demo.id, { commerce: { checkoutMinimumCents: 5000 } });
    cartCookie = await cartCookieWith(db, demo.id, 'oat-honey-soap', 1200);
  }, 120_000);
  afterAll(() => t?.close());

  it("spec 5 (add to cart): 'Please select the {option} option.' in its three forms, in French with the option names filled in", async () => {
    const shown = await texts('/fr/shop/linen-camp-shirt', 'ProductForm');
    expect(textIn(shown, selectOptionsMessage(['Size']))).toBe('Veuillez choisir l’option Size.');
    expect(textIn(shown, selectOptionsMessage(['Size', 'Colour']))).toBe('Veuillez choisir les options Size et Colour.');
    expect(textIn(shown, selectOptionsMessage(['Size', 'Colour', 'Fit']))).toBe('Veuillez choisir les options Size, Colour et Fit.');
    const german = await texts('/de/shop/linen-camp-shirt', 'ProductForm');
    expect(textIn(german, selectOptionsMessage(['Size']))).toBe('Bitte wählen Sie die Option Size.');
    expect(textIn(german, selectOptionsMessage(['Size', 'Colour']))).toBe('Bitte wählen Sie die Optionen Size und Colour.');
    expect(textIn(german, selectOptionsMessage(['Size', 'Colour', 'Fit']))).toBe('Bitte wählen Sie die Optionen Size, Colour und Fit.');
    const english = await texts('/shop/linen-camp-shirt', 'ProductForm');
    expect(textIn(english, selectOptionsMessage(['Size']))).toBe('Please select the Size option.');
    expect(textIn(english, selectOptionsMessage(['Size', 'Colour', 'Fit']))).toBe('Please select the Size, Colour and Fit options.');
  });

  it("the option picker's first entry ('Select {option}') in French and German, server-rendered on the page", async () => {
    expect(textIn(await texts('/fr/shop/linen-camp-shirt', 'ProductForm'), 'Select Size')).toBe('Choisir Size');
    expect(textIn(await texts('/de/shop/linen-camp-shirt', 'ProductForm'), 'Select Size')).toBe('Size wählen');
    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
    expect(page.body).toMatch(/<option value=""[^>]*>Choisir Size<\/option>/);
    expect(page.body).not.toMatch(/<option value=""[^>]*>Select /);
  });

  it("spec 5 (add to cart): 'To check out, your order subtotal must be {subtotal} or more.' on the French and German cart pages, the amount in their formats", async () => {
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/cart', { cookie: cartCookie });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toMatch(/Pour commander, le sous-total de votre commande doit être d’au moins 50,00\s\$US\./);
    const de = await t.get(DEMO_SHOP_IDENTIFIER, '/de/cart', { cookie: cartCookie });
    expect(de.body).toMatch(/Um zur Kasse zu gehen, muss die Zwischensumme Ihrer Bestellung mindestens 50,00\s\$ betragen\./);
    const en = await t.get(DEMO_SHOP_IDENTIFIER, '/cart', { cookie: cartCookie });
    expect(en.body).toContain('To check out, your order subtotal must be $50.00 or more.');
  });

  it("spec 5 (public forms): 'Email is not valid. Email addresses should follow the format {email}.' in French and German with the example", async () => {
    const shown = await texts('/fr/contact', 'FormBlock');
    expect(textIn(shown, emailInvalidMessage())).toBe('L’adresse e-mail n’est pas valide. Elle doit être de la forme email@example.com.');
    expect(textIn(await texts('/de/contact', 'FormBlock'), emailInvalidMessage())).toBe(
      'Die E-Mail-Adresse ist ungültig. E-Mail-Adressen haben die Form email@example.com.',
    );
    expect(textIn(await texts('/contact', 'FormBlock'), emailInvalidMessage())).toBe(
      'Email is not valid. Email addresses should follow the format email@example.com.',
    );
  });

  it.each([
    ['French', SYSTEM_TEXTS_FR],
    ['German', SYSTEM_TEXTS_DE],
  ] as const)('has a %s built-in text for every system text, with the English placeholders', (_name, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(SYSTEM_TEXTS.map((s) => s.id).sort());
    for (const text of SYSTEM_TEXTS) expect(placeholderProblem(text.en, catalogue[text.id]!), text.id).toBeNull();
  });

  it('refuses a translation with a missing or unknown placeholder, and shows a good one with the values', async () => {
    const missing = await save('product.selectOption', 'Choisissez une option.');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The translation must keep {option}: it is where the value goes when the text is shown.');
    const unknown = await save('product.selectOption', 'Choisissez l’option {nom}.');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('{nom} is not a placeholder of this text: it can use {option}.');
    expect(unknown.json().fields.text).toBe(unknown.json().message);
    const none = await save('product.addToCart', 'Au panier {option}');
    expect(none.json().message).toBe('{option} is not a placeholder of this text, which has no values to fill in.');
    const shownBefore = await texts('/fr/shop/linen-camp-shirt', 'ProductForm');
    expect(shownBefore['Please select the {option} option.']).toBe('Veuillez choisir l’option {option}.');

    const good = await save('product.selectOption', 'Merci de choisir : {option}.');
    expect(good.statusCode, good.body).toBe(200);
    const shown = await texts('/fr/shop/linen-camp-shirt', 'ProductForm');
    expect(textIn(shown, selectOptionsMessage(['Size']))).toBe('Merci de choisir : Size.');
  });

  it('leaves out of an import a system text whose placeholders differ from the English', async () => {
    const csv = [
      'language,subject_type,subject_id,field,source,translation',
      'fr,system,cart.minimumSubtotal,text,"To check out, your order subtotal must be {subtotal} or more.",Sous-total minimum non atteint.',
    ].join('\n');
    const imported = await owner.call('POST', P.IMPORT, { language: 'fr', format: 'csv', content: csv });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 0, skipped: 1 });
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/cart', { cookie: cartCookie });
    expect(fr.body).toMatch(/doit être d’au moins 50,00\s\$US\./);
  });
});
