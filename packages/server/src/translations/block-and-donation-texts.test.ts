import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { Visitor } from '../../test-support/commerce-test-kit.js';
import type { OwnerClient } from '../../test-support/owners.js';
import type { PagesTestApp } from '../../test-support/pages-test-app.js';
import {
  cartCookieWith,
  createTranslatedDemo,
  DEMO_HOST,
  islandProps,
  saveTranslation,
  textOf,
  type TranslationEntry,
} from '../../test-support/translations-test-kit.js';
import { DONATIONS_PATH, OWNER_DONATIONS_PATH } from '../donations/index.js';
import { staticIslandAssets } from '../pages/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { PagePaths } from '../site-pages/routes.js';
import { TranslationPaths } from './index.js';

const SETTINGS = {
  enabled: true,
  title: 'Keep the kilns warm',
  description: 'Every gift buys clay for a new maker.',
  suggestedAmounts: [1000, 2500],
  allowCustom: true,
  minCents: 500,
  maxCents: 100_000,
  allowMonthly: true,
  thankYou: 'Your gift keeps our studio open.',
};

/** The part of a page inside `<main>`. */
function mainOf(html: string): string {
  return /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
}

/**
 * Issue 29 (every text a visitor reads in the page's language, owner texts with stale flags):
 * the video, embed and audio blocks' placeholders (block types 32, 22, 41), the donation block
 * (52), the donate page (203), the contribution confirmed page (204) and the islands' safe-retry
 * hints, on /fr/ and /de/ pages of the demo shop. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
 */
