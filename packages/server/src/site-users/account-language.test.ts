import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { Browser, enableAccounts, lastMail, TEST_SITE_USER_PASSWORD } from '../../test-support/site-users.js';
import { MultilingualPaths } from '../multilingual/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';

const HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;

const actionsOf = (html: string) => [...html.matchAll(/<form method="post" action="([^"]*)"/g)].map((m) => m[1]!);
const hrefsOf = (html: string) => [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!);

/** Account pages in the visitor's language (issue 29 item 2, decisions 0044 and 0052). */
describe('account pages under a language prefix', () => {
  let t: PagesTestApp;
  let demo: Website;

  beforeAll(async () => {
    t = await createPagesTestApp();
    demo = (await findWebsiteByIdentifier(t.testDb.db, DEMO_SHOP_IDENTIFIER))!;
    await enableAccounts(t.testDb.db, demo.id);
    await makeOwner(t.testDb.db, demo.id, 'admin@account-language.test', 'admin');
    const admin = await signInOwner(t.app, HOST, 'admin@account-language.test');
    const saved = await admin.call('PUT', MultilingualPaths.LANGUAGES, {
      languages: [{ code: 'en-US', primary: true }, { code: 'fr' }, { code: 'it', published: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  it('serves the sign-in page at /fr/account/login in French, its forms and links under /fr/', async () => {
    const response = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/account/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<html lang="fr"/);
    // System texts with built-in French texts.
    expect(response.body).toContain('>E-mail</label>');
    expect(response.body).toContain('>Mot de passe</label>');
    expect(response.body).toContain('<h1 class="page__title">Se connecter</h1>');
    expect(actionsOf(response.body)).toEqual(['/fr/account/login', '/fr/account/login/link', '/fr/account/login/code']);
    expect(hrefsOf(response.body)).toEqual(expect.arrayContaining(['/fr/account/register', '/fr/account/reset', '/fr/']));
    for (const href of hrefsOf(response.body)) expect(href, href).toMatch(/^\/fr\//);
    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/account/login');
    expect(english.body).toMatch(/<html lang="en-US"/);
    expect(english.body).toContain('>Email</label>');
    expect(actionsOf(english.body)).toEqual(['/account/login', '/account/login/link', '/account/login/code']);
  });

  it('redirects to the sign-in page in the same language, and answers 404 under a hidden language or a path that is no language', async () => {
    const signedOut = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/account');
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/fr/account/login');
    for (const path of ['/it/account', '/it/account/login', '/zz/account/login']) expect((await t.get(DEMO_SHOP_IDENTIFIER, path)).statusCode, path).toBe(404);
  });

  it('registers from /fr/: the confirmation mail links to /fr/, the session holds on / and /fr/, and the account page is French', async () => {
    const email = 'marie@account-language.test';
    const browser = await Browser.open(t.app, HOST);
    const registered = await browser.send('POST', '/fr/account/register', { form: { email, password: TEST_SITE_USER_PASSWORD, displayName: 'Marie' } });
    expect(registered.statusCode).toBe(202);
    expect(registered.body).toMatch(/<html lang="fr"/);
    expect(hrefsOf(registered.body)).toContain('/fr/account/login');
    const mail = await lastMail(t.testDb.db, demo.id, 'site-user-verify', email);
    const link = /https?:\/\/[^\s/]+(\/\S*account\/verify\?token=[A-Za-z0-9_%-]+)/.exec(mail.textBody)?.[1];
    expect(link).toMatch(/^\/fr\/account\/verify\?token=/);
    expect((await browser.send('GET', link!)).statusCode).toBe(200);

    const signedIn = await browser.send('POST', '/fr/account/login', { form: { email, password: TEST_SITE_USER_PASSWORD } });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/fr/account');
    const french = await browser.send('GET', '/fr/account');
    expect(french.statusCode).toBe(200);
    expect(french.body).toMatch(/<html lang="fr"/);
    expect(french.body).toContain('marie@account-language.test');
    expect(
      actionsOf(french.body).every((action) => action.startsWith('/fr/account/')),
      actionsOf(french.body).join(' '),
    ).toBe(true);
    // One session for the host: the account under / is the same person's.
    const english = await browser.send('GET', '/account');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('marie@account-language.test');
    expect(english.body).toMatch(/<html lang="en-US"/);
    expect(actionsOf(english.body).every((action) => action.startsWith('/account/'))).toBe(true);

    const address = await browser.send('GET', '/fr/account/addresses/new');
    expect(address.statusCode).toBe(200);
    expect(address.body).toMatch(/<html lang="fr"/);
    expect(actionsOf(address.body)).toContain('/fr/account/addresses');
    const missing = await browser.send('GET', '/fr/account/addresses/no-such-address');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<html lang="fr"/);

    const reset = await browser.send('POST', '/fr/account/reset', { form: { email } });
    expect(reset.statusCode).toBe(202);
    const resetMail = await lastMail(t.testDb.db, demo.id, 'site-user-password-reset', email);
    expect(resetMail.textBody).toMatch(/https?:\/\/[^\s/]+\/fr\/account\/reset\?token=/);
  });
});
