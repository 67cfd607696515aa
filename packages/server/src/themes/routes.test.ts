import { Writable } from 'node:stream';
import { zipSync } from 'fflate';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readThemeZip, TWEAK_MESSAGES } from '@emporium/theme';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { crumbForHost, dashboardTarget } from '../../test-support/test-app.js';
import { buildApp } from '../app.js';
import { collections } from '../db/index.js';
import { DraftPaths } from '../drafts/index.js';
import { registerPages } from '../pages/index.js';
import { staticIslandAssets } from '../pages/island-assets.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';
import { installTheme } from './install.js';
import { ThemeMessages, ThemePaths } from './routes.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
const JOURNAL_HOST = `${JOURNAL_IDENTIFIER}.localhost`;
/** A colour LESS cannot shorten when it minifies (#aa3300 would print as #a30). */
const NEW_ACCENT = '#ab3412';

const SITE_REGION =
  '<!doctype html><html lang="en"><head>{squarespace-headers}</head><body id="{squarespace.page-id}" class="{squarespace.page-classes}">{squarespace.main-content}{squarespace-footers}</body></html>';

/** A small theme as an uploaded zip: two layouts, one colour tweak. */
function themeZip(name: string, extra: Record<string, string> = {}): Buffer {
  const files: Record<string, string> = {
    'template.conf': JSON.stringify({
      name,
      author: 'Theme tests',
      layouts: { default: { name: 'Default', regions: ['site'] }, wide: { name: 'Wide', regions: ['site'] } },
      navigations: [{ name: 'mainNav', title: 'Main Navigation' }],
      stylesheets: ['base.less'],
    }),
    'site.region': SITE_REGION,
    'styles/base.less':
      '// tweak: { "type": "color", "title": "inkColor", "label": "Ink", "category": "Colors" }\n@inkColor: #112233;\nbody { color: @inkColor; }\n',
    ...extra,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, new TextEncoder().encode(text)]))));
}

/** A multipart/form-data body with one file field. */
function multipartBody(field: string, filename: string, bytes: Buffer): { payload: Buffer; contentType: string } {
  const boundary = '----emporium-theme-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`);
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(owner: OwnerClient, app: FastifyInstance, bytes: Buffer, filename = 'theme.zip'): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody('file', filename, bytes);
  return app.inject({
    method: 'POST',
    url: ThemePaths.THEMES,
    headers: {
      host: owner.host,
      'x-emporium-site': owner.site!,
      cookie: owner.cookie,
      'x-csrf-token': owner.crumb,
      accept: 'application/json',
      'content-type': contentType,
    },
    payload,
  });
}

/** The inline stylesheet and body classes of a storefront page's HTML. */
function lookOf(html: string): { css: string; bodyClasses: string[] } {
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  const bodyClasses = (/<body[^>]*\bclass="([^"]*)"/.exec(html)?.[1] ?? '').split(/\s+/).filter(Boolean);
  return { css, bodyClasses };
}

interface TweakAnswer {
  themeId: string;
  categories: { name: string; tweaks: { title: string; type: string; value: string | null; default: string | null; unit?: string; options: string[] }[] }[];
}

function valueOf(answer: TweakAnswer, title: string): string | null | undefined {
  for (const category of answer.categories) for (const tweak of category.tweaks) if (tweak.title === title) return tweak.value;
  return undefined;
}