describe('block placeholders and donation texts in the page language', () => {
  let t: PagesTestApp;
  let owner: OwnerClient;
  let pageUrl: string;
  let cartCookie: string;

  const donationEntries = async (language: string, state?: string): Promise<TranslationEntry[]> => {
    const res = await owner.call('GET', `${TranslationPaths.LIST}?language=${language}&subjectType=donation${state ? `&state=${state}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries as TranslationEntry[];
  };
  const saveSettings = async (settings: typeof SETTINGS) => {
    const res = await owner.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, settings);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A gift of 25 USD; `from` is the page it was given from (the receipt's language follows it). */
  const give = async (frequency: 'once' | 'monthly', name: string, from?: string): Promise<string> => {
    const visitor = new Visitor(t.app, DEMO_HOST);
    const given = await visitor.request(
      'POST',
      DONATIONS_PATH,
      { amountCents: 2500, currency: 'USD', frequency, email: 'maker@example.com', name, payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' } },
      { headers: { 'idempotency-key': `translated-donation-${frequency}-${name}`, ...(from ? { referer: `http://${DEMO_HOST}${from}` } : {}) } },
    );
    expect(given.statusCode, given.body).toBe(200);
    return given.json().confirmationUrl as string;
  };

  beforeAll(async () => {
    const translated = await createTranslatedDemo('admin@blocks-donations-tr.test', { islands: staticIslandAssets(true) });
    ({ t, owner } = translated);
    cartCookie = await cartCookieWith(translated.db, translated.demo.id, 'linen-camp-shirt', 8800);
    await saveSettings(SETTINGS);
    const created = await owner.call('POST', PagePaths.PAGES, { kind: 'page', title: 'Studio films' });
    expect(created.statusCode, created.body).toBe(201);
    const saved = await owner.call('PATCH', PagePaths.PAGE.replace(':id', created.json().id), {
      version: created.json().version,
      enabled: true,
      blocks: [
        { typeName: 'video', url: 'https://www.youtube.com/watch?v=abc', title: 'Dyeing day' },
        { typeName: 'video', url: 'https://vimeo.com/1234' },
        { typeName: 'embed', url: 'https://codepen.io/x/pen/y', title: 'A pen', providerName: 'CodePen' },
        { typeName: 'audio', url: '/assets/river.mp3', title: 'River' },
        { typeName: 'donation' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    pageUrl = saved.json().fullUrl as string;
  }, 180_000);
  afterAll(() => t?.close());

  it("shows the video, embed and audio blocks' placeholders in French and German, with the block's own title and host filled in", async () => {
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, `/fr${pageUrl}`);
    expect(fr.statusCode).toBe(200);
    const main = mainOf(fr.body);
    const text = textOf(main);
    expect(text).toContain('Regarder « Dyeing day » sur youtube.com');
    expect(text).toContain('Regarder la vidéo sur vimeo.com');
    expect(text).toContain('La vidéo se lit sur youtube.com : rien ne se charge depuis ce site tant que vous ne suivez pas le lien.');
    expect(text).toContain('A pen sur CodePen');
    expect(text).toContain('Télécharger River');
    for (const english of ['Watch', 'the video on', 'nothing loads from there', 'View the content', 'Download River']) expect(text).not.toContain(english);

    const de = textOf(mainOf((await t.get(DEMO_SHOP_IDENTIFIER, `/de${pageUrl}`)).body));
    expect(de).toContain('„Dyeing day“ auf youtube.com ansehen');
    expect(de).toContain('Das Video auf vimeo.com ansehen');

    const en = textOf(mainOf((await t.get(DEMO_SHOP_IDENTIFIER, pageUrl)).body));
    expect(en).toContain('Watch “Dyeing day” on youtube.com');
    expect(en).toContain('Watch the video on vimeo.com');
    expect(en).toContain('The video plays on youtube.com: nothing loads from there until you follow the link.');
    expect(en).toContain('Download River');
  });

  it("prints an owner's translation of a placeholder with its apostrophes and braces as written", async () => {
    await saveTranslation(owner, 'fr', 'system', 'block.watchVideo', 'text', "L'extrait {host} {sans titre}");
    const main = mainOf((await t.get(DEMO_SHOP_IDENTIFIER, `/fr${pageUrl}`)).body);
    expect(textOf(main)).toContain("L'extrait vimeo.com {sans titre}");
    await saveTranslation(owner, 'fr', 'system', 'block.watchVideo', 'text', 'Regarder la vidéo sur {host}');
  });

  it('lists the donation title, description and thank-you message as texts to translate, with their state', async () => {
    const list = await donationEntries('fr');
    expect(list.map((e) => [e.field, e.source, e.state])).toEqual([
      ['title', SETTINGS.title, 'missing'],
      ['description', SETTINGS.description, 'missing'],
      ['thankYou', SETTINGS.thankYou, 'missing'],
    ]);
  });

  it("shows the donate page and the donation block with the owner's French, the block's texts in French and its form going to the French donate page", async () => {
    await saveTranslation(owner, 'fr', 'donation', 'settings', 'title', 'Gardez les fours au chaud');
    await saveTranslation(owner, 'fr', 'donation', 'settings', 'description', 'Chaque don achète de l’argile pour un nouvel artisan.');
    const donate = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/checkout/donate');
    expect(donate.statusCode).toBe(200);
    expect(donate.body).toMatch(/<title>Gardez les fours au chaud\b/);
    expect(mainOf(donate.body)).toContain('<h1 class="page__title">Gardez les fours au chaud</h1>');
    expect(textOf(mainOf(donate.body))).toContain('Chaque don achète de l’argile pour un nouvel artisan.');

    const block = mainOf((await t.get(DEMO_SHOP_IDENTIFIER, `/fr${pageUrl}`)).body);
    expect(block).toContain('Gardez les fours au chaud</h2>');
    expect(block).toContain('action="/fr/checkout/donate"');
    const blockText = textOf(block);
    expect(blockText).toContain('Ou donnez un autre montant (de 5,00 $US à 1 000,00 $US) à la page suivante.');
    expect(blockText).toContain('Donner chaque mois');
    expect(blockText).toContain('Faire un don');
    expect(blockText).not.toContain('Give monthly');

    // German has no translation of the owner's texts: they stay in English, the block's own texts are German.
    const de = textOf(mainOf((await t.get(DEMO_SHOP_IDENTIFIER, '/de/checkout/donate')).body));
    expect(de).toContain(SETTINGS.title);
    const en = mainOf((await t.get(DEMO_SHOP_IDENTIFIER, pageUrl)).body);
    expect(en).toContain(`${SETTINGS.title}</h2>`);
    expect(en).toContain('action="/checkout/donate"');
    expect(textOf(en)).toContain('Or give another amount ($5.00 to $1,000.00) on the next page.');
  });

  it("ends a donation on the French contribution confirmed page with its texts and the owner's thank-you in French, and the German one in German", async () => {
    await saveTranslation(owner, 'fr', 'donation', 'settings', 'thankYou', 'Votre don garde notre atelier ouvert.');
    const monthly = await give('monthly', 'Ada');
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, `/fr${monthly}`);
    expect(fr.statusCode).toBe(200);
    const main = mainOf(fr.body);
    const text = textOf(main);
    expect(main).toContain('<h1 class="page__title">Merci, Ada</h1>');
    // Money in French, with its narrow no-break space.
    expect(main).toMatch(/Votre don de <strong>25,00\s\$US\/mois<\/strong> est confirmé\./);
    expect(text).toContain('Votre don garde notre atelier ouvert.');
    expect(text).toContain('Un reçu est en route vers maker@example.com.');
    expect(text).toContain('Votre don sera prélevé à nouveau chaque mois jusqu’à ce que vous l’annuliez.');
    expect(text).toContain('Gérer votre don mensuel');
    expect(text).toContain('Don de test Aucun argent n’a été prélevé.');
    expect(main).toMatch(/href="\/fr\/">Retour au site<\/a>/);
    for (const english of ['Thank you', 'is confirmed', 'receipt', 'No money', 'Back to the site', SETTINGS.thankYou]) expect(text).not.toContain(english);

    // Given from the French donate page: the receipt carries the owner's thank-you in French too.
    await give('once', 'Camille', '/fr/checkout/donate');
    const receipts = await t.testDb.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.websiteId, (await t.context(DEMO_SHOP_IDENTIFIER, '/')).json.website.id as string), eq(outbox.kind, 'donation-receipt')));
    const camille = receipts.map((r) => r.text).find((text) => text.includes('Camille'));
    expect(camille).toContain('Votre don garde notre atelier ouvert.');
    expect(camille).not.toContain(SETTINGS.thankYou);

    const once = await give('once', 'Grace');
    const de = mainOf((await t.get(DEMO_SHOP_IDENTIFIER, `/de${once}`)).body);
    expect(de).toContain('<h1 class="page__title">Vielen Dank, Grace</h1>');
    expect(de).toMatch(/Ihre Spende über <strong>25,00\s\$<\/strong> ist bestätigt\./);
    // No German translation of the thank-you: the English as written.
    expect(textOf(de)).toContain(SETTINGS.thankYou);

    const en = mainOf((await t.get(DEMO_SHOP_IDENTIFIER, once)).body);
    expect(en).toContain('<h1 class="page__title">Thank you, Grace</h1>');
    expect(en).toContain('Your donation of <strong>$25.00</strong> is confirmed.');
    expect(en).toContain('href="/">Back to the site</a>');
  });

  it("flags the thank-you's translation stale when the owner changes the English, and the French page keeps showing it", async () => {
    await saveSettings({ ...SETTINGS, thankYou: 'Your gift keeps our kilns firing.' });
    const stale = await donationEntries('fr', 'stale');
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({
      field: 'thankYou',
      source: 'Your gift keeps our kilns firing.',
      translation: 'Votre don garde notre atelier ouvert.',
      state: 'stale',
    });
    expect((await donationEntries('fr')).find((e) => e.field === 'title')?.state).toBe('current');
    const url = await give('once', 'Mary');
    expect(textOf(mainOf((await t.get(DEMO_SHOP_IDENTIFIER, `/fr${url}`)).body))).toContain('Votre don garde notre atelier ouvert.');
    expect(textOf(mainOf((await t.get(DEMO_SHOP_IDENTIFIER, url)).body))).toContain('Your gift keeps our kilns firing.');
    // Saving it again makes it current.
    expect((await saveTranslation(owner, 'fr', 'donation', 'settings', 'thankYou', 'Votre don fait tourner nos fours.')).state).toBe('current');
  });

  it("gives the donation and checkout islands the safe-retry hints in French, so a failed attempt's alert is French", async () => {
    const donate = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/checkout/donate');
    const donationTexts = islandProps(donate.body, 'DonationForm').texts as Record<string, string>;
    expect(donationTexts['Your donation may not have gone through. Press Donate again to retry safely: you will be charged only once.']).toBe(
      'Votre don n’a peut-être pas abouti. Appuyez à nouveau sur Faire un don pour réessayer sans risque : vous ne serez débité qu’une fois.',
    );
    expect(donationTexts['Please check your internet connection.']).toBe('Veuillez vérifier votre connexion internet.');
    const german = islandProps((await t.get(DEMO_SHOP_IDENTIFIER, '/de/checkout/donate')).body, 'DonationForm').texts as Record<string, string>;
    expect(german['Your donation may not have gone through. Press Donate again to retry safely: you will be charged only once.']).toContain('Spende');
    const checkout = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/checkout', { cookie: cartCookie });
    expect(checkout.statusCode).toBe(200);
    const checkoutTexts = islandProps(checkout.body, 'Checkout').texts as Record<string, string>;
    expect(checkoutTexts['Your order may not have been placed. Press Place order again to retry safely; you will not be charged twice.']).toBe(
      'Votre commande n’a peut-être pas été passée. Appuyez à nouveau sur Passer la commande pour réessayer sans risque : vous ne serez pas débité deux fois.',
    );
  });
});
