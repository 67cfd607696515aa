import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type CompileStylesOptions, compileStyles, createStyleCache, type StyleSheet } from './styles.js';
import { collectTweaks } from './tweaks.js';
import { resolveTweakValues } from './tweak-values.js';

const squash = (css: string) => css.replace(/\s+/g, ' ').trim();

function files(entries: Record<string, string>) {
  const asked: string[] = [];
  const readFile = (path: string) => {
    asked.push(path);
    return Object.hasOwn(entries, path) ? entries[path] : undefined;
  };
  return { readFile, asked };
}

function compile(sheets: StyleSheet[], options: Partial<CompileStylesOptions> = {}) {
  return compileStyles(sheets, { values: {}, tweaks: [], readFile: () => undefined, ...options });
}

const sheet = (file: string, source: string): StyleSheet => ({ file, source });

describe('compileStyles: one LESS unit', () => {
  it('compiles the sheets in order, a variable of the first visible in the next', async () => {
    const out = await compile([
      sheet('styles/a.less', '@accent: #123456;\n.a { color: @accent; }'),
      sheet('styles/b.less', '.b { color: darken(@accent, 10%); }'),
    ]);
    expect(out.problems).toEqual([]);
    expect(squash(out.css)).toBe('.a { color: #123456; } .b { color: #091a2c; }');
  });

  it('compiles a .css stylesheet as well', async () => {
    const out = await compile([sheet('styles/a.less', '@w: 2px;'), sheet('styles/plain.css', '.p { border: 1px solid red; }')]);
    expect(squash(out.css)).toBe('.p { border: 1px solid red; }');
  });

  it('minifies when asked', async () => {
    const out = await compile([sheet('styles/a.less', '.a {\n  color: red;\n  margin: 0 auto;\n}\n')], { minify: true });
    expect(out.css.trim()).toBe('.a{color:red;margin:0 auto}');
  });

  it('keeps concurrent compiles of different themes apart', async () => {
    const [one, two] = await Promise.all(
      ['red', 'blue'].map((color) =>
        compile([sheet('styles/a.less', '@import "x";')], { readFile: files({ 'styles/x.less': `.x { color: ${color}; }` }).readFile }),
      ),
    );
    expect(squash(one?.css ?? '')).toBe('.x { color: red; }');
    expect(squash(two?.css ?? '')).toBe('.x { color: blue; }');
  });

  it('compiles nothing to nothing', async () => {
    expect(await compile([])).toEqual({ css: '', problems: [] });
  });

  it('refuses a stylesheet outside styles/', async () => {
    const out = await compile([sheet('assets/x.less', '.a { b: c; }')]);
    expect(out).toEqual({
      css: '',
      problems: [{ file: 'assets/x.less', line: 1, column: 1, severity: 'error', message: 'stylesheet "assets/x.less" is not a file of styles/' }],
    });
  });
});

