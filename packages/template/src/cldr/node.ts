/** Node-only CLDR loading: reads resource packs shipped with `@phensley/cldr`. */
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CldrProvider } from '../engine.js';
import { createCldrProvider } from './framework.js';

const require = createRequire(import.meta.url);

/** Directory holding `<language>.json` packs. */
export function packDirectory(): string {
  return join(dirname(require.resolve('@phensley/cldr/package.json')), 'packs');
}

/** A provider that loads packs from disk (synchronously, once per language). */
export function nodeCldrProvider(dir: string = packDirectory()): CldrProvider {
  return createCldrProvider((language) => {
    if (!/^[a-z]{2,3}$/.test(language)) return undefined;
    const file = join(dir, `${language}.json`);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  });
}
