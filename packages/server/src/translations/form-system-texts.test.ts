import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerClient } from '../../test-support/owners.js';
import type { PagesTestApp } from '../../test-support/pages-test-app.js';
import { createTranslatedDemo, islandProps, saveTranslation, type TranslationEntry as Entry } from '../../test-support/translations-test-kit.js';
import { forms } from '../db/index.js';
import { staticIslandAssets } from '../pages/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { TranslationPaths as P } from './index.js';

/** Form labels and messages and the storefront's system texts in the page's language (issue 29, item 3). */
describe('translated forms and system texts (issue 29)', () => {
  let t: PagesTestApp;
  let owner: OwnerClient;
  let contactId: string;

  const translate = (subjectType: string, subjectId: string, field: string, text: string) => saveTranslation(owner, 'fr', subjectType, subjectId, field, text);
  const entries = async (query: string): Promise<Entry[]> => {
    const res = await owner.call('GET', `${P.LIST}?language=fr&pageSize=200&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entries: Entry[] }).entries;
  };

  beforeAll(async () => {
    const translated = await createTranslatedDemo('admin@forms-tr.test', { islands: staticIslandAssets(true) });
    ({ t, owner } = translated);
    const { db, demo } = translated;
    contactId = (
      await db
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.websiteId, demo.id), eq(forms.name, 'Contact')))
    )[0]!.id;
  }, 120_000);
  afterAll(() => t?.close());

  it("lists a form's labels, options and messages and the system texts, with the built-in French beside the ones not translated", async () => {
    const form = await entries('subjectType=form');
    const contact = form.filter((e) => e.subjectId === contactId);
    expect(contact.map((e) => [e.field, e.source])).toEqual(
      expect.arrayContaining([
        ['field:name:title', 'Name'],
        ['field:message:placeholder', 'How can we help?'],
        ['field:phone:description', 'Optional, if you would rather we call.'],
        ['field:reply:option:Phone', 'Phone'],
        ['submitLabel', 'Send message'],
        ['submissionMessage', 'Thanks for writing. We reply within two working days.'],
      ]),
    );
    expect(contact.some((e) => e.field.startsWith('field:source:'))).toBe(false);
    const system = await entries('subjectType=system');
    const add = system.find((e) => e.subjectId === 'product.addToCart')!;
    expect(add).toMatchObject({ source: 'Add To Cart', state: 'missing', translation: null, builtIn: 'Ajouter au panier' });
    const german = await owner.call('GET', `${P.LIST}?language=de&subjectType=system&q=Add%20To%20Cart`);
    expect((german.json() as { entries: Entry[] }).entries[0]).toMatchObject({ state: 'missing', builtIn: 'In den Warenkorb' });
  });

  it('shows a French page with the translated form and "Ajouter au panier", the English page in English', async () => {
    await translate('form', contactId, 'field:message:title', 'Votre message');
    await translate('form', contactId, 'field:reply:option:Phone', 'Téléphone');
    await translate('form', contactId, 'submitLabel', 'Envoyer le message');
    await translate('form', contactId, 'submissionMessage', '<p>Merci <script>x()</script>de votre message.</p>');

    const fr = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/contact');
    expect(fr.statusCode).toBe(200);
    const props = islandProps(fr.body, 'FormBlock');
    const fields = props.form.fields as { id: string; title?: string; options?: string[]; optionLabels?: string[] }[];
    expect(fields.find((f) => f.id === 'message')!.title).toBe('Votre message');
    expect(fields.find((f) => f.id === 'name')!.title).toBe('Name');
    expect(fields.find((f) => f.id === 'reply')).toMatchObject({ options: ['Email', 'Phone'], optionLabels: ['Email', 'Téléphone'] });
    expect(props.form.submitLabel).toBe('Envoyer le message');
    expect(props.form.parsedSubmissionMessage).toContain('Merci');
    expect(props.form.parsedSubmissionMessage).not.toContain('<script');
    expect(props.texts['(required)']).toBe('(obligatoire)');
    expect(fr.body).toContain('Votre message');
    expect(fr.body).toContain('Téléphone');
    expect(fr.body).toContain('Envoyer le message');
    expect(fr.body).toContain('(obligatoire)');

    const en = await t.get(DEMO_SHOP_IDENTIFIER, '/contact');
    expect(en.body).toContain('Send message');
    expect(en.body).not.toContain('Votre message');
    expect(en.body).not.toContain('(obligatoire)');
    expect(islandProps(en.body, 'FormBlock')).not.toHaveProperty('texts');

    const product = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('Ajouter au panier');
    expect(product.body).toContain('Quantité');
    const context = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
    expect(context.json.localizedStrings).toMatchObject({ productAddToCartText: 'Ajouter au panier', productQuantityInputLabel: 'Quantité' });
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/shop/linen-camp-shirt');
    expect(english.body).toContain('Add To Cart');
    expect(english.body).not.toContain('Ajouter au panier');
    expect((await t.context(DEMO_SHOP_IDENTIFIER, '/shop/linen-camp-shirt')).json.localizedStrings).toBeUndefined();
  });

  it("translates a product's additional-fields form in the product form's props", async () => {
    const workshop = (await entries('subjectType=form&q=Attendee%20name')).find((e) => e.field === 'field:attendee:title')!;
    await translate('form', workshop.subjectId, 'field:attendee:title', 'Nom du participant');
    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/natural-dye-workshop');
    expect(page.statusCode).toBe(200);
    const fields = islandProps(page.body, 'ProductForm').additionalFields as { id: string; title: string }[];
    expect(fields.find((f) => f.id === 'attendee')!.title).toBe('Nom du participant');
    expect(page.body).toContain('Nom du participant');
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/shop/natural-dye-workshop');
    expect(english.body).toContain('Attendee name');
    expect(english.body).not.toContain('Nom du participant');
  });

  it("uses the owner's translation of a system text over the built-in one, and German pages show the German catalogue's", async () => {
    await translate('system', 'product.addToCart', 'text', 'Mettre dans le panier');
    const product = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
    expect(product.body).toContain('Mettre dans le panier');
    expect(product.body).not.toContain('Ajouter au panier');
    expect(islandProps(product.body, 'ProductForm').texts['Add To Cart']).toBe('Mettre dans le panier');
    const german = await t.get(DEMO_SHOP_IDENTIFIER, '/de/shop/linen-camp-shirt');
    expect(german.body).toContain('In den Warenkorb');
    expect(german.body).not.toContain('Mettre dans le panier');
    expect(islandProps(german.body, 'ProductForm').texts['Add To Cart']).toBe('In den Warenkorb');
  });

  it('marks a form translation stale when its label changes, and keeps showing it until it is saved again', async () => {
    const list = await owner.call('GET', '/api/owner/forms');
    const form = (list.json() as { forms: Record<string, any>[] }).forms.find((f) => f.id === contactId)!;
    const fields = (form.fields as Record<string, unknown>[]).map((f) => (f.id === 'message' ? { ...f, title: 'Your message' } : f));
    const { id: _id, ...rest } = form;
    const saved = await owner.call('PUT', `/api/owner/forms/${contactId}`, { ...pick(rest), fields });
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = (await entries('subjectType=form&state=stale')).find((e) => e.field === 'field:message:title');
    expect(entry).toMatchObject({ source: 'Your message', translation: 'Votre message', state: 'stale' });
    expect(
      islandProps((await t.get(DEMO_SHOP_IDENTIFIER, '/fr/contact')).body, 'FormBlock').form.fields.find((f: { id: string }) => f.id === 'message').title,
    ).toBe('Votre message');
    const again = await translate('form', contactId, 'field:message:title', 'Votre message');
    expect(again.state).toBe('current');
  });

  it('exports and imports form and system text translations (CSV and XLIFF), keeping their stale flags', async () => {
    for (const format of ['csv', 'xliff'] as const) {
      const exported = await owner.call('GET', `${P.EXPORT}?language=fr&format=${format}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain('Envoyer le message');
      expect(exported.body).toContain('Mettre dans le panier');
      expect(exported.body).toContain('product.addToCart');
      const edited = exported.body.replace('Envoyer le message', 'Envoyer').replace('Mettre dans le panier', 'Au panier');
      const imported = await owner.call('POST', P.IMPORT, { language: 'fr', format, content: edited });
      expect(imported.statusCode, imported.body).toBe(200);
      expect((imported.json() as { imported: number }).imported).toBe(2);
      const [submit] = (await entries('subjectType=form&q=Send%20message')).filter((e) => e.field === 'submitLabel');
      expect(submit).toMatchObject({ translation: 'Envoyer', state: 'current' });
      const page = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop/linen-camp-shirt');
      expect(page.body).toContain('Au panier');
      // Put the texts back for the next format.
      await translate('form', contactId, 'submitLabel', 'Envoyer le message');
      await translate('system', 'product.addToCart', 'text', 'Mettre dans le panier');
    }
  });
});

/** The writable settings of a form as the owner's form call returns it. */
function pick(form: Record<string, any>): Record<string, unknown> {
  const keys = [
    'name',
    'submitLabel',
    'submissionMessage',
    'submissionHtml',
    'successRedirect',
    'disclaimerMessage',
    'captchaEnabled',
    'captchaTheme',
    'captchaAlignment',
    'storage',
  ];
  return Object.fromEntries(keys.filter((k) => form[k] !== undefined).map((k) => [k, form[k]]));
}
