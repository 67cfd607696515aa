import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { addCustomDomain, createWebsite, findWebsiteByIdentifier } from '../sites/index.js';
import { MultilingualMessages as M, MultilingualPaths as P } from './index.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
const FRENCH = 'boutique.example.fr';
const FRENCH_ORIGIN = `https://${FRENCH}`;

const decode = (value: string) => value.replace(/&amp;/g, '&');
/** The hreflang alternates of a page, hreflang to absolute URL. */
function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m) => [m[1]!, decode(m[2]!)]));
}
const canonicalOf = (html: string) => decode(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? '');
const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

/** A domain per language (issue 29 item 2, decision 0056; Google's hreflang rules: reciprocal, absolute, x-default). */
describe('language domains: a language served at the root of its own domain', () => {
  let t: PagesTestApp;
  let admin: OwnerClient;
  let origin: string;
  const onFrench = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers: { host: FRENCH, ...headers } });
  const save = (languages: unknown[]) => admin.call('PUT', P.LANGUAGES, { languages });
  const withFrench = (domain: string | null) => [{ code: 'en-US', primary: true }, { code: 'fr', domain }, { code: 'de' }];

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    await makeOwner(db, demo.id, 'admin@domains.test', 'admin');
    admin = await signInOwner(t.app, DEMO_HOST, 'admin@domains.test');
    const saved = await save(withFrench('Boutique.Example.FR'));
    expect(saved.statusCode, saved.body).toBe(200);
    const sitemap = (await t.get(DEMO_SHOP_IDENTIFIER, '/sitemap.xml')).body;
    origin = new URL(/<loc>([^<]*)<\/loc>/.exec(sitemap)![1]!).origin;
  }, 120_000);
  afterAll(() => t?.close());

  it('stores the domain with the language and answers it in the Languages call', async () => {
    const { languages } = (await admin.call('GET', P.LANGUAGES)).json() as { languages: Array<{ code: string; domain?: string; urlPrefix: string }> };
    expect(languages.find((l) => l.code === 'fr')).toMatchObject({ domain: FRENCH, urlPrefix: `${FRENCH_ORIGIN}/` });
    expect(languages.find((l) => l.code === 'de')).toMatchObject({ urlPrefix: '/de/' });
    expect(languages.find((l) => l.code === 'de')).not.toHaveProperty('domain');
  });

  it('serves French at the root of its domain, with a self-canonical and reciprocal absolute alternates (x-default the primary)', async () => {
    const home = await onFrench('/');
    expect(home.statusCode).toBe(200);
    expect(langOf(home.body)).toBe('fr');
    expect(canonicalOf(home.body)).toBe(`${FRENCH_ORIGIN}/`);
    expect(alternatesOf(home.body)).toEqual({ 'en-US': `${origin}/`, fr: `${FRENCH_ORIGIN}/`, de: `${origin}/de/`, 'x-default': `${origin}/` });

    const english = await t.get(DEMO_SHOP_IDENTIFIER, '/shop');
    const fromEnglish = alternatesOf(english.body);
    expect(fromEnglish['en-US']).toBe(`${origin}/shop`);
    expect(fromEnglish.fr).toMatch(new RegExp(`^${FRENCH_ORIGIN}/`));
    const french = await onFrench(new URL(fromEnglish.fr!).pathname);
    expect(french.statusCode).toBe(200);
    expect(langOf(french.body)).toBe('fr');
    expect(canonicalOf(french.body)).toBe(fromEnglish.fr);
    expect(alternatesOf(french.body)).toEqual(fromEnglish);
    const german = await t.get(DEMO_SHOP_IDENTIFIER, new URL(fromEnglish.de!).pathname);
    expect(alternatesOf(german.body)).toEqual(fromEnglish);
  });

  it('links the switcher and the navigation to the right host from either side', async () => {
    const english = await t.context(DEMO_SHOP_IDENTIFIER, '/shop');
    const links = english.json.website.languages as Array<{ code: string; url: string; current: boolean }>;
    expect(links.find((l) => l.code === 'fr')?.url).toMatch(new RegExp(`^${FRENCH_ORIGIN}/`));
    expect(links.find((l) => l.code === 'en-US')).toMatchObject({ url: '/shop', current: true });
    const french = JSON.parse((await onFrench('/?format=json')).body) as { website: { languages: Array<{ code: string; url: string; current: boolean }> } };
    expect(french.website.languages.find((l) => l.code === 'en-US')?.url).toBe(`${origin}/`);
    expect(french.website.languages.find((l) => l.code === 'de')?.url).toBe(`${origin}/de/`);
    expect(french.website.languages.find((l) => l.code === 'fr')).toMatchObject({ url: `${FRENCH_ORIGIN}/`, current: true });
  });

  it('redirects the prefixed URL on the main host to the domain (301), query kept', async () => {
    const moved = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop?sort=price');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${FRENCH_ORIGIN}/shop?sort=price`);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/fr')).headers.location).toBe(`${FRENCH_ORIGIN}/`);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/fr/account/login')).headers.location).toBe(`${FRENCH_ORIGIN}/account/login`);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/de/shop')).statusCode).toBe(200);
  });

  it('lists the French pages in the sitemap at the domain, with absolute alternates', async () => {
    const sitemap = (await t.get(DEMO_SHOP_IDENTIFIER, '/sitemap.xml')).body;
    const entries = sitemap.match(/<url>.*?<\/url>/g)!;
    const french = entries.filter((entry) => entry.includes(`<loc>${FRENCH_ORIGIN}/`));
    expect(french.length).toBeGreaterThan(5);
    expect(french.length * 3).toBe(entries.length);
    for (const entry of entries) {
      const links = Object.fromEntries([...entry.matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map((m) => [m[1], decode(m[2]!)]));
      expect(links.fr).toMatch(new RegExp(`^${FRENCH_ORIGIN}/`));
      expect(links['en-US']?.startsWith(`${origin}/`)).toBe(true);
      expect(links['x-default']).toBe(links['en-US']);
    }
    expect(sitemap).not.toContain(`${origin}/fr/`);
  });

  it('keeps the page cache of the domain and of the main host apart', async () => {
    await onFrench('/about');
    const again = await onFrench('/about');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(langOf(again.body)).toBe('fr');
    const main = await t.get(DEMO_SHOP_IDENTIFIER, '/about');
    expect(main.headers['x-page-cache']).not.toBe('hit');
    expect(langOf(main.body)).toBe('en-US');
    expect(langOf((await t.get(DEMO_SHOP_IDENTIFIER, '/about')).body)).toBe('en-US');
    expect(langOf((await onFrench('/about')).body)).toBe('fr');
  });

  it('serves the account pages in French at the domain root; a session there is the domain’s own', async () => {
    const login = await onFrench('/account/login');
    expect(login.statusCode).toBe(200);
    expect(langOf(login.body)).toBe('fr');
    const actions = [...login.body.matchAll(/action="([^"]*)"/g)].map((m) => m[1]!);
    expect(actions).toEqual([`${FRENCH_ORIGIN}/account/login`, `${FRENCH_ORIGIN}/account/login/link`, `${FRENCH_ORIGIN}/account/login/code`]);
    expect((await onFrench('/fr/account/login')).statusCode).toBe(404);
  });

  it('refuses a domain that is not a host name, the dashboard’s, the service’s own, or taken by another site or its language, each with its message', async () => {
    const other = await createWebsite(t.testDb.db, { identifier: 'other-shop', title: 'Other' });
    await addCustomDomain(t.testDb.db, other.id, 'other-shop.example');
    await makeOwner(t.testDb.db, other.id, 'owner@other-shop.test', 'admin');
    const otherOwner = await signInOwner(t.app, 'other-shop.localhost', 'owner@other-shop.test');
    const otherSaved = await otherOwner.call('PUT', P.LANGUAGES, {
      languages: [
        { code: 'en-US', primary: true },
        { code: 'fr', domain: 'autre.example.fr' },
      ],
    });
    expect(otherSaved.statusCode, otherSaved.body).toBe(200);
    const cases: Array<[string, string]> = [
      ['https://fr.example.com/shop', M.DOMAIN_INVALID('https://fr.example.com/shop')],
      ['not a domain', M.DOMAIN_INVALID('not a domain')],
      ['admin.localhost', M.DOMAIN_DASHBOARD('admin.localhost')],
      ['other-shop.localhost', M.DOMAIN_PLATFORM('other-shop.localhost')],
      ['other-shop.example', M.DOMAIN_TAKEN('other-shop.example')],
      ['Autre.Example.fr', M.DOMAIN_TAKEN('autre.example.fr')],
    ];
    for (const [domain, message] of cases) {
      const refused = await save(withFrench(domain));
      expect(refused.statusCode, domain).toBe(400);
      expect(refused.json(), domain).toMatchObject({ message, fields: { 'languages.1.domain': message } });
    }
    const primary = await save([{ code: 'en-US', primary: true, domain: 'en.example.com' }, { code: 'fr' }]);
    expect(primary.json()).toMatchObject({ fields: { 'languages.0.domain': M.DOMAIN_PRIMARY } });
    // The other site's owner cannot change this site's languages.
    const foreign = await otherOwner.call('PUT', P.LANGUAGES, { languages: withFrench('pirate.example.fr') }, { 'x-emporium-site': DEMO_SHOP_IDENTIFIER });
    expect([401, 403, 404]).toContain(foreign.statusCode);
    expect((await onFrench('/')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { host: 'pirate.example.fr' } })).statusCode).toBe(404);
    // The other site's French domain serves the other site, in French.
    const theirs = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'autre.example.fr' } });
    expect(langOf(theirs.body)).toBe('fr');
    expect(canonicalOf(theirs.body)).toBe('https://autre.example.fr/');
  });

  it('frees the domain when the language goes back to its prefix', async () => {
    const saved = await save(withFrench(null));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await onFrench('/')).statusCode).toBe(404);
    const french = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/');
    expect(french.statusCode).toBe(200);
    expect(langOf(french.body)).toBe('fr');
  });
});