describe('the Design calls: themes, style settings, uploads and page layouts', () => {
  let t: PagesTestApp;
  let demo: Website;
  let journal: Website;
  let admin: OwnerClient;
  let viewer: OwnerClient;
  let editor: OwnerClient;
  let manager: OwnerClient;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
    await makeOwner(db, demo.id, 'admin@design.test', 'admin');
    await makeOwner(db, demo.id, 'viewer@design.test', 'viewer');
    await makeOwner(db, demo.id, 'editor@design.test', 'editor');
    await makeOwner(db, demo.id, 'manager@design.test', 'website-manager');
    admin = await signInOwner(t.app, DEMO_HOST, 'admin@design.test');
    viewer = await signInOwner(t.app, DEMO_HOST, 'viewer@design.test');
    editor = await signInOwner(t.app, DEMO_HOST, 'editor@design.test');
    manager = await signInOwner(t.app, DEMO_HOST, 'manager@design.test');
  });
  afterAll(() => t?.close());

  it('lists the themes the site may use and the one it renders with', async () => {
    const response = await admin.call('GET', ThemePaths.THEMES);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store, private');
    const answer = response.json();
    expect(answer.currentThemeId).toBe('default');
    expect(answer.pageLayouts).toEqual({});
    expect(answer.themes[0]).toMatchObject({
      id: 'default',
      name: 'Emporium',
      author: 'Emporium',
      version: 0,
      builtIn: true,
      layouts: [{ id: 'default', name: 'Default' }],
      navigations: [
        { name: 'mainNavigation', title: 'Main Navigation' },
        { name: 'footerNavigation', title: 'Footer Navigation' },
      ],
    });
  });

  it("answers the current theme's style settings by category, each with its value and default", async () => {
    const response = await admin.call('GET', ThemePaths.TWEAKS);
    expect(response.statusCode, response.body).toBe(200);
    const answer: TweakAnswer = response.json();
    expect(answer.themeId).toBe('default');
    expect(answer.categories.map((c) => c.name)).toEqual(['Colors', 'Fonts', 'Sizes', 'Header', 'Animations']);
    const colors = answer.categories[0]!.tweaks;
    expect(colors.find((tw) => tw.title === 'accentColor')).toMatchObject({
      type: 'color',
      label: 'Accent (buttons and links)',
      value: '#24513d',
      default: '#24513d',
    });
    const sizes = answer.categories.find((c) => c.name === 'Sizes')!.tweaks;
    expect(sizes.find((tw) => tw.title === 'baseFontSize')).toMatchObject({ type: 'value', min: 14, max: 22, step: 1, unit: 'px', value: '17px' });
    const header = answer.categories.find((c) => c.name === 'Header')!.tweaks;
    expect(header.find((tw) => tw.title === 'header-layout')).toMatchObject({
      type: 'dropdown',
      options: ['Title left', 'Title centered'],
      value: 'Title left',
    });
  });

  it('a style change is a draft until published, then shows on the next storefront page: the colour in its inline style, the dropdown as a body class', async () => {
    const before = lookOf((await t.get(DEMO_SHOP_IDENTIFIER, '/')).body);
    expect(before.css).toContain('#24513d');
    expect(before.css).not.toContain(NEW_ACCENT);
    expect(before.bodyClasses).toContain('tweak-header-layout-title-left');

    const saved = await admin.call('PUT', ThemePaths.TWEAKS, {
      values: { accentColor: NEW_ACCENT.toUpperCase(), 'header-layout': 'Title centered', baseFontSize: 18 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(valueOf(saved.json(), 'accentColor')).toBe(NEW_ACCENT);
    expect(valueOf(saved.json(), 'baseFontSize')).toBe('18px');
    expect(valueOf((await admin.call('GET', ThemePaths.TWEAKS)).json(), 'accentColor')).toBe(NEW_ACCENT);
    expect(lookOf((await t.get(DEMO_SHOP_IDENTIFIER, '/')).body).css).not.toContain(NEW_ACCENT);
    const published = await admin.call('POST', DraftPaths.PUBLISH, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().changes.map((change: { subject: string }) => change.subject)).toEqual(['settings.themeTweaks']);

    const page = await t.get(DEMO_SHOP_IDENTIFIER, '/');
    expect(page.statusCode).toBe(200);
    const after = lookOf(page.body);
    expect(after.css).toContain(NEW_ACCENT);
    expect(after.bodyClasses).toContain('tweak-header-layout-title-centered');
    expect(after.bodyClasses).not.toContain('tweak-header-layout-title-left');
  });

  it('names the colour pairs a change makes hard to read (under WCAG AA 4.5:1), and none for the theme as it ships', async () => {
    const shipped = await admin.call('GET', ThemePaths.TWEAKS);
    expect(shipped.json().contrast).toEqual([]);
    const pale = await admin.call('PUT', ThemePaths.TWEAKS, { values: { accentColor: '#9fc7b3' } });
    expect(pale.statusCode, pale.body).toBe(200);
    const pairs = pale.json().contrast as { foreground: string; background: string; backgroundLabel: string; ratio: number }[];
    expect(pairs.map((p) => `${p.foreground} on ${p.background}`)).toEqual([
      'accentColor on backgroundColor',
      'accentColor on surfaceColor',
      'accentTextColor on accentColor',
    ]);
    expect(pairs.every((p) => p.ratio < 4.5)).toBe(true);
    expect(pairs[0]).toMatchObject({ foregroundLabel: 'Accent (buttons and links)', backgroundLabel: 'Background', foregroundValue: '#9fc7b3' });
    const back = await admin.call('PUT', ThemePaths.TWEAKS, { values: { accentColor: NEW_ACCENT } });
    expect(back.json().contrast).toEqual([]);
  });

  it('merges a partial change over the stored values', async () => {
    const saved = await admin.call('PUT', ThemePaths.TWEAKS, { values: { 'sticky-header': false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(valueOf(saved.json(), 'sticky-header')).toBe('false');
    expect(valueOf(saved.json(), 'accentColor')).toBe(NEW_ACCENT);
    expect(valueOf((await admin.call('GET', ThemePaths.TWEAKS)).json(), 'header-layout')).toBe('Title centered');
  });

  it('refuses a change with any wrong value, with a message per setting, and saves nothing of it', async () => {
    const response = await admin.call('PUT', ThemePaths.TWEAKS, {
      values: { textColor: '#000000', accentColor: 'red; } body { display: none', baseFontSize: 40, headingFont: 'Comic Sans', nope: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(ThemeMessages.TWEAKS_REFUSED);
    expect(body.fields).toEqual({
      'values.accentColor': TWEAK_MESSAGES.color,
      'values.baseFontSize': TWEAK_MESSAGES.number({ min: 14, max: 22, step: 1 }),
      'values.headingFont': TWEAK_MESSAGES.choose(['Serif', 'Sans-serif', 'Inter', 'Fraunces', 'Rounded', 'Monospace']),
      'values.nope': TWEAK_MESSAGES.unknown,
    });
    const now: TweakAnswer = (await admin.call('GET', ThemePaths.TWEAKS)).json();
    expect(valueOf(now, 'textColor')).toBe('#1d2620');
    expect(valueOf(now, 'accentColor')).toBe(NEW_ACCENT);
  });

  it('refuses bodies of the wrong shape', async () => {
    const cases: Array<[unknown, string]> = [
      [{ values: { accentColor: { nested: true } } }, 'values.accentColor'],
      [{ values: [] }, 'values'],
      [{ values: {}, reset: 'yes' }, 'reset'],
      [{ values: {}, site: journal.id }, '(root)'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.call('PUT', ThemePaths.TWEAKS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('restores the defaults with reset: true (applying the values sent with it) and with DELETE', async () => {
    const reset = await admin.call('PUT', ThemePaths.TWEAKS, { reset: true, values: { saleColor: '#123456' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(valueOf(reset.json(), 'accentColor')).toBe('#24513d');
    expect(valueOf(reset.json(), 'header-layout')).toBe('Title left');
    expect(valueOf(reset.json(), 'saleColor')).toBe('#123456');
    const cleared = await admin.call('DELETE', ThemePaths.TWEAKS);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(valueOf(cleared.json(), 'saleColor')).toBe('#a8281c');
    expect(lookOf((await t.get(DEMO_SHOP_IDENTIFIER, '/')).body).css).not.toContain('#123456');
  });

  it('reading needs settings:read and changing settings:write', async () => {
    for (const path of [ThemePaths.THEMES, ThemePaths.TWEAKS]) {
      expect((await editor.call('GET', path)).statusCode, path).toBe(403);
      expect((await viewer.call('GET', path)).statusCode, path).toBe(200);
    }
    const changes: Array<['PUT' | 'DELETE', string, unknown]> = [
      ['PUT', ThemePaths.THEME, { themeId: 'default' }],
      ['PUT', ThemePaths.TWEAKS, { values: { accentColor: NEW_ACCENT } }],
      ['DELETE', ThemePaths.TWEAKS, undefined],
      ['PUT', ThemePaths.PAGE_LAYOUTS, { collectionId: 'x', layout: 'default' }],
    ];
    for (const [method, path, body] of changes) {
      for (const owner of [editor, viewer]) {
        const response = await owner.call(method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json().message).toBe('Your role does not allow this.');
      }
    }
    expect((await upload(viewer, t.app, themeZip('Viewer Theme'))).statusCode).toBe(403);
    const managed = await manager.call('PUT', ThemePaths.TWEAKS, { values: { accentColor: NEW_ACCENT } });
    expect(managed.statusCode, managed.body).toBe(200);
    await manager.call('DELETE', ThemePaths.TWEAKS);
  });

  it('needs a session, and the crumb on every change', async () => {
    const target = await dashboardTarget(t.app, DEMO_HOST);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: ThemePaths.THEMES,
      headers: { host: target.host, 'x-emporium-site': target.site!, accept: 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noCrumb = await t.app.inject({
      method: 'PUT',
      url: ThemePaths.TWEAKS,
      headers: { host: admin.host, 'x-emporium-site': admin.site!, cookie: admin.cookie, accept: 'application/json', 'content-type': 'application/json' },
      payload: JSON.stringify({ values: { accentColor: NEW_ACCENT } }),
    });
    expect(noCrumb.statusCode).toBe(401);
    expect(noCrumb.json().error).toBe('CRUMB_FAIL');
    const otherCrumb = await crumbForHost(t.app, JOURNAL_HOST);
    const wrongCrumb = await t.app.inject({
      method: 'PUT',
      url: ThemePaths.THEME,
      headers: {
        host: admin.host,
        'x-emporium-site': admin.site!,
        cookie: admin.cookie,
        'x-csrf-token': otherCrumb,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ themeId: 'default' }),
    });
    expect(wrongCrumb.statusCode).toBe(401);
    expect(valueOf((await admin.call('GET', ThemePaths.TWEAKS)).json(), 'accentColor')).toBe('#24513d');
  });

  it('uploads a theme the site alone may use, chooses it, and the storefront renders with it', async () => {
    const response = await upload(admin, t.app, themeZip('Tiny Test', { 'notes.txt': 'not part of a theme' }));
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer.theme).toMatchObject({
      id: 'demo--tiny-test',
      name: 'Tiny Test',
      author: 'Theme tests',
      version: 1,
      builtIn: false,
      layouts: [
        { id: 'default', name: 'Default' },
        { id: 'wide', name: 'Wide' },
      ],
    });
    expect(answer.changed).toBe(true);
    expect(answer.warnings).toEqual([expect.objectContaining({ file: 'notes.txt', severity: 'warning', message: 'not part of the theme format; ignored' })]);

    const listed = (await admin.call('GET', ThemePaths.THEMES)).json();
    expect(listed.themes.map((theme: { id: string }) => theme.id)).toContain('demo--tiny-test');
    const journalOwner = await makeOwner(t.testDb.db, journal.id, 'journal@design.test', 'admin').then(() =>
      signInOwner(t.app, JOURNAL_HOST, 'journal@design.test'),
    );
    const journalList = (await journalOwner.call('GET', ThemePaths.THEMES)).json();
    expect(journalList.themes.map((theme: { id: string }) => theme.id)).not.toContain('demo--tiny-test');
    const stolen = await journalOwner.call('PUT', ThemePaths.THEME, { themeId: 'demo--tiny-test' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(ThemeMessages.NOT_INSTALLED);

    const chosen = await admin.call('PUT', ThemePaths.THEME, { themeId: 'demo--tiny-test' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().currentThemeId).toBe('demo--tiny-test');
    const tweaks: TweakAnswer = (await admin.call('GET', ThemePaths.TWEAKS)).json();
    expect(tweaks.themeId).toBe('demo--tiny-test');
    expect(tweaks.categories).toEqual([
      { name: 'Colors', tweaks: [{ title: 'inkColor', type: 'color', label: 'Ink', options: [], default: '#112233', value: '#112233' }] },
    ]);
    expect(lookOf((await t.get(DEMO_SHOP_IDENTIFIER, '/')).body).css).toContain('#112233');
    expect((await admin.call('PUT', ThemePaths.TWEAKS, { values: { inkColor: '#445566' } })).statusCode).toBe(200);
    expect((await admin.call('POST', DraftPaths.PUBLISH, {})).statusCode).toBe(200);
    expect(lookOf((await t.get(DEMO_SHOP_IDENTIFIER, '/')).body).css).toContain('#445566');

    const again = await upload(admin, t.app, themeZip('Tiny Test', { 'notes.txt': 'not part of a theme' }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ changed: false, theme: { version: 1 } });
  });

  it('chooses a layout per page from the current theme, for pages of the site only', async () => {
    const pages = await t.testDb.db.select({ id: collections.id, websiteId: collections.websiteId }).from(collections);
    const mine = pages.find((c) => c.websiteId === demo.id)!;
    const theirs = pages.find((c) => c.websiteId === journal.id)!;

    const chosen = await admin.call('PUT', ThemePaths.PAGE_LAYOUTS, { collectionId: mine.id, layout: 'wide' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ pageLayouts: { [mine.id]: 'wide' } });
    expect((await admin.call('GET', ThemePaths.THEMES)).json().pageLayouts).toEqual({ [mine.id]: 'wide' });

    const noLayout = await admin.call('PUT', ThemePaths.PAGE_LAYOUTS, { collectionId: mine.id, layout: 'sidebar' });
    expect(noLayout.statusCode).toBe(400);
    expect(noLayout.json().message).toBe(ThemeMessages.noSuchLayout(['default', 'wide']));
    expect(noLayout.json().fields).toEqual({ layout: ThemeMessages.noSuchLayout(['default', 'wide']) });

    const otherSite = await admin.call('PUT', ThemePaths.PAGE_LAYOUTS, { collectionId: theirs.id, layout: 'default' });
    expect(otherSite.statusCode).toBe(404);
    expect(otherSite.json().message).toBe(ThemeMessages.NO_SUCH_PAGE);
    expect((await admin.call('PUT', ThemePaths.PAGE_LAYOUTS, { collectionId: 'nope', layout: 'default' })).json().message).toBe(ThemeMessages.NO_SUCH_PAGE);
  });

  it('answers 404 "That theme is not installed." for a theme it does not know', async () => {
    const response = await admin.call('PUT', ThemePaths.THEME, { themeId: 'no-such-theme' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ThemeMessages.NOT_INSTALLED);
    const back = await admin.call('PUT', ThemePaths.THEME, { themeId: 'default' });
    expect(back.json().currentThemeId).toBe('default');
    const empty = await admin.call('PUT', ThemePaths.THEME, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ themeId: 'themeId must name a theme.' });
  });

  it('refuses a broken theme with its problems (file, line, message), and an unreadable or missing upload', async () => {
    const broken = await upload(admin, t.app, themeZip('Broken', { 'template.conf': '{ "name": "Broken", "layouts": ' }));
    expect(broken.statusCode).toBe(422);
    const body = broken.json();
    expect(body.error).toBe('UNPROCESSABLE');
    expect(body.message).toBe(ThemeMessages.REFUSED);
    expect(body.problems.length).toBeGreaterThan(0);
    expect(body.problems[0]).toMatchObject({ file: 'template.conf', severity: 'error' });
    expect(typeof body.problems[0].line).toBe('number');
    expect(typeof body.problems[0].message).toBe('string');
    expect((await admin.call('GET', ThemePaths.THEMES)).json().themes.map((theme: { name: string }) => theme.name)).not.toContain('Broken');

    const notZip = await upload(admin, t.app, Buffer.from('this is not a zip archive'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe('The file is not a zip archive that can be read.');

    const boundary = 'no-file-boundary';
    const noFile = await t.app.inject({
      method: 'POST',
      url: ThemePaths.THEMES,
      headers: {
        host: admin.host,
        'x-emporium-site': admin.site!,
        cookie: admin.cookie,
        'x-csrf-token': admin.crumb,
        accept: 'application/json',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode, noFile.body).toBe(400);
    expect(noFile.json().message).toBe(ThemeMessages.NO_FILE);
    const tooLarge = await upload(admin, t.app, Buffer.alloc(20 * 1024 * 1024 + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(ThemeMessages.TOO_LARGE);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: DEMO_HOST } })).json();
    expect(Object.keys(document.paths['/api/owner/themes'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(document.paths['/api/owner/theme'])).toEqual(['put']);
    expect(Object.keys(document.paths['/api/owner/theme/tweaks'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(Object.keys(document.paths['/api/owner/page-layouts'])).toEqual(['put']);
  });
});

describe('two servers on one database', () => {
  let t: PagesTestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
    second = await buildApp({ db: t.testDb.db, pages: false, config: { logLevel: 'silent' }, logStream: silent });
    await registerPages(second, second.emporium, { islands: staticIslandAssets(false) });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a style change published through one server shows on the next page the other serves', async () => {
    const demo = (await findWebsiteByIdentifier(t.testDb.db, DEMO_SHOP_IDENTIFIER))!;
    await makeOwner(t.testDb.db, demo.id, 'two@design.test', 'admin');
    const owner = await signInOwner(t.app, DEMO_HOST, 'two@design.test');
    const page = () => second.inject({ method: 'GET', url: '/', headers: { host: DEMO_HOST } });
    expect(lookOf((await page()).body).css).not.toContain(NEW_ACCENT);
    expect((await owner.call('PUT', ThemePaths.TWEAKS, { values: { accentColor: NEW_ACCENT, 'header-layout': 'Title centered' } })).statusCode).toBe(200);
    expect(lookOf((await page()).body).css).not.toContain(NEW_ACCENT);
    expect((await owner.call('POST', DraftPaths.PUBLISH, {})).statusCode).toBe(200);
    const after = lookOf((await page()).body);
    expect(after.css).toContain(NEW_ACCENT);
    expect(after.bodyClasses).toContain('tweak-header-layout-title-centered');
  });

  it('a theme uploaded and chosen through one server renders on the other', async () => {
    const demo = (await findWebsiteByIdentifier(t.testDb.db, DEMO_SHOP_IDENTIFIER))!;
    await installTheme(t.testDb.db, t.app.emporium.themes, readThemeZip(themeZip('Two Servers')), { site: { id: demo.id, identifier: demo.identifier } });
    const owner = await signInOwner(t.app, DEMO_HOST, 'two@design.test');
    expect((await owner.call('PUT', ThemePaths.THEME, { themeId: 'demo--two-servers' })).statusCode).toBe(200);
    const html = (await second.inject({ method: 'GET', url: '/', headers: { host: DEMO_HOST } })).body;
    expect(lookOf(html).css).toContain('#112233');
  });
});
