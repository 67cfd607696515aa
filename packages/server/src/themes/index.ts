export { builtInThemeDirs, DEFAULT_THEME_ID, ThemeRefusedError, ThemeRegistry, type ActiveTheme } from './registry.js';
export { SiteStyles, type SiteStyle } from './styles.js';
export { installTheme, listThemes, saveTweakValues, selectTheme, type InstallResult, type ThemeListing } from './install.js';
export { registerThemeRoutes, ThemeMessages, ThemePaths } from './routes.js';
