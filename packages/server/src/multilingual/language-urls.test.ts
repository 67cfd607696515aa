import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { eq } from 'drizzle-orm';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { translations } from '../translations/index.js';
import { MultilingualPaths as P } from './index.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
/** The published languages of the test, by path prefix; Italian is added hidden. */
const PUBLISHED: Record<string, string> = { '': 'en-US', '/fr': 'fr', '/de': 'de' };

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
const tagsOf = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);
const decode = (value: string) => value.replace(/&amp;/g, '&');

/** The hreflang alternates of a page, hreflang to absolute URL. */
function alternatesOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tag of tagsOf(html, /<link rel="alternate" hreflang="[^"]*" href="[^"]*">/g)) out[attribute(tag, 'hreflang')!] = decode(attribute(tag, 'href')!);
  return out;
}

/** Language URLs (decision 0044, spec 7 "Site users and setup"; Google's hreflang rules: reciprocal, self-referencing, x-default). */
describe('language URLs: the primary at /, the others under a prefix, with reciprocal hreflang', () => {
  let t: PagesTestApp;
  let origin: string;
  let sitemap: string;
  let locs: string[];

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    // URLs without translated slugs here (the demo's French ones are tested in translations/).
    await db.delete(translations).where(eq(translations.websiteId, demo.id));
    await makeOwner(db, demo.id, 'admin@urls.test', 'admin');
    const admin = await signInOwner(t.app, DEMO_HOST, 'admin@urls.test');
    const saved = await admin.call('PUT', P.LANGUAGES, {
      languages: [{ code: 'en-US', primary: true }, { code: 'fr' }, { code: 'de' }, { code: 'it', published: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    sitemap = (await t.get(DEMO_SHOP_IDENTIFIER, '/sitemap.xml')).body;
    locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!));
    origin = new URL(locs[0]!).origin;
  }, 120_000);
  afterAll(() => t?.close());

  const prefixOf = (path: string) => Object.keys(PUBLISHED).find((prefix) => prefix && (path === `${prefix}/` || path.startsWith(`${prefix}/`))) ?? '';
  const withoutPrefix = (path: string) => path.slice(prefixOf(path).length) || '/';
  const inLanguage = (prefix: string, path: string) => (prefix ? (path === '/' ? `${prefix}/` : `${prefix}${path}`) : path);

  it('lists every page of the sitemap in each published language, with every alternate and x-default', () => {
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const pages = locs.filter((loc) => prefixOf(new URL(loc).pathname) === '').map((loc) => new URL(loc).pathname);
    expect(pages.length).toBeGreaterThan(5);
    expect(locs).toHaveLength(pages.length * 3);
    for (const entry of sitemap.match(/<url>.*?<\/url>/g)!) {
      const loc = decode(/<loc>([^<]*)<\/loc>/.exec(entry)![1]!);
      const path = withoutPrefix(new URL(loc).pathname);
      const links = Object.fromEntries(
        [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g)].map((m) => [m[1], decode(m[2]!)]),
      );
      expect(links).toEqual({
        'en-US': `${origin}${path}`,
        fr: `${origin}${inLanguage('/fr', path)}`,
        de: `${origin}${inLanguage('/de', path)}`,
        'x-default': `${origin}${path}`,
      });
    }
    expect(sitemap).not.toContain('/it/');
  });

  it('serves every page in every language with <html lang>, a self-canonical and reciprocal alternates (x-default included, hidden languages absent)', async () => {
    const problems: string[] = [];
    const seen = new Map<string, Record<string, string>>();
    for (const loc of locs) {
      const path = new URL(loc).pathname;
      const response = await t.get(DEMO_SHOP_IDENTIFIER, path);
      if (response.statusCode !== 200) {
        problems.push(`${path}: ${response.statusCode}`);
        continue;
      }
      const html = response.body;
      const lang = /<html lang="([^"]*)"/.exec(html)?.[1];
      if (lang !== PUBLISHED[prefixOf(path)]) problems.push(`${path}: <html lang="${lang}">`);
      const canonical = tagsOf(html, /<link rel="canonical" href="[^"]*">/g).map((tag) => decode(attribute(tag, 'href')!));
      if (canonical.length !== 1 || canonical[0] !== loc) problems.push(`${path}: canonical ${canonical.join(', ')}`);
      const alternates = alternatesOf(html);
      if (Object.keys(alternates).sort().join(' ') !== 'de en-US fr x-default') problems.push(`${path}: hreflang ${Object.keys(alternates).join(' ')}`);
      if (alternates[PUBLISHED[prefixOf(path)]!] !== loc) problems.push(`${path}: no self-referencing alternate`);
      if (alternates['x-default'] !== `${origin}${withoutPrefix(path)}`) problems.push(`${path}: x-default ${alternates['x-default']}`);
      if (html.includes('hreflang="it"')) problems.push(`${path}: names the hidden language`);
      seen.set(loc, alternates);
    }
    // Reciprocal: every alternate a page names names the same set back, the page included.
    for (const [loc, alternates] of seen) {
      for (const target of Object.values(alternates)) {
        const back = seen.get(target);
        if (!back) problems.push(`${loc}: alternate ${target} not crawled`);
        else if (!Object.values(back).includes(loc)) problems.push(`${target} does not link back to ${loc}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('answers 404 under the prefix of a hidden language, and for a language the site does not have', async () => {
    for (const path of ['/it', '/it/', '/it/shop', '/es/shop']) expect((await t.get(DEMO_SHOP_IDENTIFIER, path)).statusCode, path).toBe(404);
  });

  it('keeps the cart, checkout and search pages of every language out of the page cache', async () => {
    for (const path of ['/fr/cart', '/de/checkout', '/fr/search']) {
      await t.get(DEMO_SHOP_IDENTIFIER, path);
      expect((await t.get(DEMO_SHOP_IDENTIFIER, path)).headers['x-page-cache'], path).toBe('bypass');
    }
    await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop');
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop')).headers['x-page-cache']).toBe('hit');
  });

  it("keeps the visitor in the page's language through the site's navigation", async () => {
    const french = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/shop');
    const items = Object.values(french.json.navigation as Record<string, { items: { fullUrl: string; collectionId?: string; active: boolean }[] }>).flatMap(
      (n) => n.items,
    );
    const pages = items.filter((item) => item.collectionId);
    expect(pages.length).toBeGreaterThan(0);
    for (const item of pages) expect(item.fullUrl).toMatch(/^\/fr\//);
    expect(pages.find((item) => item.fullUrl === '/fr/shop')?.active).toBe(true);
    const html = (await t.get(DEMO_SHOP_IDENTIFIER, '/fr/')).body;
    expect(html).toContain('href="/fr/shop"');
    const english = await t.context(DEMO_SHOP_IDENTIFIER, '/shop');
    const englishItems = Object.values(english.json.navigation as Record<string, { items: { fullUrl: string; collectionId?: string }[] }>).flatMap(
      (n) => n.items,
    );
    for (const item of englishItems.filter((i) => i.collectionId)) expect(item.fullUrl).not.toMatch(/^\/fr\//);
  });

  it('formats the French pages in French: the template engine and the context follow the language', async () => {
    const french = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/shop');
    expect(french.status).toBe(200);
    expect(french.json.website.language).toBe('fr');
    expect((await t.context(DEMO_SHOP_IDENTIFIER, '/shop')).json.website.language).toBe('en-US');
    const html = (await t.get(DEMO_SHOP_IDENTIFIER, '/fr/shop')).body;
    expect(html).toMatch(/\d+,\d{2}\s\$US/);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/shop')).body).not.toMatch(/\d+,\d{2}\s\$US/);
  });
});
