import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';

const decode = (value: string) => value.replace(/&amp;/g, '&');
const pathOf = (url: string) => new URL(url).pathname;

function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], pathOf(decode(m[2]!))]));
}

/**
 * Issue 29, acceptance 1 with translated slugs: the seeded French and an added German (hidden
 * Italian), every page of the sitemap in every language answers 200 with `<html lang>` of its
 * language, a self-canonical, and the same alternates as the sitemap names, each of which links
 * back with the same set; no page links to a language's page that does not exist.
 */
describe('a crawl of the demo in every language, with translated slugs', () => {
  let t: PagesTestApp;
  let entries: { loc: string; links: Record<string, string> }[];

  beforeAll(async () => {
    t = await createPagesTestApp();
    const demo = (await findWebsiteByIdentifier(t.testDb.db, DEMO_SHOP_IDENTIFIER))!;
    await makeOwner(t.testDb.db, demo.id, 'admin@crawl.test', 'admin');
    const owner = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'admin@crawl.test');
    const saved = await owner.call('PUT', '/api/multilingual/languages', {
      languages: [{ code: 'en-US', primary: true }, { code: 'fr' }, { code: 'de' }, { code: 'it', published: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sitemap = (await t.get(DEMO_SHOP_IDENTIFIER, '/sitemap.xml')).body;
    entries = (sitemap.match(/<url>.*?<\/url>/g) ?? []).map((entry) => ({
      loc: pathOf(decode(/<loc>([^<]*)<\/loc>/.exec(entry)![1]!)),
      links: Object.fromEntries(
        [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g)].map((m) => [m[1], pathOf(decode(m[2]!))]),
      ),
    }));
  }, 120_000);
  afterAll(() => t?.close());

  it('lists translated slugs in the sitemap and every page links back to all its alternates', async () => {
    expect(entries.map((e) => e.loc)).toContain('/fr/boutique/chemise-camp-en-lin');
    expect(entries.map((e) => e.loc)).toContain('/de/shop/linen-camp-shirt');
    expect(entries.some((e) => e.loc.startsWith('/it/'))).toBe(false);
    const locs = new Set(entries.map((e) => e.loc));
    for (const entry of entries) {
      const page = await t.get(DEMO_SHOP_IDENTIFIER, entry.loc);
      expect(page.statusCode, entry.loc).toBe(200);
      const code = Object.entries(entry.links).find(([hreflang, path]) => hreflang !== 'x-default' && path === entry.loc)?.[0];
      expect(code, entry.loc).toBeDefined();
      expect(page.body, entry.loc).toContain(`<html lang="${code}"`);
      expect(/<link rel="canonical" href="([^"]+)"/.exec(page.body)?.[1]?.endsWith(entry.loc), entry.loc).toBe(true);
      expect(alternatesOf(page.body), entry.loc).toEqual(entry.links);
      for (const path of Object.values(entry.links)) expect(locs.has(path), `${entry.loc} → ${path}`).toBe(true);
    }
  }, 300_000);
});
