import type { ColorThemeColors, ColorThemeId } from '@emporium/theme/color-themes';
import type { SiteStylesValue } from '@emporium/theme/site-styles';
import { api } from '../../api/http.js';
import type { ContrastPair } from './design-calls.js';

/** The site-styles calls (packages/server/src/site-styles/routes.ts). */
export const SITE_STYLES_PATH = '/api/owner/site-styles';
export const FONTS_PATH = '/api/owner/site-styles/fonts';

/** Spec 8's texts of the font previews. */
export const FONT_MESSAGES = Object.freeze({
  LIST_FAILED: 'Unable to load fonts',
  previewFailed: (fontName: string) => `Unable to load preview for ${fontName}`,
});

export type { SiteStylesValue };

/** The site styles as the server answers them. */
export interface SiteStylesView {
  readonly value: SiteStylesValue;
  readonly palette: readonly string[];
  readonly colorThemes: readonly { readonly id: ColorThemeId; readonly name: string; readonly dark: boolean; readonly colors: ColorThemeColors }[];
  readonly fontThemes: readonly { readonly id: string; readonly name: string; readonly usage: Readonly<Record<string, { family: string; weight: number }>> }[];
  readonly animations: readonly string[];
  readonly contrast: readonly ContrastPair[];
}

/** A font owners may choose, served from our origin. */
export interface FontOption {
  readonly id: string;
  readonly family: string;
  readonly category: 'serif' | 'sans-serif';
  readonly weights: readonly [number, number];
  readonly url: string;
  /** The same file on the dashboard's origin (the previews load it from there). */
  readonly previewUrl: string;
}

/** Replaces the site styles (a draft, published with the site). */
export function saveSiteStyles(value: SiteStylesValue): Promise<SiteStylesView> {
  return api<SiteStylesView>(SITE_STYLES_PATH, { method: 'PUT', body: value });
}

/**
 * The spec's style dirty paths (colour default theme id, fonts active theme id, colour palette,
 * colour themes, font themes, font usage categories), then ours: where each colour theme is used
 * and the animations. Each with how the screen names it.
 */
export const STYLE_DIRTY_PATHS = Object.freeze([
  ['colors.defaultThemeId', 'default colour theme'],
  ['fonts.activeThemeId', 'font theme'],
  ['colors.palette', 'palette'],
  ['colors.themes', 'colour themes'],
  ['fonts.themes', 'font themes'],
  ['fonts.usageCategories', 'fonts by use'],
  ['colors.assignments', 'header, footer and page colours'],
  ['animations', 'animations'],
] as const);

/** The part of `value` at a dirty path, with the server's defaults filled in (an absent part equals its default). */
function at(value: SiteStylesValue, path: string): unknown {
  const { colors, fonts } = value;
  switch (path) {
    case 'colors.defaultThemeId':
      return colors?.defaultThemeId ?? 'white';
    case 'colors.palette':
      return colors?.palette ?? null;
    case 'colors.themes':
      return colors?.themes ?? {};
    case 'colors.assignments':
      return { header: colors?.header, footer: colors?.footer, pages: colors?.pages ?? {} };
    case 'fonts.activeThemeId':
      return fonts?.activeThemeId ?? 'theme';
    case 'fonts.usageCategories':
      return fonts?.usageCategories ?? {};
    case 'animations':
      return value.animations ?? 'none';
    default:
      // Font themes are the catalogue's (FONT_THEMES): nothing of them is stored yet.
      return null;
  }
}

/** A JSON text of `value` with object keys sorted, so key order never counts as a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** The dirty paths of `draft` against `saved`: the parts with unsaved changes. */
export function dirtyPaths(saved: SiteStylesValue, draft: SiteStylesValue): string[] {
  return STYLE_DIRTY_PATHS.filter(([path]) => canonical(at(saved, path)) !== canonical(at(draft, path))).map(([path]) => path);
}

/** How the screen names a dirty path. */
export function dirtyPathLabel(path: string): string {
  return STYLE_DIRTY_PATHS.find(([p]) => p === path)?.[1] ?? path;
}
