import { readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { STOREFRONT_ASSET_BASE, STOREFRONT_DIST_DIR, storefrontAssetParts, readClientManifest, type ClientAssetParts } from '@emporium/storefront';

/** The storefront browser bundle as the pages see it. */
export interface IslandAssets {
  /** True when the bundle is built: pages then render hydratable islands. */
  readonly enabled: boolean;
  /** Tags to place before `</body>` (preloads and the entry script) for the current build. */
  tags(): string;
  /**
   * The bundle's stylesheets for the head, placed before the theme's sheet so that the theme
   * wins ties: inlined in one `<style>` element, so the first paint waits for no request.
   */
  styles(): string;
  /** The script for the head, before anything else loads: the early-action capture (decision 0035). */
  headScripts(): string;
}

/** The bundle's stylesheets as one `<style>` element (the files' text, read once per build); their links when a file cannot be read. */
function inlineStyles(distDir: string, parts: ClientAssetParts): string {
  if (parts.styleFiles.length === 0) return '';
  try {
    const css = parts.styleFiles.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
    return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  } catch {
    return parts.styles; // a file the manifest names is missing: link the sheets as built
  }
}

const RECHECK_MS = 1000;

/**
 * Reads the storefront's Vite manifest; without a build, islands are off and pages use theme
 * markup. The tags follow a rebuild: the manifest is read again when its modification time
 * changes (checked at most once a second).
 */
export function loadIslandAssets(distDir: string = STOREFRONT_DIST_DIR): IslandAssets {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const mtimeOf = (): number | null => {
    try {
      return statSync(manifestPath).mtimeMs;
    } catch {
      return null;
    }
  };
  const read = (): { mtimeMs: number; parts: ClientAssetParts; styles: string } | null => {
    try {
      const mtimeMs = statSync(manifestPath).mtimeMs;
      const parts = storefrontAssetParts(readClientManifest(distDir));
      return { mtimeMs, parts, styles: inlineStyles(distDir, parts) };
    } catch {
      return null;
    }
  };
  let current = read();
  if (!current) return { enabled: false, tags: () => '', styles: () => '', headScripts: () => '' };
  let checkedAt = Date.now();
  const build = () => {
    const now = Date.now();
    if (now - checkedAt >= RECHECK_MS) {
      checkedAt = now;
      const mtime = mtimeOf();
      if (mtime !== null && mtime !== current!.mtimeMs) current = read() ?? current;
    }
    return current!;
  };
  return { enabled: true, tags: () => build().parts.scripts, styles: () => build().styles, headScripts: () => build().parts.headScripts };
}

/** Island assets with fixed tags (tests, or a bundle served from elsewhere). */
export function staticIslandAssets(enabled: boolean, tags = '', styles = '', headScripts = ''): IslandAssets {
  return { enabled, tags: () => tags, styles: () => styles, headScripts: () => headScripts };
}

/** Media types of the bundle's files by extension; anything else is not served. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const FILE = /^\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const IMMUTABLE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The media type for a served file: ours by extension, whether the body is precompressed or not. */
function islandAssetType(path: string): string | undefined {
  return TYPES[extname(path.replace(/\.(br|gz)$/, ''))];
}

/**
 * Serves the storefront bundle under `/assets/storefront/assets/{file}` with @fastify/static:
 * immutable caching (Vite puts a content hash in every file name) and the brotli or gzip copy
 * the build wrote beside each file when the browser accepts it (`Vary: Accept-Encoding`), so
 * nothing is compressed per request. Skipped when another module already serves that path.
 */
export function registerIslandAssetRoute(app: FastifyInstance, distDir: string = STOREFRONT_DIST_DIR): void {
  const prefix = `${STOREFRONT_ASSET_BASE}assets/`;
  if (app.hasRoute({ method: 'GET', url: `${prefix}*` })) return;
  void app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      const type = islandAssetType(request.url.split('?')[0]!);
      if (type && reply.statusCode < 300) reply.header('content-type', type);
      return payload;
    });
    await scope.register(fastifyStatic, {
      root: join(distDir, 'assets'),
      prefix,
      preCompressed: true,
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      maxAge: IMMUTABLE_MAX_AGE_MS,
      immutable: true,
      allowedPath: (pathName) => FILE.test(pathName) && TYPES[extname(pathName)] !== undefined,
    });
  });
}
