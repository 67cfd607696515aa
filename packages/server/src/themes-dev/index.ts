/** Tools for theme designers: reading a theme from a path, checking it, reporting its problems, reloading it on change. */
export { checkTheme, type ThemeCheck } from './check-theme.js';
export { problemLines, problemSummary } from './problem-report.js';
export { reloadOnChange, type ThemeReloading, type ThemeReloadOptions } from './reload-on-change.js';
export { readThemeAt, type ThemeAtPath } from './theme-path.js';