describe('compileStyles: tweak values', () => {
  const source = [
    '// tweak: { "type": "color", "title": "Accent" }',
    '@accent: #24513d;',
    '// tweak: { "type": "color", "title": "accentHover" }',
    '@accentHover: darken(@accent, 10%);',
    '// tweak: { "type": "value", "title": "baseFontSize", "min": 12, "max": 24, "step": 1 }',
    '@baseFontSize: 16px;',
    '// tweak: { "type": "font", "title": "bodyFont" }',
    '@bodyFont: Georgia, serif;',
    '// tweak: { "type": "dropdown", "title": "layout", "options": ["Left", "Centered"] }',
    '@layout: Left;',
    '.a { color: @accent; background: @accentHover; font-size: @baseFontSize; font-family: @bodyFont; order: @layout; }',
  ].join('\n');
  const sheets = [sheet('styles/base.less', source)];
  const { tweaks } = collectTweaks(sheets);

  it('keeps the theme values when the site has set none', async () => {
    const { values } = resolveTweakValues(tweaks, {});
    const out = await compile(sheets, { tweaks, values });
    expect(out.problems).toEqual([]);
    expect(squash(out.css)).toBe('.a { color: #24513d; background: #142e22; font-size: 16px; font-family: Georgia, serif; order: Left; }');
  });

  it('sets color, value and font tweaks on their variables (named by the declaration, not the title); later uses see them', async () => {
    const { values } = resolveTweakValues(tweaks, { Accent: '#ff0000', baseFontSize: 20, bodyFont: '"Helvetica Neue", Arial', layout: 'Centered' });
    const out = await compile(sheets, { tweaks, values });
    expect(out.problems).toEqual([]);
    expect(squash(out.css)).toBe('.a { color: #ff0000; background: #cc0000; font-size: 20px; font-family: "Helvetica Neue", Arial; order: Left; }');
  });

  it('sets a variable a later stylesheet uses', async () => {
    const { values } = resolveTweakValues(tweaks, { Accent: 'rgb(36 81 61 / 50%)' });
    const out = await compile([...sheets, sheet('styles/more.less', '.b { border-color: @accent; }')], { tweaks, values });
    expect(squash(out.css)).toContain('.b { border-color: rgba(36, 81, 61, 0.5); }');
  });

  it.each([
    ['Accent', 'red; } body { display: none'],
    ['Accent', 'red;\n}\n@import (css) url(https://evil.example/x.css);\n.x{'],
    ['bodyFont', 'Arial; } body { background: url(https://evil.example/x.png)'],
    ['bodyFont', 'Arial /* '],
    ['baseFontSize', '16px; } * { display: none'],
    ['baseFontSize', '999px'],
  ])('does not splice a %s value the tweak does not take: %j', async (title, value) => {
    const out = await compile(sheets, { tweaks, values: { [title]: value } });
    expect(out.css).not.toContain('evil');
    expect(out.css).not.toContain('display: none');
    expect(out.css).not.toContain('999px');
    expect(out.css).toContain('.a {');
    const declared = tweaks.find((t) => t.title === title);
    expect(out.problems).toEqual([
      {
        file: 'styles/base.less',
        line: declared?.line,
        column: 1,
        severity: 'warning',
        message: `style setting "${title}" has a value its tweak does not take; the theme's own value is used`,
      },
    ]);
  });

  it('reports a broken theme default at its tweak', async () => {
    const broken = [sheet('styles/base.less', '\n// tweak: { "type": "color", "title": "c", "default": "darken(#fff" }\n@c: red;\n.a { color: @c; }')];
    const found = collectTweaks(broken);
    const out = await compile(broken, { tweaks: found.tweaks, values: resolveTweakValues(found.tweaks, {}).values });
    expect(out.css).toBe('');
    expect(out.problems).toMatchObject([{ file: 'styles/base.less', line: 2, severity: 'error' }]);
    expect(out.problems[0]?.message).toMatch(/^style setting "c" could not be applied: /);
  });
});

