import { fileURLToPath } from 'node:url';
import { Engine, table } from '@emporium/template';
import { describe, expect, it } from 'vitest';
import { compileTheme, type CompiledTheme } from './compile.js';
import { readThemeDir } from './files.js';
import type { ThemeProblem } from './model.js';
import { compileStyles } from './styles.js';
import { hasErrors, readTheme } from './theme.js';
import { TWEAK_TYPES } from './tweaks.js';
import { resolveTweakValues } from './tweak-values.js';

const TEST_THEMES = fileURLToPath(new URL('../test-themes/', import.meta.url));
const PACKAGES = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A plain engine, plus a stand-in for `island`: the one formatter the server adds to the built-ins
 * (the system's templates print the storefront's islands through it).
 */
const engine = new Engine({ formatters: table({ island: { apply: (_args, vars) => vars[0]?.set('') } }) });

function compileDir(dir: string): CompiledTheme {
  return compileTheme(engine, readTheme(readThemeDir(dir)));
}

const where = (p: ThemeProblem) => `${p.file}:${p.line} ${p.message}`;
const errorsOf = (theme: CompiledTheme) => theme.problems.filter((p) => p.severity === 'error').map(where);
const warningsOf = (theme: CompiledTheme) => theme.problems.filter((p) => p.severity === 'warning').map(where);

async function stylesheetOf(theme: CompiledTheme, stored: Record<string, unknown> = {}) {
  const { source, tweaks } = theme;
  return compileStyles(source.stylesheets, {
    values: resolveTweakValues(tweaks, stored).values,
    tweaks,
    readFile: (path) => source.textFiles.get(path),
    assetUrl: (path) => source.assets.get(path)?.url,
  });
}

describe('themes that compile (test themes and the built-in themes)', () => {
  const good: [name: string, dir: string, warnings: RegExp[]][] = [
    ['minimal', `${TEST_THEMES}minimal`, []],
    [
      'everything',
      `${TEST_THEMES}everything`,
      [/^template\.conf:15 "useImageMeta" is not used by Emporium/, /^pages\/colophon\.page:4 \{squarespace\.made-up\} is not a variable Emporium knows/],
    ],
    ['magazine', `${PACKAGES}theme-magazine`, []],
    ['default', `${PACKAGES}theme-default`, []],
  ];

  it.each(good)('%s has no errors and exactly its expected warnings', (_name, dir, warnings) => {
    const theme = compileDir(dir);
    expect(errorsOf(theme)).toEqual([]);
    const found = warningsOf(theme);
    expect(found).toHaveLength(warnings.length);
    for (const pattern of warnings)
      expect(
        found.some((w) => pattern.test(w)),
        `${pattern} in ${found.join('; ')}`,
      ).toBe(true);
  });

  it.each(good)("%s's stylesheet compiles with its tweaks' defaults", async (_name, dir) => {
    const css = await stylesheetOf(compileDir(dir));
    expect(css.problems.filter((p) => p.severity === 'error').map(where)).toEqual([]);
  });
});

describe('the minimal test theme', () => {
  it('is one layout of one region, with no navigation, collection, block, page or stylesheet', () => {
    const theme = compileDir(`${TEST_THEMES}minimal`);
    expect(theme.problems).toEqual([]);
    expect([...theme.source.layouts.keys()]).toEqual(['default']);
    expect(theme.source.layouts.get('default')?.regions.map((r) => r.file)).toEqual(['site.region']);
    expect(theme.source.navigations).toEqual([]);
    expect(theme.source.collections.size + theme.source.blocks.size + theme.source.pages.size + theme.source.stylesheets.length).toBe(0);
  });

  it('renders the page around its main content, with the page id and classes on the body', () => {
    const theme = compileDir(`${TEST_THEMES}minimal`);
    const { output, errors } = engine.render(theme.layouts.get('default')!, {
      json: {
        website: { language: 'en-US' },
        render: { mainContent: '<h1>Hello</h1>', theme: { headers: '<title>Hi</title>', pageId: 'collection-1', pageClasses: 'page-type-10 layout-default' } },
      },
      partials: theme.partials,
    });
    expect(errors).toEqual([]);
    expect(output).toContain('<html lang="en-US">');
    expect(output).toContain('<title>Hi</title>');
    expect(output).toContain('<body id="collection-1" class="page-type-10 layout-default">');
    expect(output).toMatch(/<main id="main">\s*<h1>Hello<\/h1>\s*<\/main>/);
  });
});

