/**
 * The theme format: developer-template folders read, expanded and compiled (docs/themes.md).
 *
 * ```ts
 * const source = readTheme(readThemeDir(dir));
 * const theme = compileTheme(engine, source);
 * if (hasErrors(theme.problems)) report(theme.problems);
 * ```
 */
export { compileTheme, type CompiledTheme } from './compile.js';
export { collectionConfSchema, pageConfSchema, templateConfSchema } from './conf.js';
export { checkThemePath, readThemeDir, readThemeZip, THEME_LIMITS, ThemeFilesError, type ThemeFiles } from './files.js';
export type {
  BlockFieldDecl,
  CollectionConf,
  CollectionSource,
  ExpandedTemplate,
  LayoutSource,
  NavigationDecl,
  PageConf,
  QueryDecl,
  StaticPageSource,
  TemplateConf,
  ThemeAsset,
  ThemeProblem,
  ThemeSource,
} from './model.js';
export { loadSystemLayer, SYSTEM_COLLECTIONS, SYSTEM_PAGES, type SystemLayer, type SystemPage } from './system.js';
export { BLOCKS_PARTIAL, blockFieldKey, escapeBareVariables, expandTags, QUERY_LIMITS, THEME_CONTEXT } from './tags.js';
export { hasErrors, readTheme, themeIdOf } from './theme.js';
export { compileStyles, createStyleCache, type CompiledStyles, type StyleCache } from './styles.js';
export { TWEAK_TYPES, type Tweak, type TweakType } from './tweaks.js';
export { CONTRAST_AA, contrastProblems, type ContrastProblem } from './contrast.js';
export { checkTweakValue, resolveTweakValues, TWEAK_MESSAGES, tweakBodyClasses, validateTweakValues } from './tweak-values.js';
export {
  COLOR_ROLE_LABELS,
  COLOR_THEME_IDS,
  COLOR_THEME_ROLES,
  colorThemesOf,
  DEFAULT_PALETTE,
  readableOn,
  type ColorTheme,
  type ColorThemeColors,
  type ColorThemeId,
  type ColorThemeRole,
  type Palette,
} from './color-themes.js';
export { colorThemeContrastProblems } from './contrast.js';
export { catalogFont, fallbackOverrides, FONT_CATALOG, type CatalogFont } from './font-catalog.js';
export { loadFontFiles, type FontFile } from './font-files.js';
export {
  ANIMATIONS,
  colorThemesForEditing,
  FONT_THEMES,
  FONT_USAGE_CATEGORIES,
  parseSiteStyles,
  resolveSiteStyles,
  SITE_STYLE_MESSAGES,
  siteStyleContrastProblems,
  SiteStylesSchema,
  type FontTheme,
  type FontUsageCategory,
  type SiteStylesValue,
} from './site-styles.js';
export { siteStylesCss, type SiteStylesOutput } from './site-styles-css.js';
