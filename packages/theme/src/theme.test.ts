import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { readThemeDir, readThemeZip, THEME_LIMITS, ThemeFilesError } from './files.js';
import { hasErrors, readTheme, themeIdOf } from './theme.js';

const files = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([k, v]) => [k, Buffer.from(v)]));
const CONF = JSON.stringify({
  name: 'Test Theme',
  author: 'Me',
  layouts: { default: { name: 'Default', regions: ['header', 'site.region'] } },
  navigations: [{ name: 'mainNav', title: 'Main' }],
});

describe('readTheme (docs/themes.md)', () => {
  it('joins a layout from its regions in order and keeps where each region starts', () => {
    const theme = readTheme(
      files({ 'template.conf': CONF, 'header.region': '<header>\n</header>\n', 'site.region': '<main>{squarespace.main-content}</main>' }),
    );
    expect(theme.id).toBe('test-theme');
    expect(hasErrors(theme.problems)).toBe(false);
    const layout = theme.layouts.get('default')!;
    expect(layout.source).toBe('<header>\n</header>\n<main>{render.mainContent}</main>\n');
    expect(layout.regions).toEqual([
      { file: 'header.region', firstLine: 1 },
      { file: 'site.region', firstLine: 3 },
    ]);
    expect(theme.navigations).toEqual([{ name: 'mainNav', title: 'Main' }]);
  });

  it('reports broken JSON with its line, a missing region and a missing stylesheet as errors', () => {
    expect(readTheme(files({ 'template.conf': '{\n  "name": "x",\n  oops\n}' })).problems[0]).toMatchObject({
      file: 'template.conf',
      line: 3,
      severity: 'error',
    });
    const theme = readTheme(
      files({ 'template.conf': JSON.stringify({ name: 'x', layouts: { default: { regions: ['gone'] } }, stylesheets: ['missing.less'] }) }),
    );
    expect(theme.problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([
      'layout "default" names region "gone", but gone.region does not exist',
      'the theme declares no layout',
      'stylesheet "missing.less" is not in styles/',
    ]);
    expect(readTheme(files({})).problems[0]).toMatchObject({ message: 'the theme has no template.conf', severity: 'error' });
  });

  it('keeps going on unknown keys, comments and trailing commas, with warnings', () => {
    const conf = '{\n  // a comment\n  "name": "Loose",\n  "useImageMeta": true,\n  "mystery": 1,\n  "layouts": { "main": { "regions": ["site"] } },\n}';
    const theme = readTheme(files({ 'template.conf': conf, 'site.region': 'x' }));
    expect(hasErrors(theme.problems)).toBe(false);
    expect(theme.defaultLayout).toBe('main');
    expect(theme.problems.map((p) => p.message)).toEqual([
      'not strict JSON (comments or trailing commas were ignored)',
      '"useImageMeta" is not used by Emporium and is ignored',
      'unknown key "mystery" is ignored',
      'no "default" layout; "main" is the default',
    ]);
  });

  it('reads collections (a .conf without templates included), blocks, static pages, styles and hashed assets', () => {
    const theme = readTheme(
      files({
        'template.conf': JSON.stringify({ name: 'Full', layouts: { default: { regions: ['site'] } } }),
        'site.region': '<img src="/assets/logo.svg">',
        'collections/blog.conf': '{ "title": "Blog", "ordering": "chronological", "acceptTypes": ["text"] }',
        'collections/blog.list': '{.repeated section items}{title|html}{.end}',
        'collections/portfolio.conf': '{ "title": "Portfolio", "viewModes": ["grid"] }',
        'blocks/nav.block': '<nav></nav>',
        'pages/about-us.page': '<h1>About</h1>',
        'pages/about-us.page.conf': '{ "title": "About us" }',
        'styles/b.less': '.b{}',
        'styles/a.css': '.a{}',
        'assets/logo.svg': '<svg/>',
        'scripts/site.js': 'x()',
        'notes.txt': 'hello',
      }),
    );
    expect(theme.collections.get('blog')).toMatchObject({ conf: { title: 'Blog', ordering: 'chronological' }, item: undefined });
    expect(theme.collections.get('blog')!.list!.source).toContain('{title|html}');
    expect(theme.collections.get('portfolio')).toMatchObject({ conf: { viewModes: ['grid'] }, list: undefined });
    expect([...theme.blocks.keys()]).toEqual(['nav.block']);
    expect(theme.pages.get('about-us')!.conf).toEqual({ title: 'About us' });
    expect(theme.stylesheets.map((s) => s.file)).toEqual(['styles/a.css', 'styles/b.less']);
    const logo = theme.assets.get('assets/logo.svg')!;
    expect(logo.url).toMatch(/^\/assets\/logo\.[0-9a-f]{10}\.svg$/);
    expect(theme.layouts.get('default')!.source).toBe(`<img src="${logo.url}">\n`);
    expect(theme.assets.get('scripts/site.js')!.url).toMatch(/^\/assets\/scripts\/site\.[0-9a-f]{10}\.js$/);
    expect(theme.problems).toEqual([expect.objectContaining({ file: 'notes.txt', severity: 'warning' })]);
  });

  it('makes ids from names', () => {
    expect(themeIdOf('  Café Théâtre № 5 ')).toBe('cafe-theatre-no-5');
    expect(themeIdOf('***')).toBe('theme');
  });
});

describe('reading theme files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'theme-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a folder and skips dot files, refusing symbolic links', () => {
    const root = join(dir, 'theme');
    mkdirSync(join(root, 'blocks'), { recursive: true });
    writeFileSync(join(root, 'template.conf'), '{}');
    writeFileSync(join(root, 'blocks', 'a.block'), 'a');
    writeFileSync(join(root, '.DS_Store'), 'x');
    expect([...readThemeDir(root).keys()].sort()).toEqual(['blocks/a.block', 'template.conf']);
    symlinkSync('/etc/passwd', join(root, 'blocks', 'b.block'));
    expect(() => readThemeDir(root)).toThrow(ThemeFilesError);
  });

  it('reads a zip, dropping one top folder, and refuses climbing names and oversized archives', () => {
    const zip = zipSync({ 'my-theme/template.conf': Buffer.from('{}'), 'my-theme/site.region': Buffer.from('x'), 'my-theme/.git/HEAD': Buffer.from('x') });
    expect([...readThemeZip(zip).keys()].sort()).toEqual(['site.region', 'template.conf']);
    expect(() => readThemeZip(zipSync({ '../evil.region': Buffer.from('x') }))).toThrow(/not allowed/);
    expect(() => readThemeZip(zipSync({ 'a/../../b': Buffer.from('x') }))).toThrow(ThemeFilesError);
    expect(() => readThemeZip(Buffer.from('not a zip'))).toThrow('The file is not a zip archive that can be read.');
    const big = zipSync({ 'big.region': new Uint8Array(THEME_LIMITS.fileBytes + 1) }, { level: 9 });
    expect(() => readThemeZip(big)).toThrow(/larger than 2 MB/);
  });
});
