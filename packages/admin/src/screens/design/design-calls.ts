import { api } from '../../api/http.js';

/** The Design calls (packages/server/src/themes/routes.ts). */
export const THEMES_PATH = '/api/owner/themes';
export const THEME_PATH = '/api/owner/theme';
export const TWEAKS_PATH = '/api/owner/theme/tweaks';
export const PAGE_LAYOUTS_PATH = '/api/owner/page-layouts';

/** A theme the site may use. */
export interface ThemeSummary {
  readonly id: string;
  readonly name: string;
  readonly author: string;
  readonly version: number;
  readonly builtIn: boolean;
  readonly layouts: readonly { readonly id: string; readonly name: string }[];
  readonly navigations: readonly { readonly name: string; readonly title: string }[];
  readonly installedAt?: string;
}

/** The themes of the site and the one it renders with. */
export interface ThemeList {
  readonly currentThemeId: string;
  readonly themes: readonly ThemeSummary[];
  readonly pageLayouts: Readonly<Record<string, string>>;
}

export type TweakType = 'color' | 'dropdown' | 'value' | 'checkbox' | 'font';

/** One style setting of the current theme with the site's value. */
export interface TweakControl {
  readonly title: string;
  readonly type: TweakType;
  readonly label: string;
  readonly options: readonly string[];
  readonly default: string | null;
  readonly value: string | null;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly unit?: string;
  readonly showOnlyWhenPresent?: string;
}

/** The current theme's style settings by category. */
export interface TweakGroups {
  readonly themeId: string;
  readonly themeName: string;
  readonly categories: readonly { readonly name: string; readonly tweaks: readonly TweakControl[] }[];
  /** Colour pairs under WCAG AA (4.5:1) with these values. */
  readonly contrast: readonly ContrastPair[];
}

/** A text colour on a background that is hard to read. */
export interface ContrastPair {
  readonly foreground: string;
  readonly foregroundLabel: string;
  readonly foregroundValue: string;
  readonly background: string;
  readonly backgroundLabel: string;
  readonly backgroundValue: string;
  readonly ratio: number;
  /** The site colour theme the pair belongs to (site styles' pairs). */
  readonly colorTheme?: string;
}

/** Something the check of an uploaded theme found, where it is. */
export interface ThemeProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

/** Answer of an upload. */
export interface ThemeInstalled {
  readonly theme: ThemeSummary;
  readonly changed: boolean;
  readonly warnings: readonly ThemeProblem[];
}

/** Makes the site render with a theme. */
export function chooseTheme(themeId: string): Promise<ThemeList> {
  return api<ThemeList>(THEME_PATH, { method: 'PUT', body: { themeId } });
}

/** Saves changed style settings (merged over the stored ones). */
export function saveTweaks(values: Readonly<Record<string, string>>): Promise<TweakGroups> {
  return api<TweakGroups>(TWEAKS_PATH, { method: 'PUT', body: { values } });
}

/** Restores every style setting of the current theme to its default. */
export function resetTweaks(): Promise<TweakGroups> {
  return api<TweakGroups>(TWEAKS_PATH, { method: 'DELETE' });
}

/** Chooses the layout of one page. */
export function choosePageLayout(collectionId: string, layout: string): Promise<{ pageLayouts: Record<string, string> }> {
  return api(PAGE_LAYOUTS_PATH, { method: 'PUT', body: { collectionId, layout } });
}

/** `file:line message` of a problem (no line for problems of the whole file). */
export function problemText(problem: ThemeProblem): string {
  return `${problem.file}${problem.line > 0 ? `:${problem.line}` : ''} ${problem.message}`;
}

/** The problems of a refused upload's answer, if it lists any. */
export function problemsOf(body: unknown): ThemeProblem[] {
  if (typeof body !== 'object' || body === null || !('problems' in body) || !Array.isArray(body.problems)) return [];
  return body.problems.filter((p: unknown): p is ThemeProblem => typeof p === 'object' && p !== null && 'file' in p && 'message' in p);
}