describe('the everything test theme', () => {
  const theme = compileDir(`${TEST_THEMES}everything`);
  const source = theme.source;
  const layout = source.layouts.get('default')!;

  it('declares two layouts, naming regions with and without .region, and two navigations', () => {
    expect([...source.layouts.keys()]).toEqual(['default', 'plain']);
    expect(source.layouts.get('plain')?.regions.map((r) => r.file)).toEqual(['header.region', 'plain.region', 'footer.region']);
    expect(source.navigations.map((n) => n.name)).toEqual(['mainNav', 'footerNav']);
    expect(layout.navigations).toEqual(['mainNav', 'footerNav']);
    expect(layout.folderNavigation).toBe(true);
  });

  it('has block fields with columns and a locked layout', () => {
    expect(layout.blockFields.map(({ id, columns, lockLayout, label }) => ({ id, columns, lockLayout, label }))).toEqual([
      { id: 'intro', columns: 12, lockLayout: true, label: 'Introduction' },
      { id: 'sidebar', columns: 1, lockLayout: false, label: 'Sidebar' },
    ]);
    expect(layout.source).toContain('<div class="sqs-block-field" data-block-field="sidebar" data-columns="1">');
  });

  it('queries with every attribute, and the current collection through {collection.urlId}', () => {
    const [sidebarQuery] = layout.queries;
    expect(sidebarQuery).toMatchObject({
      collection: 'journal',
      limit: 2,
      skip: 0,
      featured: false,
      tags: ['linen', 'process'],
      categories: ['Behind the scenes'],
    });
    const list = source.collections.get('blog')?.list;
    expect(list?.queries).toEqual([expect.objectContaining({ collection: '{collection.urlId}', limit: 3, featured: true })]);
  });

  it('expands every squarespace variable, the script tag and asset URLs', () => {
    const script = source.assets.get('scripts/site.js')!;
    const mark = source.assets.get('assets/mark.svg')!;
    expect(layout.source).toContain(`<script src="${script.url}" defer></script>`);
    expect(layout.source).toContain(`src="${mark.url}"`);
    expect(layout.source).not.toMatch(/squarespace[.:-]/);
    for (const key of ['render.theme.headers', 'render.theme.pageId', 'render.theme.pageClasses', 'render.theme.cartClasses', 'render.mainContent']) {
      expect(layout.source).toContain(`{${key}}`);
    }
    expect(layout.source).toContain('{website.siteTitle|html}');
    expect(layout.source).toContain('{website.baseUrl|htmlattr}');
  });

  it('has a collection type with templates and one with a .conf only, a static page and a system partial', () => {
    const blog = source.collections.get('blog')!;
    const events = source.collections.get('events')!;
    expect(blog.conf?.title).toBe('Blog');
    expect(blog.list && blog.item).toBeTruthy();
    expect(events.conf?.ordering).toBe('calendar');
    expect(events.list ?? events.item).toBeUndefined();
    expect(theme.mains.has('events.list')).toBe(true);
    expect(source.pages.get('colophon')?.conf).toEqual({ title: 'Colophon', description: 'How this site is made.' });
    expect(source.conf.systemPartials).toContain('newsletter.block');
  });

  it('declares a tweak of every type', () => {
    expect(new Set(theme.tweaks.map((t) => t.type))).toEqual(new Set(TWEAK_TYPES));
  });

  it('compiles its LESS with the imported CSS file inlined and asset URLs hashed', async () => {
    const css = await stylesheetOf(theme, { accentColor: '#aa0000' });
    expect(css.problems).toEqual([]);
    expect(css.css).toContain('.everything-nav ul');
    expect(css.css).toContain(`url("${source.assets.get('assets/mark.svg')!.url}")`);
    expect(css.css).toContain('--color-accent: #aa0000');
  });
});

