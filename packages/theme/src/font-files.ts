import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type CatalogFont, FONT_CATALOG } from './font-catalog.js';

/** A catalogue font's file as served: its bytes and a short hash of them (for an immutable URL). */
export interface FontFile {
  readonly font: CatalogFont;
  readonly body: Buffer;
  readonly hash: string;
}

const require = createRequire(import.meta.url);

/** Reads every catalogue font's latin woff2 from its package (once, at start). */
export function loadFontFiles(): FontFile[] {
  return FONT_CATALOG.map((font) => {
    const body = readFileSync(join(dirname(require.resolve(`${font.packageName}/package.json`)), 'files', font.file));
    return { font, body, hash: createHash('sha256').update(body).digest('hex').slice(0, 12) };
  });
}
