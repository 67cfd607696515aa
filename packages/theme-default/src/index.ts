export { loadDefaultTheme } from './load-theme.js';
export type { Theme, ThemeAsset } from './theme.js';
export { PAGE_TEMPLATES, STYLESHEETS, THEME_PARTIALS } from './theme.js';