describe('the broken test theme', () => {
  it('is refused, with the error in the region where it is and on its line', () => {
    const theme = compileDir(`${TEST_THEMES}broken`);
    expect(hasErrors(theme.problems)).toBe(true);
    expect(theme.problems).toEqual([expect.objectContaining({ severity: 'error', file: 'site.region', line: 6, message: expect.stringMatching(/END/) })]);
  });
});

describe('the magazine theme', () => {
  const theme = compileDir(`${PACKAGES}theme-magazine`);
  const source = theme.source;

  it('has a layout with the sidebar field and the latest stories, and a wide one without', () => {
    const withSidebar = source.layouts.get('default')!;
    const wide = source.layouts.get('wide')!;
    expect(withSidebar.blockFields.map((f) => [f.id, f.columns])).toEqual([
      ['sidebar', 1],
      ['footer', 12],
    ]);
    expect(wide.blockFields.map((f) => f.id)).toEqual(['footer']);
    expect(withSidebar.queries).toEqual([expect.objectContaining({ collection: 'blog', limit: 3 })]);
    expect(wide.queries).toEqual([]);
    expect(source.navigations.map((n) => n.name)).toEqual(['mainNav', 'footerNav']);
  });

  it('templates the blog and leaves the other collection types to the system', () => {
    expect([...source.collections.keys()]).toEqual(['blog']);
    expect(theme.mains.has('products.item') && theme.mains.has('events.list') && theme.mains.has('gallery.list')).toBe(true);
    expect(source.pages.get('about-this-site')?.conf.title).toBe('About this site');
  });

  it('sets the system custom properties from tweaks of every type, with a colour theme of two options', async () => {
    expect(new Set(theme.tweaks.map((t) => t.type))).toEqual(new Set(TWEAK_TYPES));
    expect(theme.tweaks.find((t) => t.title === 'color-theme')?.options).toEqual(['Paper', 'Ink']);
    const css = (await stylesheetOf(theme, { headingFont: 'Sans-serif', accentColor: '#123456', sidebarWidth: '280px' })).css;
    for (const property of ['--color-bg', '--color-surface', '--color-text', '--font-body', '--font-buttons', '--font-meta', '--radius', '--container']) {
      expect(css).toContain(`${property}: `);
    }
    expect(css).toContain('--color-accent: #123456');
    expect(css).toContain('--sidebar-width: 280px');
    expect(css).toMatch(/--font-headings: "Avenir Next"/);
    expect(css).toContain('.tweak-color-theme-ink');
  });

  it('self-hosts its display face as woff2 with font-display: swap, with the licence beside it', async () => {
    const fonts = [...source.assets.values()].filter((a) => a.path.startsWith('assets/fonts/'));
    expect(fonts.map((a) => a.path).sort()).toEqual([
      'assets/fonts/OFL.txt',
      'assets/fonts/fraunces-latin-400-normal.woff2',
      'assets/fonts/fraunces-latin-700-normal.woff2',
    ]);
    expect(source.assets.get('assets/fonts/OFL.txt')?.body.toString('utf8')).toContain('SIL OPEN FONT LICENSE Version 1.1');
    const css = (await stylesheetOf(theme)).css;
    for (const font of fonts.filter((a) => a.path.endsWith('.woff2'))) expect(css).toContain(`url("${font.url}") format("woff2")`);
    expect(css.match(/font-display: swap/g)).toHaveLength(2);
  });
});
