import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * The folder of the magazine theme (a developer-template folder: template.conf, regions,
 * collections/, blocks/, pages/, styles/, assets/, scripts/), found through the package so it
 * holds from source and from the compiled server.
 */
export const MAGAZINE_THEME_DIR = dirname(createRequire(import.meta.url).resolve('@emporium/theme-magazine/package.json'));