describe('compileStyles: imports', () => {
  it('reads .less imports through readFile, relative to the importing file, adding .less', async () => {
    const { readFile, asked } = files({
      'styles/mixins.less': '.m() { margin: 0; }\n@import "parts/grid";',
      'styles/parts/grid.less': '.grid { display: grid; }',
    });
    const out = await compile([sheet('styles/a.less', '@import "mixins.less";\n.a { .m(); }')], { readFile });
    expect(out.problems).toEqual([]);
    expect(squash(out.css)).toBe('.grid { display: grid; } .a { margin: 0; }');
    expect(asked).toEqual(['styles/mixins.less', 'styles/parts/grid.less']);
  });

  it.each([
    ['@import "reset.css";'],
    ['@import url("reset.css");'],
    ["@import (css) 'reset.css';"],
    ['@import (inline) "reset.css";'],
    ['@import (reference, css) "reset.css";\n.a { &:extend(.r); }'],
  ])('inlines a CSS import: %s', async (statement) => {
    const { readFile } = files({ 'styles/reset.css': '.r { margin: 0; }' });
    const out = await compile([sheet('styles/a.less', statement)], { readFile });
    expect(out.problems).toEqual([]);
    expect(out.css).not.toContain('@import');
    expect(out.css).toMatch(/^\.[ra]\b[^{]*\{\s+margin: 0;/);
  });

  it('checks the imports of an inlined CSS file too', async () => {
    const { readFile } = files({ 'styles/a.css': '@import url(https://fonts.example/x.css);\n.a { b: c; }' });
    const out = await compile([sheet('styles/main.less', '@import (inline) "a.css";')], { readFile });
    expect(out.css).not.toContain('fonts.example');
    expect(out.problems).toMatchObject([{ file: 'styles/a.css', line: 1, severity: 'warning' }]);
  });

  it.each([
    ['@import url(https://fonts.googleapis.com/css?family=Lato);', 'https://fonts.googleapis.com/css?family=Lato'],
    ['@import url("//fonts.example/x.css") screen;', '//fonts.example/x.css'],
    ["@import 'http://cdn.example/x.less';", 'http://cdn.example/x.less'],
    ['@import (less) "https://cdn.example/x.css";', 'https://cdn.example/x.css'],
  ])('drops a remote import with a warning: %s', async (statement, url) => {
    const { readFile, asked } = files({});
    const out = await compile([sheet('styles/a.less', `.a { b: c; }\n${statement}\n.d { e: f; }`)], { readFile });
    expect(squash(out.css)).toBe('.a { b: c; } .d { e: f; }');
    expect(out.problems).toEqual([
      {
        file: 'styles/a.less',
        line: 2,
        column: 1,
        severity: 'warning',
        message: `@import of the remote stylesheet "${url}" is dropped: sites load only their own styles`,
      },
    ]);
    expect(asked).toEqual([]);
  });

  it('leaves imports in comments and strings alone', async () => {
    const out = await compile([
      sheet('styles/a.less', '// @import "x.css";\n/* @import "y.css"; */\n.a { content: "@import \'z.css\';"; b: url(//x.example/@import.png); }'),
    ]);
    expect(out.problems).toEqual([]);
    expect(out.css).toContain('content: "@import \'z.css\';"');
  });

  it.each([
    ['"../secret.less"', '"../secret.less" leaves the theme\'s styles/ folder'],
    ['"parts/../../template.conf"', '"parts/../../template.conf" leaves the theme\'s styles/ folder'],
    ['"/etc/passwd"', '"/etc/passwd" is not a path inside the theme\'s styles/ folder'],
    ['"file:///etc/passwd"', '"file:///etc/passwd" is not a path inside the theme\'s styles/ folder'],
    ['"C:/Windows/win.ini"', '"C:/Windows/win.ini" is not a path inside the theme\'s styles/ folder'],
    ['"missing.less"', '"missing.less" is not in the theme (looked for styles/missing.less)'],
    ['"@{where}.less"', '"/etc.less" is not a path inside the theme\'s styles/ folder'],
  ])('refuses @import %s at its file and line', async (target, message) => {
    const { readFile, asked } = files({ 'styles/ok.less': '' });
    const out = await compile([sheet('styles/ok.less', ''), sheet('styles/b.less', `@where: "/etc";\n.a { b: c; }\n@import ${target};`)], { readFile });
    expect(out).toEqual({ css: '', problems: [{ file: 'styles/b.less', line: 3, column: 1, severity: 'error', message }] });
    expect(asked.every((p) => p.startsWith('styles/') && !p.includes('..'))).toBe(true);
  });
});

describe('compileStyles: no disk, no code', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-styles-'));
  const secretFile = join(dir, 'secret.svg');
  writeFileSync(secretFile, '<svg>TOP-SECRET</svg>');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('data-uri() embeds a theme file read through readFile', async () => {
    const { readFile, asked } = files({ 'styles/icons/dot.svg': '<svg/>' });
    const out = await compile([sheet('styles/a.less', '.a { background: data-uri("icons/dot.svg"); }')], { readFile });
    expect(out.problems).toEqual([]);
    expect(out.css).toContain('url("data:image/svg+xml,%3Csvg%2F%3E")');
    expect(asked).toEqual(['styles/icons/dot.svg']);
  });

  it.each([
    [secretFile, `"${secretFile}" is not a path inside the theme's styles/ folder`],
    ['../../../../../../../../..' + secretFile, `"../../../../../../../../..${secretFile}" leaves the theme's styles/ folder`],
    ['secret.svg', '"secret.svg" is not in the theme (looked for styles/secret.svg)'],
  ])('data-uri() does not read %s from disk', async (path, message) => {
    const out = await compile([sheet('styles/a.less', `.x { y: z; }\n.a { background: data-uri("${path}"); }`)]);
    expect(out.css).toBe('');
    expect(out.problems).toEqual([
      { file: 'styles/a.less', line: 2, column: 18, severity: 'error', message: `Error evaluating function \`data-uri\`: ${message}` },
    ]);
  });

  it('image-size() cannot read files, even theme files', async () => {
    const { readFile } = files({ 'styles/dot.png': 'x' });
    const out = await compile([sheet('styles/a.less', `.a { width: image-width("${secretFile}"); height: image-height("dot.png"); }`)], { readFile });
    expect(out.css).toBe('');
    expect(out.problems).toMatchObject([{ file: 'styles/a.less', line: 1, severity: 'error' }]);
    expect(out.problems[0]?.message).toContain('cannot read theme files');
  });

  it.each([
    ['in a stylesheet', { 'styles/evil.js': 'globalThis.__emporiumPwned = true;' }, '@plugin "evil.js";\n.a { b: c; }', 'styles/a.less'],
    ['in an imported file', { 'styles/evil.js': 'globalThis.__emporiumPwned = true;', 'styles/p.less': '\n@plugin "evil";' }, '@import "p";', 'styles/p.less'],
  ])('@plugin %s is refused and never run', async (_where, theme, source, file) => {
    const { readFile, asked } = files(theme);
    const out = await compile([sheet('styles/a.less', source)], { readFile });
    expect(out.css).toBe('');
    expect(out.problems).toContainEqual(
      expect.objectContaining({ file, severity: 'error', message: '@plugin is not allowed: themes cannot run code on the server' }),
    );
    expect((globalThis as { __emporiumPwned?: boolean }).__emporiumPwned).toBeUndefined();
    expect(asked).not.toContain('styles/evil.js');
  });

  it('refuses inline JavaScript', async () => {
    const out = await compile([sheet('styles/a.less', '.a {\n  width: `process.exit(1)`;\n}')]);
    expect(out.css).toBe('');
    expect(out.problems).toMatchObject([{ file: 'styles/a.less', line: 2, severity: 'error' }]);
    expect(out.problems[0]?.message).toMatch(/JavaScript is not enabled/);
  });
});

describe('compileStyles: errors at their sheet and line', () => {
  it.each([
    ['styles/a.less', '.a { b: c; }\n@font: a /* b */ /* ;\n'],
    ['styles/parts/x.less', '.x {\n  --y: a /* ;\n}'],
  ])('refuses a comment that is never closed in %s (less would never return)', async (file, source) => {
    const { readFile } = files({ 'styles/parts/x.less': source });
    const out = await compile([sheet('styles/a.less', file === 'styles/a.less' ? source : '@import "parts/x";')], { readFile });
    expect(out).toEqual({
      css: '',
      problems: [{ file, line: 2, column: file === 'styles/a.less' ? 18 : 10, severity: 'error', message: 'this comment is never closed (*/ is missing)' }],
    });
  });

  it('maps an error in the second sheet to that sheet', async () => {
    const out = await compile([sheet('styles/a.less', '.a { b: c; }\n'), sheet('styles/b.less', '.b {\n  c: d;\n  color: @undefinedThing;\n}\n')]);
    expect(out).toEqual({
      css: '',
      problems: [{ file: 'styles/b.less', line: 3, column: 10, severity: 'error', message: 'variable @undefinedThing is undefined' }],
    });
  });

  it('maps a syntax error', async () => {
    const out = await compile([sheet('styles/a.less', '.a { b: c; }\n\n.b { c: d; }}\n')]);
    expect(out.css).toBe('');
    expect(out.problems).toMatchObject([{ file: 'styles/a.less', line: 3, severity: 'error' }]);
  });

  it('maps an error in an imported file to that file', async () => {
    const { readFile } = files({ 'styles/parts/x.less': '.x {\n  y: @nope;\n}' });
    const out = await compile([sheet('styles/a.less', '@import "parts/x";')], { readFile });
    expect(out.css).toBe('');
    expect(out.problems).toMatchObject([{ file: 'styles/parts/x.less', line: 2, severity: 'error' }]);
  });
});

describe('compileStyles: asset URLs', () => {
  const assets: Record<string, string> = { 'assets/logo.svg': '/assets/logo.1a2b3c4d5e.svg', 'assets/fonts/a.woff2': '/assets/fonts/a.9f8e7d6c5b.woff2' };
  const assetUrl = (path: string) => assets[path];

  it('rewrites /assets/ and ../assets/ URLs to the hashed ones, keeping quotes and fragments', async () => {
    const out = await compile(
      [
        sheet(
          'styles/a.less',
          '.a { background: url(/assets/logo.svg); }\n.b { background: url("../assets/logo.svg"); }\n@font-face { src: url(\'/assets/fonts/a.woff2?#iefix\'); }\n.c { background: url(/images/x.png); }',
        ),
      ],
      { assetUrl },
    );
    expect(out.problems).toEqual([]);
    expect(squash(out.css)).toBe(
      '.a { background: url(/assets/logo.1a2b3c4d5e.svg); } .b { background: url("/assets/logo.1a2b3c4d5e.svg"); } @font-face { src: url(\'/assets/fonts/a.9f8e7d6c5b.woff2?#iefix\'); } .c { background: url(/images/x.png); }',
    );
  });

  it('warns about an asset the theme does not have, where it is named', async () => {
    const out = await compile([sheet('styles/a.less', '.a { b: c; }\n.d { background: url(/assets/missing.png); }')], { assetUrl });
    expect(out.css).toContain('url(/assets/missing.png)');
    expect(out.problems).toEqual([
      { file: 'styles/a.less', line: 2, column: 22, severity: 'warning', message: '"/assets/missing.png" is not a file of the theme\'s assets/ folder' },
    ]);
  });

  it('leaves URLs as written without assetUrl', async () => {
    const out = await compile([sheet('styles/a.less', '.a { background: url(/assets/logo.svg); }')]);
    expect(out.css).toContain('url(/assets/logo.svg)');
  });
});

describe('createStyleCache', () => {
  it('returns what was set', () => {
    const cache = createStyleCache(100);
    cache.set('v1:a', '.a{}');
    expect(cache.get('v1:a')).toBe('.a{}');
    expect(cache.get('v1:b')).toBeUndefined();
  });

  it('evicts the least recently used entries once the CSS passes maxBytes', () => {
    const cache = createStyleCache(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
  });

  it('counts UTF-8 bytes, not characters', () => {
    const cache = createStyleCache(6);
    cache.set('a', 'ééé');
    cache.set('b', 'x');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('x');
  });

  it('replacing an entry frees its old size', () => {
    const cache = createStyleCache(8);
    cache.set('a', '12345678');
    cache.set('a', '1');
    cache.set('b', '1234567');
    expect(cache.get('a')).toBe('1');
    expect(cache.get('b')).toBe('1234567');
  });

  it('does not keep a stylesheet larger than the cache', () => {
    const cache = createStyleCache(4);
    cache.set('a', 'aa');
    cache.set('big', '12345');
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('a')).toBe('aa');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses maxBytes %s', (maxBytes) => {
    expect(() => createStyleCache(maxBytes)).toThrow(RangeError);
  });

  it('runs one compile for concurrent callers and caches its result', async () => {
    const cache = createStyleCache(1000);
    let finish: (css: string) => void = () => {};
    const compileFn = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = cache.compileOnce('k', compileFn);
    const second = cache.compileOnce('k', compileFn);
    await Promise.resolve();
    finish('.k{}');
    expect(await Promise.all([first, second])).toEqual(['.k{}', '.k{}']);
    expect(await cache.compileOnce('k', compileFn)).toBe('.k{}');
    expect(compileFn).toHaveBeenCalledTimes(1);
    expect(cache.get('k')).toBe('.k{}');
  });

  it('runs separate compiles for separate keys', async () => {
    const cache = createStyleCache(1000);
    const compileFn = vi.fn(async () => 'x');
    await Promise.all([cache.compileOnce('a', compileFn), cache.compileOnce('b', compileFn)]);
    expect(compileFn).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failed compile; the next caller compiles again', async () => {
    const cache = createStyleCache(1000);
    const failing = vi.fn(async (): Promise<string> => {
      throw new Error('boom');
    });
    await expect(Promise.all([cache.compileOnce('k', failing), cache.compileOnce('k', failing)])).rejects.toThrow('boom');
    expect(failing).toHaveBeenCalledTimes(1);
    const throwing = () => {
      throw new Error('sync boom');
    };
    await expect(cache.compileOnce('k', throwing)).rejects.toThrow('sync boom');
    expect(await cache.compileOnce('k', async () => '.ok{}')).toBe('.ok{}');
    expect(cache.get('k')).toBe('.ok{}');
  });

  it('shares a real stylesheet compile', async () => {
    const cache = createStyleCache(10_000);
    const compileFn = vi.fn(async () => (await compile([sheet('styles/a.less', '@c: red;\n.a { color: @c; }')])).css);
    const results = await Promise.all([1, 2, 3].map(() => cache.compileOnce('theme-v1:hash', compileFn)));
    expect(new Set(results).size).toBe(1);
    expect(squash(results[0] ?? '')).toBe('.a { color: red; }');
    expect(compileFn).toHaveBeenCalledTimes(1);
  });
});
