import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';

extend([a11yPlugin, mixPlugin]);

/** Five colours, lightest to darkest, from which a site's colour themes are made. */
export type Palette = readonly [string, string, string, string, string];

/** The colours one colour theme gives an area of the page. */
export interface ColorThemeColors {
  readonly background: string;
  readonly text: string;
  readonly heading: string;
  readonly link: string;
  readonly buttonBackground: string;
  readonly buttonText: string;
}

/** The colour names a colour theme has, in the order the dashboard shows them. */
export const COLOR_THEME_ROLES = [
  'background',
  'text',
  'heading',
  'link',
  'buttonBackground',
  'buttonText',
] as const satisfies readonly (keyof ColorThemeColors)[];
export type ColorThemeRole = (typeof COLOR_THEME_ROLES)[number];

/** How each colour of a colour theme is named to owners. */
export const COLOR_ROLE_LABELS: Readonly<Record<ColorThemeRole, string>> = Object.freeze({
  background: 'Background',
  text: 'Text',
  heading: 'Headings',
  link: 'Links',
  buttonBackground: 'Button',
  buttonText: 'Button text',
});

/** A named colour theme of a site, made from its palette (and the owner's adjustments). */
export interface ColorTheme {
  readonly id: ColorThemeId;
  readonly name: string;
  readonly colors: ColorThemeColors;
  /** The background is dark: text is light on it. */
  readonly dark: boolean;
}

/** The colour themes every palette makes, lightest to darkest. */
export const COLOR_THEME_IDS = ['white', 'light-1', 'light-2', 'accent', 'dark-1', 'dark-2', 'black'] as const;
export type ColorThemeId = (typeof COLOR_THEME_IDS)[number];

const NAMES: Readonly<Record<ColorThemeId, string>> = {
  white: 'White',
  'light-1': 'Light 1',
  'light-2': 'Light 2',
  accent: 'Accent',
  'dark-1': 'Dark 1',
  'dark-2': 'Dark 2',
  black: 'Black',
};

/** The palette a site starts from: close to the default theme's own colours. */
export const DEFAULT_PALETTE: Palette = ['#fbf9f4', '#dfe9e1', '#24513d', '#2b3a31', '#121a15'];

/** WCAG's least contrast for text (AA) and for the outline of a control (non-text, 3:1). */
const TEXT_CONTRAST = 4.5;
const CONTROL_CONTRAST = 3;

const hex = (color: string) => colord(color).toHex();

/**
 * The first of `candidates` readable on `background` (contrast at least `least`); when none
 * is, the one with the most contrast. So a palette that allows readable text always gets it.
 */
export function readableOn(background: string, candidates: readonly string[], least = TEXT_CONTRAST): string {
  let best = candidates[0]!;
  let bestRatio = 0;
  for (const candidate of candidates) {
    const ratio = colord(candidate).contrast(background);
    if (ratio >= least) return hex(candidate);
    if (ratio > bestRatio) [best, bestRatio] = [candidate, ratio];
  }
  return hex(best);
}

/** The colours a palette gives a colour theme on `background`: text, links and buttons readable on it where the palette allows. */
function colorsOn(background: string, palette: Palette): ColorThemeColors {
  const [lightest, light, accent, dark, darkest] = palette;
  const isDark = !colord(background).isLight();
  // Black and white close every list, so a mid-grey background still finds readable text.
  const ends = isDark ? ['#ffffff', '#000000'] : ['#000000', '#ffffff'];
  const texts = isDark ? [lightest, light, ...ends] : [darkest, dark, ...ends];
  const headings = isDark ? [lightest, light, ...ends] : [dark, darkest, ...ends];
  const links = isDark ? [light, lightest, ...ends] : [accent, dark, darkest, ...ends];
  const buttons = (isDark ? [accent, light, lightest] : [accent, dark, darkest]).filter((c) => hex(c) !== hex(background));
  const buttonBackground = readableOn(background, buttons.length ? buttons : [isDark ? '#ffffff' : '#000000'], CONTROL_CONTRAST);
  return {
    background: hex(background),
    text: readableOn(background, texts),
    heading: readableOn(background, headings),
    link: readableOn(background, links),
    buttonBackground,
    buttonText: readableOn(buttonBackground, ['#ffffff', lightest, darkest, '#000000']),
  };
}

/** The background of each colour theme: white, each palette colour, and a near-black made from the darkest. */
function backgroundOf(id: ColorThemeId, palette: Palette): string {
  switch (id) {
    case 'white':
      return '#ffffff';
    case 'light-1':
      return palette[0];
    case 'light-2':
      return palette[1];
    case 'accent':
      return palette[2];
    case 'dark-1':
      return palette[3];
    case 'dark-2':
      return palette[4];
    case 'black':
      return colord(palette[4]).mix('#000000', 0.6).toHex();
  }
}

/** The owner's adjustments of colour themes: any colour of any theme, by theme id. */
export type ColorThemeAdjustments = Readonly<Partial<Record<ColorThemeId, Partial<ColorThemeColors>>>>;

/**
 * The site's colour themes: seven named themes made from the palette (White, Light 1, Light 2,
 * Accent, Dark 1, Dark 2, Black), each with a background from the palette and text, heading,
 * link and button colours chosen from the palette to be readable on it (WCAG AA where the
 * palette allows), then the owner's adjustments over them.
 */
export function colorThemesOf(palette: Palette, adjustments: ColorThemeAdjustments = {}): ColorTheme[] {
  return COLOR_THEME_IDS.map((id) => {
    const colors = { ...colorsOn(backgroundOf(id, palette), palette), ...adjustments[id] };
    return { id, name: NAMES[id], colors, dark: !colord(colors.background).isLight() };
  });
}

/** Pairs of a colour theme read as text on one another: [text colour, its background]. */
export const READ_PAIRS: readonly (readonly [ColorThemeRole, ColorThemeRole])[] = [
  ['text', 'background'],
  ['heading', 'background'],
  ['link', 'background'],
  ['buttonText', 'buttonBackground'],
];
