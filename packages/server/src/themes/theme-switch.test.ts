import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { contrastProblems, readThemeDir, resolveTweakValues } from '@emporium/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, websites } from '../db/index.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { installTheme, selectTheme } from './index.js';

const TEST_THEMES = join(dirname(createRequire(import.meta.url).resolve('@emporium/theme/package.json')), 'test-themes');

/** One page of each kind on the seeded demo site. */
const PAGES: [kind: string, path: string][] = [
  ['home', '/'],
  ['page', '/about'],
  ['blog list', '/journal'],
  ['blog item', '/journal/why-we-wash-our-linen-twice'],
  ['products list', '/shop'],
  ['product item', '/shop/linen-camp-shirt'],
  ['events list', '/events'],
  ['event item', '/events/holiday-market-open-studio'],
  ['gallery', '/studio'],
  ['search', '/search?q=linen'],
  ['cart', '/cart'],
];

const MASTHEAD = '<header class="masthead" data-color-region="header">';
const DEFAULT_HEADER = '<header class="site-header" data-color-region="header">';

let t: PagesTestApp;
let siteId: string;

/** Merges `patch` into the demo site's settings, as the dashboard's saves do. */
async function patchSettings(patch: Record<string, unknown>): Promise<void> {
  await t.testDb.db
    .update(websites)
    .set({ settings: sql`${websites.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(websites.id, siteId));
}

/** Log lines of template errors written since `from`. */
const templateErrorsSince = (from: number) => t.logs.slice(from).filter((line) => line.includes('template errors'));

/** The page's `<aside class="magazine-sidebar">`, or '' when it has none. */
const sidebarOf = (html: string) => /<aside class="magazine-sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';

beforeAll(async () => {
  t = await createPagesTestApp();
  const [site] = await t.testDb.db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  siteId = site!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('switching the demo site to the magazine theme', () => {
  beforeAll(async () => {
    expect(await selectTheme(t.testDb.db, t.app.emporium.themes, siteId, 'magazine')).toBe(true);
  });

  it.each(PAGES)('renders the %s (%s) with the masthead and no template error', async (_kind, path) => {
    const logsBefore = t.logs.length;
    const res = await t.get('demo', path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(MASTHEAD);
    expect(res.body).not.toContain(DEFAULT_HEADER);
    expect(res.body).toContain('<main id="main"');
    expect(res.body.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(templateErrorsSince(logsBefore)).toEqual([]);
  });

  it('ships colours that pass WCAG AA for every pair it reads text in', async () => {
    const theme = await t.app.emporium.themes.forSettings({ theme: 'magazine' });
    const { values } = resolveTweakValues(theme.compiled.tweaks, {});
    expect(theme.compiled.tweaks.filter((tweak) => tweak.readableOn).length).toBeGreaterThan(4);
    expect(contrastProblems(theme.compiled.tweaks, values)).toEqual([]);
  });

  it('serves its static page, its stylesheet with the self-hosted font, and its script', async () => {
    const page = await t.get('demo', '/about-this-site');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('About Fern &amp; Field');
    const font = /url\("?(\/assets\/fonts\/fraunces-latin-700-normal\.[0-9a-f]{10}\.woff2)/.exec(page.body)?.[1];
    const script = /<script src="(\/assets\/scripts\/site\.[0-9a-f]{10}\.js)" defer>/.exec(page.body)?.[1];
    const ornament = /src="(\/assets\/ornament\.[0-9a-f]{10}\.svg)"/.exec(page.body)?.[1];
    for (const url of [font, script, ornament]) {
      expect(url).toBeDefined();
      expect((await t.get('demo', url!)).statusCode).toBe(200);
    }
  });

  it('finds the site\'s blog for collection="blog" wherever it lives (the demo keeps it at /journal)', async () => {
    const sidebar = sidebarOf((await t.get('demo', '/')).body);
    expect(sidebar).toContain('Latest stories');
    expect(sidebar.match(/class="latest-story"/g)).toHaveLength(3);
    expect(sidebar).toContain('href="/journal/dyeing-with-walnut-hulls"');
  });

  it('shows the three latest stories of a collection at /blog', async () => {
    const journal = and(eq(collections.websiteId, siteId), eq(collections.urlId, 'journal'));
    await t.testDb.db.update(collections).set({ urlId: 'blog' }).where(journal);
    try {
      const sidebar = sidebarOf((await t.get('demo', '/')).body);
      expect(sidebar).toContain('Latest stories');
      expect(sidebar.match(/class="latest-story"/g)).toHaveLength(3);
      expect(sidebar).toContain('href="/blog/dyeing-with-walnut-hulls"');
    } finally {
      await t.testDb.db
        .update(collections)
        .set({ urlId: 'journal' })
        .where(and(eq(collections.websiteId, siteId), eq(collections.urlId, 'blog')));
    }
  });

  it('renders the blocks an owner puts into the sidebar field, in the sidebar', async () => {
    await patchSettings({ blockFields: { sidebar: [{ typeName: 'html', html: '<p>Hello</p>' }] } });
    const res = await t.get('demo', '/journal');
    expect(sidebarOf(res.body)).toMatch(/<div class="sqs-block-field" data-block-field="sidebar" data-columns="1">[\s\S]*<p>Hello<\/p>/);
    await patchSettings({ blockFields: {} });
    expect(sidebarOf((await t.get('demo', '/journal')).body)).not.toContain('<p>Hello</p>');
  });

  it('renders a page whose owner chose the wide layout without the sidebar', async () => {
    const [journal] = await t.testDb.db
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.websiteId, siteId), eq(collections.urlId, 'journal')));
    await patchSettings({ pageLayouts: { [journal!.id]: 'wide' } });
    const wide = await t.get('demo', '/journal');
    expect(wide.body).toContain('<main id="main" class="magazine-wide"');
    expect(wide.body).toContain('layout-wide');
    expect(sidebarOf(wide.body)).toBe('');
    expect(sidebarOf((await t.get('demo', '/shop')).body)).not.toBe('');
    await patchSettings({ pageLayouts: {} });
  });

  it('takes a colour theme from its dropdown tweak as a body class', async () => {
    await patchSettings({ themeTweaks: { magazine: { 'color-theme': 'Ink' } } });
    const res = await t.get('demo', '/');
    expect(res.body).toMatch(/<body [^>]*class="magazine [^"]*tweak-color-theme-ink/);
    await patchSettings({ themeTweaks: {} });
  });
});

describe('switching back to the default theme', () => {
  it.each(PAGES)("renders the %s (%s) with the default theme's header", async (_kind, path) => {
    expect(await selectTheme(t.testDb.db, t.app.emporium.themes, siteId, 'default')).toBe(true);
    const res = await t.get('demo', path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(DEFAULT_HEADER);
    expect(res.body).not.toContain(MASTHEAD);
  });
});

describe('an installed theme that uses every tag, variable and tweak type', () => {
  beforeAll(async () => {
    const installed = await installTheme(t.testDb.db, t.app.emporium.themes, readThemeDir(join(TEST_THEMES, 'everything')));
    expect(installed.theme.id).toBe('everything');
    expect(await selectTheme(t.testDb.db, t.app.emporium.themes, siteId, 'everything')).toBe(true);
  });

  it.each([...PAGES, ['static page', '/colophon'] as [string, string]])('answers the %s (%s) without a server error', async (_kind, path) => {
    const logsBefore = t.logs.length;
    const res = await t.get('demo', path);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain('<header class="everything-header">');
    expect(templateErrorsSince(logsBefore)).toEqual([]);
  });
});
