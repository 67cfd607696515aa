import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { PAGE_TEMPLATES, STYLESHEETS, THEME_PARTIALS, type Theme, type ThemeAsset } from './theme.js';

/** The theme package's folder, found through the package so it holds from source and from the compiled server. */
const ROOT = dirname(createRequire(import.meta.url).resolve('@emporium/theme-default/package.json'));

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.js': 'text/javascript; charset=utf-8',
};

function asset(name: string, body: Buffer): ThemeAsset {
  const ext = extname(name);
  const contentType = Object.hasOwn(CONTENT_TYPES, ext) ? CONTENT_TYPES[ext] : undefined;
  if (!contentType) throw new Error(`theme-default: unsupported asset type for ${name}`);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  return Object.freeze({ name, contentType, body, hash });
}

function readTextFiles(dir: string, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) out[name] = readFileSync(join(dir, name), 'utf8');
  return out;
}

/**
 * Reads the default theme from disk (templates, block partials, assets). Throws when a
 * required template or partial is missing. Call once at start and keep the result.
 */
export function loadDefaultTheme(): Theme {
  const assetsDir = join(ROOT, 'assets');
  const assets: Record<string, ThemeAsset> = {};
  for (const entry of readdirSync(assetsDir, { withFileTypes: true })) {
    if (entry.isFile()) assets[entry.name] = asset(entry.name, readFileSync(join(assetsDir, entry.name)));
  }
  const css = STYLESHEETS.map((name) => readFileSync(join(assetsDir, 'css', name), 'utf8')).join('\n');
  assets['site.css'] = asset('site.css', Buffer.from(css, 'utf8'));
  return Object.freeze({
    name: 'default',
    templates: Object.freeze(readTextFiles(join(ROOT, 'templates'), PAGE_TEMPLATES)),
    partials: Object.freeze(readTextFiles(join(ROOT, 'blocks'), THEME_PARTIALS)),
    assets: Object.freeze(assets),
  });
}
