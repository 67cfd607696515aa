import { type CatalogFont, type FontFile, loadFontFiles } from '@emporium/theme';

/** Where the curated fonts are served, on every origin (sites and the dashboard). */
export const FONT_PATH_PREFIX = '/static/fonts/';
/** Where the dashboard's origin serves the same files (it answers only dashboard paths). */
export const DASHBOARD_FONT_PREFIX = '/config/assets/fonts/';

/** The catalogue's font files by public name (`{id}.{hash}.woff2`) and each font's URL. */
export interface FontAssets {
  readonly byName: ReadonlyMap<string, FontFile>;
  readonly urlOf: (font: CatalogFont) => string | undefined;
}

let loaded: FontAssets | undefined;

/** The font files, read from their packages once per process. */
export function fontAssets(): FontAssets {
  if (loaded) return loaded;
  const files = loadFontFiles();
  const byName = new Map(files.map((file) => [`${file.font.id}.${file.hash}.woff2`, file]));
  const urls = new Map(files.map((file) => [file.font.id, `${FONT_PATH_PREFIX}${file.font.id}.${file.hash}.woff2`]));
  loaded = { byName, urlOf: (font) => urls.get(font.id) };
  return loaded;
}
