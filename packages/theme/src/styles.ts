import less from 'less';
import { setsLessVariable, type ThemeProblem, type Tweak } from './tweaks.js';
import { checkTweakValue } from './tweak-values.js';

export interface StyleSheet {
  readonly file: string;
  readonly source: string;
}

export interface CompileStylesOptions {
  /** Resolved tweak values by title (`resolveTweakValues`). */
  readonly values: Readonly<Record<string, string>>;
  readonly tweaks: readonly Tweak[];
  /** A theme file's text by its path in the theme (`styles/partials/grid.less`); the only files LESS may read. */
  readonly readFile: (path: string) => string | undefined;
  /** The public URL of a theme asset by its path (`assets/logo.svg`); asset URLs are left as written without it. */
  readonly assetUrl?: (path: string) => string | undefined;
  readonly minify?: boolean;
}

export interface CompiledStyles {
  /** Empty when `problems` holds an error. */
  css: string;
  problems: ThemeProblem[];
}

const STYLES = 'styles/';
/** The generated entry file: it imports the sheets in order, then sets the tweak variables. */
const ROOT = `${STYLES}(stylesheets)`;
const THEME_PATH = /^[A-Za-z0-9._/-]+$/;
const NOT_RELATIVE = /^(?:[a-z][a-z0-9+.-]*:|\/|\\)/i;
const REMOTE = /^(?:https?:)?\/\//i;
const AT_IMPORT = /@(import|plugin)(?![\w-])/iy;
const URL_OPEN = /url\(/iy;
const IMPORT_STATEMENT = /^@(import|plugin)(\s*)(?:\(([^)]*)\))?(\s*)(?:(["'])(.*?)\5|url\(\s*(["']?)(.*?)\7\s*\))/is;
const ASSET_URL = /url\(\s*(["']?)(?:\.\.\/|\/)(assets\/[A-Za-z0-9._/-]+)([?#][^"')\s]*)?\1\s*\)/g;

const MESSAGES = Object.freeze({
  plugin: '@plugin is not allowed: themes cannot run code on the server',
  openComment: 'this comment is never closed (*/ is missing)',
  imageSize: 'image-size(), image-width() and image-height() cannot read theme files',
  remote: (url: string) => `@import of the remote stylesheet "${url}" is dropped: sites load only their own styles`,
  notRelative: (name: string) => `"${name}" is not a path inside the theme's styles/ folder`,
  outside: (name: string) => `"${name}" leaves the theme's styles/ folder`,
  missing: (name: string, path: string) => `"${name}" is not in the theme (looked for ${path})`,
  sheetOutside: (file: string) => `stylesheet "${file}" is not a file of styles/`,
  refusedValue: (title: string) => `style setting "${title}" has a value its tweak does not take; the theme's own value is used`,
  override: (title: string, message: string) => `style setting "${title}" could not be applied: ${message}`,
  missingAsset: (url: string) => `"${url}" is not a file of the theme's assets/ folder`,
});

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) line++;
  return line;
}

function columnAt(source: string, offset: number): number {
  return offset - source.lastIndexOf('\n', offset - 1);
}

function stringEnd(source: string, at: number): number {
  const quote = source[at];
  for (let i = at + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote || source[i] === '\n') return i + 1;
  }
  return source.length;
}

function parenEnd(source: string, at: number): number {
  const end = source.indexOf(')', at);
  return end === -1 ? source.length : end + 1;
}

/** Where the statement starting at `at` ends: after its `;`, or before a brace that ends it early. */
function statementEnd(source: string, at: number): number {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    const ch = source[i];
    URL_OPEN.lastIndex = i;
    if (ch === '"' || ch === "'") i = stringEnd(source, i) - 1;
    else if (URL_OPEN.test(source)) i = parenEnd(source, i) - 1;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth <= 0 && ch === ';') return i + 1;
    else if (depth <= 0 && (ch === '{' || ch === '}')) return i;
  }
  return source.length;
}

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/**
 * One `@import`/`@plugin` statement as the theme may have it: `@plugin` and remote imports are blanked
 * (keeping line numbers) with a problem; every other import is compiled as LESS, so a `.css` file is
 * inlined and its own imports pass these same checks.
 */
function rewriteStatement(statement: string, report: (message: string, severity: ThemeProblem['severity']) => void): string {
  const m = IMPORT_STATEMENT.exec(statement);
  if (m?.[1]?.toLowerCase() === 'plugin' || (!m && /^@plugin/i.test(statement))) {
    report(MESSAGES.plugin, 'error');
    return blank(statement);
  }
  if (!m) return statement;
  const target = m[6] ?? m[8] ?? '';
  if (REMOTE.test(target)) {
    report(MESSAGES.remote(target), 'warning');
    return blank(statement);
  }
  const given = (m[3] ?? '')
    .split(',')
    .map((o) => o.trim().toLowerCase())
    .filter(Boolean);
  const options = given.filter((o) => o !== 'css' && o !== 'inline' && o !== 'less');
  if (given.length === options.length && !/\.css(?:[?#].*)?$/i.test(target)) return statement;
  const head = `@${m[1]}${m[2]}${m[3] === undefined ? '' : `(${m[3]})`}${m[4]}`;
  const lines = '\n'.repeat(head.split('\n').length - 1);
  return `@import (${[...options, 'less'].join(', ')}) ${statement.slice(head.length)}${lines}`;
}

function rewriteImports(file: string, source: string, problems: ThemeProblem[]): string {
  let out = '';
  let copied = 0;
  let i = 0;
  const past = (token: string, from: number, keep: number) => {
    const at = source.indexOf(token, from);
    return at === -1 ? source.length : at + keep;
  };
  while (i < source.length) {
    const ch = source[i];
    const next = source[i + 1];
    URL_OPEN.lastIndex = i;
    AT_IMPORT.lastIndex = i;
    if (ch === '/' && next === '/') i = past('\n', i, 0);
    else if (ch === '/' && next === '*') {
      if (source.indexOf('*/', i + 2) === -1) {
        // less 4 never returns from some values with an open comment (`@a: b /* ;`): refuse before it parses.
        problems.push({ file, line: lineAt(source, i), column: columnAt(source, i), severity: 'error', message: MESSAGES.openComment });
        return blank(source);
      }
      i = past('*/', i + 2, 2);
    } else if (ch === '"' || ch === "'") i = stringEnd(source, i);
    else if (URL_OPEN.test(source)) i = parenEnd(source, i);
    else if (AT_IMPORT.test(source)) {
      const end = statementEnd(source, i);
      const at = i;
      const report = (message: string, severity: ThemeProblem['severity']) =>
        problems.push({ file, line: lineAt(source, at), column: columnAt(source, at), message, severity });
      out += source.slice(copied, i) + rewriteStatement(source.slice(i, end), report);
      copied = i = end;
    } else i++;
  }
  return out + source.slice(copied);
}

type Loaded = { filename: string; contents: string } | { error: { type: 'File'; message: string } };

/**
 * The only way LESS reads a file here: a path relative to the importing file (imports) or to `styles/`
 * (`data-uri()`), inside `styles/`, through the stylesheets given or `readFile`. Never the disk or network.
 */
function themeFileLoader(sheets: ReadonlyMap<string, string>, readFile: (path: string) => string | undefined, opened: Map<string, string>) {
  return (filename: string, directory: string, ext: string | undefined): Loaded => {
    const refuse = (message: string): Loaded => ({ error: { type: 'File', message } });
    const name = filename.replace(/[?#].*$/s, '');
    if (NOT_RELATIVE.test(name) || NOT_RELATIVE.test(directory)) return refuse(MESSAGES.notRelative(filename));
    const segments = `${directory}${name}`.split('/');
    if (segments.includes('..')) return refuse(MESSAGES.outside(filename));
    let path = segments.filter((s) => s !== '' && s !== '.').join('/');
    if (ext && !/\.[A-Za-z0-9]+$/.test(segments.at(-1) ?? '')) path += ext;
    if (!THEME_PATH.test(path) || !path.startsWith(STYLES)) return refuse(MESSAGES.notRelative(filename));
    let contents: string | undefined;
    try {
      contents = sheets.get(path) ?? readFile(path);
    } catch {
      contents = undefined;
    }
    if (contents === undefined) return refuse(MESSAGES.missing(filename, path));
    opened.set(path, contents);
    return { filename: path, contents };
  };
}

function themeFilesPlugin(load: ReturnType<typeof themeFileLoader>, problems: ThemeProblem[]): Less.Plugin {
  class ThemeFileManager extends less.FileManager {
    override supports(): boolean {
      return true;
    }

    override supportsSync(): boolean {
      return true;
    }

    override loadFile(filename: string, directory: string, options: Less.LoadFileOptions): Promise<Less.FileLoadResult> {
      // `@plugin` loads come through here too, asking for JavaScript: refused before any lookup.
      if ((options as { mime?: string }).mime === 'application/javascript') return Promise.reject({ type: 'File', message: MESSAGES.plugin });
      const result = load(filename, directory, options.ext);
      return 'error' in result ? Promise.reject(result.error) : Promise.resolve(result);
    }

    override loadFileSync(filename: string, directory: string, options: Less.LoadFileOptions): Less.FileLoadResult {
      // data-uri() asks for a raw buffer; image-size() and friends do not, and would read the returned path from disk.
      if (!options.rawBuffer) throw { type: 'File', message: MESSAGES.imageSize };
      const result = load(filename, directory, undefined);
      if ('error' in result) throw result.error;
      return result;
    }
  }
  return {
    install(_less, pluginManager) {
      pluginManager.addFileManager(new ThemeFileManager());
      pluginManager.addPreProcessor({
        process: (source, extra) => (extra.fileInfo.filename === ROOT ? source : rewriteImports(extra.fileInfo.filename, source, problems)),
      });
    },
  };
}

interface Override {
  tweak: Tweak;
  declaration: string;
}

function tweakOverrides(tweaks: readonly Tweak[], values: Readonly<Record<string, string>>, problems: ThemeProblem[]): Override[] {
  const overrides: Override[] = [];
  for (const tweak of tweaks) {
    if (!setsLessVariable(tweak) || tweak.variable === undefined || !Object.hasOwn(values, tweak.title)) continue;
    const value = values[tweak.title] as string;
    // The theme's own default is its author's LESS (`darken(@accent, 10%)`); anything else must be a valid owner value.
    if (value !== tweak.default && !checkTweakValue(tweak, value).ok) {
      problems.push({ file: tweak.file, line: tweak.line, column: 1, severity: 'warning', message: MESSAGES.refusedValue(tweak.title) });
      continue;
    }
    overrides.push({ tweak, declaration: `@${tweak.variable}: ${value};` });
  }
  return overrides;
}

function errorProblem(error: unknown, sheets: readonly StyleSheet[], overrides: readonly Override[]): ThemeProblem {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Partial<Less.RenderError>;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const line = typeof e.line === 'number' ? e.line : 1;
  const column = typeof e.column === 'number' ? e.column + 1 : 1;
  const override = e.filename === ROOT ? overrides[line - sheets.length - 1] : undefined;
  if (override)
    return { file: override.tweak.file, line: override.tweak.line, column: 1, severity: 'error', message: MESSAGES.override(override.tweak.title, message) };
  if (typeof e.filename !== 'string' || e.filename === ROOT) return { file: sheets[0]?.file ?? STYLES, line: 1, column: 1, severity: 'error', message };
  return { file: e.filename, line, column, severity: 'error', message };
}

function rewriteAssetUrls(css: string, assetUrl: (path: string) => string | undefined, sources: ReadonlyMap<string, string>, problems: ThemeProblem[]): string {
  const missing = new Set<string>();
  const out = css.replace(ASSET_URL, (whole, quote: string, path: string, suffix: string | undefined) => {
    const url = assetUrl(path);
    if (url === undefined) {
      missing.add(path);
      return whole;
    }
    return `url(${quote}${url}${suffix ?? ''}${quote})`;
  });
  for (const path of missing) {
    const [file, source] = [...sources].find(([, text]) => text.includes(path)) ?? [...sources][0] ?? [STYLES, ''];
    const found = source.indexOf(path);
    const at = found <= 0 ? 0 : found - (source.startsWith('../', found - 3) ? 3 : source[found - 1] === '/' ? 1 : 0);
    problems.push({ file, line: lineAt(source, at), column: columnAt(source, at), severity: 'warning', message: MESSAGES.missingAsset(`/${path}`) });
  }
  return out;
}

/**
 * A theme's stylesheet: the sheets compiled as one LESS unit in order (a variable of one is visible in the
 * next), with the tweak values set on their variables. Imports and `data-uri()` read only theme files through
 * `readFile`; `@plugin`, inline JavaScript and remote imports are refused. Asset URLs (`/assets/x.svg`,
 * `../assets/x.svg`) become `assetUrl`'s. Never throws: a LESS error is a problem at its sheet and line.
 */
export async function compileStyles(sheets: readonly StyleSheet[], options: CompileStylesOptions): Promise<CompiledStyles> {
  const problems: ThemeProblem[] = [];
  const bySheet = new Map<string, string>();
  for (const sheet of sheets) {
    if (sheet.file.startsWith(STYLES) && THEME_PATH.test(sheet.file) && !sheet.file.split('/').includes('..')) bySheet.set(sheet.file, sheet.source);
    else problems.push({ file: sheet.file, line: 1, column: 1, severity: 'error', message: MESSAGES.sheetOutside(sheet.file) });
  }
  if (problems.length > 0) return { css: '', problems };

  const opened = new Map<string, string>(bySheet);
  const overrides = tweakOverrides(options.tweaks, options.values, problems);
  const root = [
    ...sheets.map((s) => `@import ${/\.css$/i.test(s.file) ? '(less) ' : ''}${JSON.stringify(s.file.slice(STYLES.length))};`),
    ...overrides.map((o) => o.declaration),
  ].join('\n');
  const renderOptions: Less.Options & { disablePluginRule: boolean } = {
    filename: ROOT,
    plugins: [themeFilesPlugin(themeFileLoader(bySheet, options.readFile, opened), problems)],
    javascriptEnabled: false,
    disablePluginRule: true,
    rewriteUrls: 'off',
    compress: options.minify === true,
  };

  let css: string;
  try {
    css = (await less.render(root, renderOptions)).css;
  } catch (error) {
    return { css: '', problems: [...problems, errorProblem(error, sheets, overrides)] };
  }
  if (problems.some((p) => p.severity === 'error')) return { css: '', problems };
  if (options.assetUrl) css = rewriteAssetUrls(css, options.assetUrl, opened, problems);
  return { css, problems };
}

export interface StyleCache {
  get(key: string): string | undefined;
  set(key: string, css: string): void;
  /** The cached CSS, else `compile`'s, shared by every caller asking for the key while it runs. A failed compile is not cached. */
  compileOnce(key: string, compile: () => Promise<string>): Promise<string>;
}

/**
 * Compiled stylesheets by key (the caller's: theme version and a hash of the values), least recently used
 * first out once the CSS passes `maxBytes` (UTF-8). A stylesheet larger than the whole cache is not kept.
 */
export function createStyleCache(maxBytes: number): StyleCache {
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) throw new RangeError('maxBytes must be a positive whole number of bytes');
  const entries = new Map<string, { css: string; bytes: number }>();
  const running = new Map<string, Promise<string>>();
  let total = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
  };
  const cache: StyleCache = {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.css;
    },
    set(key, css) {
      remove(key);
      const bytes = Buffer.byteLength(css, 'utf8');
      if (bytes > maxBytes) return;
      entries.set(key, { css, bytes });
      total += bytes;
      for (const oldest of entries.keys()) {
        if (total <= maxBytes) break;
        remove(oldest);
      }
    },
    compileOnce(key, compile) {
      const hit = cache.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const pending = running.get(key);
      if (pending) return pending;
      const started = Promise.resolve()
        .then(compile)
        .then((css) => {
          cache.set(key, css);
          return css;
        })
        .finally(() => {
          if (running.get(key) === started) running.delete(key);
        });
      running.set(key, started);
      return started;
    },
  };
  return cache;
}
