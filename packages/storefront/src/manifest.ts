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

/** The early-action capture's key in the Vite manifest: an entry that imports nothing, loaded first (decision 0035). */
export const EARLY_ACTIONS_ENTRY = 'src/client/early-action-capture.ts';

/** One record of Vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  readonly file: string;
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

/** Manifest key of an island's chunk. */
export function islandManifestKey(name: string): string {
  return `src/islands/${name}.tsx`;
}

/** The bundle's tags in parts: the head's script and stylesheets, and the preloads with the entry script. */
export interface ClientAssetParts {
  /**
   * For the head, first: the early-action capture as an async module script, which runs as soon
   * as it arrives and holds clicks on islands until they hydrate; empty in a build without it.
   */
  readonly headScripts: string;
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
  const css = new Set<string>(entry.css ?? []);
  const preloads: string[] = [];
  const capture = manifest[EARLY_ACTIONS_ENTRY];
  // The head already loads the capture, which the entry imports: no preload link for it.
  const seen = new Set<string>(capture?.isEntry ? [CLIENT_ENTRY, EARLY_ACTIONS_ENTRY] : [CLIENT_ENTRY]);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
    preloads.push(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const i of entry.imports ?? []) visit(i);
  for (const name of new Set(islands)) visit(islandManifestKey(name));
  return {
    headScripts: capture?.isEntry ? `<script type="module" async src="${base}${capture.file}"></script>` : '',
    styles: [...css].map((f) => `<link rel="stylesheet" href="${base}${f}">`).join('\n'),
    styleFiles: [...css],
    scripts: [...preloads.map((f) => `<link rel="modulepreload" href="${base}${f}">`), `<script type="module" src="${base}${entry.file}"></script>`].join('\n'),
  };
}
