import { Writable } from 'node:stream';
import { DEFAULT_PALETTE } from '@emporium/theme';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { buildApp } from '../app.js';
import { DraftPaths } from '../drafts/index.js';
import { registerPages } from '../pages/index.js';
import { staticIslandAssets } from '../pages/island-assets.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER, seedDemo } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { SiteStylePaths } from './routes.js';

// Site styles (issue 26, item 5): palette and colour themes, self-hosted fonts, animations; drafted with the site.
const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
const PALETTE = ['#f6f1e7', '#e3c9a8', '#8a3b12', '#3f2a1d', '#1b120c'];

describe.each(availableDialects())('site styles on %s', (dialect) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let admin: OwnerClient;
  let viewer: OwnerClient;

  beforeAll(async () => {
    testDb = await createTestDb({ dialect });
    await seedDemo(testDb.db);
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    app = await buildApp({ db: testDb.db, pages: false, config: { logLevel: 'warn' }, logStream: quiet });
    await registerPages(app, app.emporium, { islands: staticIslandAssets(false) });
    await app.ready();
    const demo = (await findWebsiteByIdentifier(testDb.db, DEMO_SHOP_IDENTIFIER))!;
    await makeOwner(testDb.db, demo.id, 'admin@styles.test', 'admin');
    await makeOwner(testDb.db, demo.id, 'viewer@styles.test', 'viewer');
    admin = await signInOwner(app, DEMO_HOST, 'admin@styles.test');
    viewer = await signInOwner(app, DEMO_HOST, 'viewer@styles.test');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  const page = (path: string, cookie?: string, site = DEMO_SHOP_IDENTIFIER) =>
    app.inject({ method: 'GET', url: path, headers: { host: `${site}.localhost`, ...(cookie ? { cookie } : {}) } });

  async function previewCookie(): Promise<string> {
    const link = await admin.call('POST', DraftPaths.PREVIEW, { path: '/' });
    const url = new URL(link.json().url as string);
    const opened = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: DEMO_HOST } });
    return String(opened.headers['set-cookie']).split(';')[0]!;
  }

  it('starts with the theme’s own look and the palette a site starts from', async () => {
    const view = await admin.call('GET', SiteStylePaths.STYLES);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ value: {}, palette: [...DEFAULT_PALETTE], contrast: [] });
    expect(view.json().colorThemes.map((t: { name: string }) => t.name)).toEqual(['White', 'Light 1', 'Light 2', 'Accent', 'Dark 1', 'Dark 2', 'Black']);
    expect((await page('/')).body).not.toContain('.color-theme-light-1{');
  });

  it('refuses a colour that is no #rrggbb and a font outside the catalogue, saving nothing', async () => {
    const bad = await admin.call('PUT', SiteStylePaths.STYLES, { colors: { palette: ['#fff;}*{x', ...PALETTE.slice(1)] } });
    expect(bad.statusCode).toBe(400);
    const font = await admin.call('PUT', SiteStylePaths.STYLES, {
      fonts: { activeThemeId: 'modern', usageCategories: { headings: { family: 'Comic Sans', weight: 700 } } },
    });
    expect(font.statusCode).toBe(400);
    expect((await admin.call('GET', SiteStylePaths.STYLES)).json().value).toEqual({});
  });

  it('needs settings:write to change and keeps to the session’s site', async () => {
    expect((await viewer.call('GET', SiteStylePaths.STYLES)).statusCode).toBe(200);
    expect((await viewer.call('PUT', SiteStylePaths.STYLES, { animations: 'fade' })).statusCode).toBe(403);
  });

  it('shows a drafted palette and heading font in the preview only, and to visitors once published', async () => {
    const saved = await admin.call('PUT', SiteStylePaths.STYLES, {
      colors: { palette: PALETTE, defaultThemeId: 'light-1', themes: { 'light-1': { link: '#7a0000' } }, footer: 'dark-2' },
      fonts: { activeThemeId: 'classic', usageCategories: { headings: { family: 'playfair-display', weight: 800 } } },
      animations: 'fade',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().colorThemes.find((t: { id: string }) => t.id === 'light-1').colors).toMatchObject({ background: '#f6f1e7', link: '#7a0000' });

    const before = (await page('/')).body;
    expect(before).not.toContain('#f6f1e7');
    expect(before).not.toContain('Playfair Display');

    const preview = (await page('/', await previewCookie())).body;
    expect(preview).toMatch(/:root\{--color-bg:#f6f1e7;/);
    expect(preview).toContain('--font-headings:"Playfair Display","Playfair Display fallback",serif;--font-headings-weight:800');
    expect(preview).toMatch(/<link rel="preload" href="\/static\/fonts\/playfair-display\.[0-9a-f]{12}\.woff2" as="font" type="font\/woff2" crossorigin>/);
    expect(preview).toMatch(/class="[^"]*site-color-themes[^"]*site-fonts[^"]*site-animations-fade/);
    expect(preview).toContain('data-color-region="footer"');

    expect((await admin.call('POST', DraftPaths.PUBLISH)).statusCode).toBe(200);
    const after = (await page('/')).body;
    expect(after).toMatch(/:root\{--color-bg:#f6f1e7;/);
    expect(after).toContain('"Playfair Display fallback"');
    expect(after).toMatch(/size-adjust:[\d.]+%;ascent-override:[\d.]+%;descent-override:[\d.]+%;line-gap-override:[\d.]+%/);
    expect(after).toContain('prefers-reduced-motion:no-preference');
    // Another site keeps its own look.
    expect((await page('/', undefined, JOURNAL_IDENTIFIER)).body).not.toContain('#f6f1e7');
  });

  it('lists the colour themes’ failing pairs by name with the tweaks’ contrast (Design and the publish dialog)', async () => {
    await admin.call('PUT', SiteStylePaths.STYLES, { colors: { palette: PALETTE, themes: { accent: { text: '#9a4b22' } } } });
    const pairs = (await admin.call('GET', '/api/owner/theme/tweaks')).json().contrast as { colorTheme?: string; foregroundLabel: string }[];
    expect(pairs).toContainEqual(expect.objectContaining({ colorTheme: 'Accent', foregroundLabel: 'Accent: Text' }));
    expect((await admin.call('GET', SiteStylePaths.STYLES)).json().contrast).toHaveLength(1);
  });

  it('serves the fonts from our own origin, immutable, and no page names a third-party font host', async () => {
    const list = await admin.call('GET', SiteStylePaths.FONTS);
    expect(list.statusCode).toBe(200);
    const fonts = list.json().fonts as { family: string; url: string; previewUrl: string }[];
    expect(fonts.map((f) => f.family)).toEqual(['Inter', 'Work Sans', 'Space Grotesk', 'Lora', 'Playfair Display', 'Source Serif 4']);
    const file = await page(fonts[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await app.inject({ method: 'GET', url: fonts[0]!.url, headers: { host: DEMO_HOST, 'if-none-match': String(file.headers.etag) } })).statusCode).toBe(
      304,
    );
    expect((await page('/static/fonts/inter.000000000000.woff2')).statusCode).toBe(404);
    // The dashboard's origin serves the same files for the previews; a site does not serve the dashboard's path.
    const preview = list.json().fonts[0].previewUrl as string;
    expect(preview).toMatch(/^\/config\/assets\/fonts\/inter\.[0-9a-f]{12}\.woff2$/);
    const onDashboard = await admin.call('GET', preview);
    expect(onDashboard.statusCode).toBe(200);
    expect(onDashboard.headers['content-type']).toBe('font/woff2');
    expect((await page(preview)).statusCode).toBe(404);
    for (const path of ['/', '/shop', '/about']) {
      const body = (await page(path)).body;
      expect(body).not.toMatch(/fonts\.(googleapis|gstatic)\.com|use\.typekit|fonts\.bunny|@import url\(/);
      for (const url of body.matchAll(/url\("?([^")]+)"?\)/g)) expect(url[1]).not.toMatch(/^(https?:)?\/\//);
    }
  });
});
