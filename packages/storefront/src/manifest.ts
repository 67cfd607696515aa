import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** URL prefix the server serves `dist/` under (Vite's `base`). */
export const STOREFRONT_ASSET_BASE = '/assets/storefront/';

/**
 * Directory of the Vite build output, found through the package itself so that the path holds
 * whether this module runs from its source or bundled into the compiled server.
 */
export const STOREFRONT_DIST_DIR = join(dirname(createRequire(import.meta.url).resolve('@emporium/storefront/package.json')), 'dist');

/** The browser entry's key in the Vite manifest. */
export const CLIENT_ENTRY = 'src/client/main.ts';

/** One record of Vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: ReadonlyArray<string>;
  readonly dynamicImports?: ReadonlyArray<string>;
  readonly css?: ReadonlyArray<string>;
}

/** Vite manifest: source path to chunk. */
export type ClientManifest = Readonly<Record<string, ManifestChunk>>;

/** Reads the Vite manifest; throws with a hint when the islands have not been built. */
export function readClientManifest(distDir: string = STOREFRONT_DIST_DIR): ClientManifest {
  const path = join(distDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ClientManifest;
  } catch (err) {
    throw new Error(`Storefront bundle missing at ${path}: run \`npm run build -w @emporium/storefront\` (${(err as Error).message})`);
  }
}

/** The hydration module's key in the Vite manifest: the entry imports it (dynamically) on pages with islands. */
export const HYDRATE_ENTRY = 'src/client/hydrate.ts';

/** Manifest key of an island's own module. */
export function islandManifestKey(name: string): string {
  return `src/islands/${name}.tsx`;
}

/**
 * The manifest key of the chunk holding island `name`: its module's own key, or, when the bundler
 * merged the module into a chunk shared with other islands (a chunk then has no `src`), the chunk
 * the hydration module imports under the island's name.
 */
export function islandChunkKey(manifest: ClientManifest, name: string): string {
  const own = islandManifestKey(name);
  if (manifest[own]) return own;
  const shared = manifest[HYDRATE_ENTRY]?.dynamicImports?.find((key) => manifest[key]?.name === name && manifest[key]?.src === undefined);
  if (shared) return shared;
  throw new Error(`Manifest has no chunk ${own}`);
}

/** The bundle's tags in two parts: stylesheets, and the preloads with the entry script. */
export interface ClientAssetParts {
  /** `<link rel="stylesheet">` tags: for the head, before the theme's sheet, so the theme's rules win ties. */
  readonly styles: string;
  /** The same stylesheets as paths inside the build folder (for a server that inlines them). */
  readonly styleFiles: readonly string[];
  /** modulepreload tags and the entry script. */
  readonly scripts: string;
}

/**
 * The tags a page needs: CSS, modulepreload for the entry's static imports and, when the page's
 * islands are named, for their chunks too (so hydration does not wait on a waterfall), then the
 * entry script.
 */
export function clientAssetTags(manifest: ClientManifest, base: string = STOREFRONT_ASSET_BASE, islands: ReadonlyArray<string> = []): string {
  const { styles, scripts } = clientAssetParts(manifest, base, islands);
  return styles ? `${styles}\n${scripts}` : scripts;
}

/** {@link clientAssetTags} split into stylesheets and scripts. */
export function clientAssetParts(manifest: ClientManifest, base: string = STOREFRONT_ASSET_BASE, islands: ReadonlyArray<string> = []): ClientAssetParts {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`Manifest has no entry ${CLIENT_ENTRY}`);
  const entryPreloads = moduleGraph(manifest, entry.imports ?? [], new Set([CLIENT_ENTRY]));
  const islandPreloads = islandGraph(manifest, islands, entryPreloads.seen);
  const css = new Set([...(entry.css ?? []), ...entryPreloads.css, ...islandPreloads.css]);
  return {
    styles: [...css].map((f) => `<link rel="stylesheet" href="${base}${f}">`).join('\n'),
    styleFiles: [...css],
    scripts: [...modulePreloadTags([...entryPreloads.files, ...islandPreloads.files], base), `<script type="module" src="${base}${entry.file}"></script>`].join(
      '\n',
    ),
  };
}

/**
 * modulepreload tags for what hydrating `islands` loads beyond the entry and its static imports:
 * the hydration module, each island's chunk and everything they import. Placed in the page, they
 * let the browser fetch these while it parses instead of the entry inserting a link per module
 * at run time (about 0.7 ms of main thread each, in one task, on a product page's twenty). Empty
 * when the page has no island.
 */
export function islandPreloadTags(manifest: ClientManifest, islands: ReadonlyArray<string>, base: string = STOREFRONT_ASSET_BASE): string {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`Manifest has no entry ${CLIENT_ENTRY}`);
  const { seen } = moduleGraph(manifest, entry.imports ?? [], new Set([CLIENT_ENTRY]));
  return modulePreloadTags(islandGraph(manifest, islands, seen).files, base).join('\n');
}

function modulePreloadTags(files: readonly string[], base: string): string[] {
  return files.map((f) => `<link rel="modulepreload" href="${base}${f}">`);
}

/** The hydration module and the chunks of `islands`, with their static imports, minus the keys in `seen`. */
function islandGraph(manifest: ClientManifest, islands: ReadonlyArray<string>, seen: Set<string>): { files: string[]; css: string[]; seen: Set<string> } {
  if (islands.length === 0) return { files: [], css: [], seen };
  const roots = [...(manifest[HYDRATE_ENTRY] ? [HYDRATE_ENTRY] : []), ...[...new Set(islands)].map((name) => islandChunkKey(manifest, name))];
  return moduleGraph(manifest, roots, seen);
}

/** The files and stylesheets of the chunks at `roots` and everything they import statically, depth first, skipping (and adding to) `seen`. */
function moduleGraph(manifest: ClientManifest, roots: ReadonlyArray<string>, seen: Set<string>): { files: string[]; css: string[]; seen: Set<string> } {
  const files: string[] = [];
  const css: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
    files.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const root of roots) visit(root);
  return { files, css, seen };
}
