import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * The folder of the default theme (a developer-template folder: template.conf, site.region,
 * blocks/, styles/), found through the package so it holds from source and from the compiled server.
 */
export const DEFAULT_THEME_DIR = dirname(createRequire(import.meta.url).resolve('@emporium/theme-default/package.json'));
