import { colord } from 'colord';
import { z } from 'zod';
import { COLOR_THEME_IDS, COLOR_THEME_ROLES, type ColorTheme, type ColorThemeId, colorThemesOf, DEFAULT_PALETTE, type Palette } from './color-themes.js';
import { colorThemeContrastProblems, type ContrastProblem } from './contrast.js';
import { catalogFont, FONT_CATALOG } from './font-catalog.js';

/** The refusals of a site-styles change, as the dashboard shows them. */
export const SITE_STYLE_MESSAGES = Object.freeze({
  color: 'Enter a colour as #rrggbb, such as #24513d.',
  palette: 'A palette has five colours, lightest to darkest.',
  colorTheme: `Choose one of the colour themes: ${COLOR_THEME_IDS.join(', ')}.`,
  font: `Choose one of the fonts: ${FONT_CATALOG.map((f) => f.family).join(', ')}.`,
  weight: 'Choose a weight from 100 to 900 in steps of 100 that the font has.',
  page: 'That is not a page id.',
});

/** Where fonts are used on a page, each with its own family and weight. */
export const FONT_USAGE_CATEGORIES = ['headings', 'body', 'buttons', 'meta'] as const;
export type FontUsageCategory = (typeof FONT_USAGE_CATEGORIES)[number];

/** Animations of sections and blocks as they scroll into view. */
export const ANIMATIONS = ['none', 'fade', 'slide'] as const;
export type Animation = (typeof ANIMATIONS)[number];

const HexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, SITE_STYLE_MESSAGES.color)
  .refine((value) => colord(value).isValid(), SITE_STYLE_MESSAGES.color);
const ColorThemeIdSchema = z.enum(COLOR_THEME_IDS, { error: SITE_STYLE_MESSAGES.colorTheme });
const Adjustment = z
  .object(Object.fromEntries(COLOR_THEME_ROLES.map((role) => [role, HexColor])) as Record<(typeof COLOR_THEME_ROLES)[number], typeof HexColor>)
  .partial()
  .strict();

const FontChoice = z
  .object({
    family: z.string().refine((id) => catalogFont(id) !== undefined, SITE_STYLE_MESSAGES.font),
    weight: z.number().int().min(100).max(900).multipleOf(100, SITE_STYLE_MESSAGES.weight),
  })
  .strict()
  .refine(({ family, weight }) => {
    const font = catalogFont(family);
    return !font || (weight >= font.weights[0] && weight <= font.weights[1]);
  }, SITE_STYLE_MESSAGES.weight);
export type FontChoice = z.infer<typeof FontChoice>;

/** A font theme: a font and weight for every usage category. */
export interface FontTheme {
  readonly id: string;
  readonly name: string;
  readonly usage: Readonly<Record<FontUsageCategory, FontChoice>>;
}

const usage = (headings: FontChoice, body: FontChoice, buttons: FontChoice, meta: FontChoice) => ({ headings, body, buttons, meta });

/** The font themes owners start from (`theme` keeps the theme's own font settings). */
export const FONT_THEMES: readonly FontTheme[] = Object.freeze([
  {
    id: 'modern',
    name: 'Modern',
    usage: usage({ family: 'inter', weight: 700 }, { family: 'inter', weight: 400 }, { family: 'inter', weight: 600 }, { family: 'inter', weight: 500 }),
  },
  {
    id: 'classic',
    name: 'Classic',
    usage: usage(
      { family: 'lora', weight: 600 },
      { family: 'source-serif-4', weight: 400 },
      { family: 'work-sans', weight: 600 },
      { family: 'work-sans', weight: 500 },
    ),
  },
  {
    id: 'editorial',
    name: 'Editorial',
    usage: usage(
      { family: 'playfair-display', weight: 700 },
      { family: 'work-sans', weight: 400 },
      { family: 'work-sans', weight: 600 },
      { family: 'work-sans', weight: 500 },
    ),
  },
  {
    id: 'geometric',
    name: 'Geometric',
    usage: usage(
      { family: 'space-grotesk', weight: 700 },
      { family: 'inter', weight: 400 },
      { family: 'space-grotesk', weight: 600 },
      { family: 'inter', weight: 500 },
    ),
  },
]);
const FONT_THEME_IDS = ['theme', ...FONT_THEMES.map((t) => t.id)] as const;

/**
 * A site's styles beyond its theme's tweaks (`settings.siteStyles`, drafted like the tweaks):
 * the palette and its colour themes with their assignments, the font theme with its usage
 * categories, and the animations. A part left out keeps the theme's own look.
 */
export const SiteStylesSchema = z
  .object({
    colors: z
      .object({
        palette: z.array(HexColor).length(5, SITE_STYLE_MESSAGES.palette),
        themes: z.partialRecord(ColorThemeIdSchema, Adjustment).default({}),
        defaultThemeId: ColorThemeIdSchema.default('white'),
        header: ColorThemeIdSchema.optional(),
        footer: ColorThemeIdSchema.optional(),
        pages: z
          .record(z.string().regex(/^[0-9a-f]{32}$/, SITE_STYLE_MESSAGES.page), ColorThemeIdSchema)
          .refine((pages) => Object.keys(pages).length <= 500)
          .default({}),
      })
      .strict()
      .optional(),
    fonts: z
      .object({
        activeThemeId: z.enum(FONT_THEME_IDS).default('theme'),
        usageCategories: z.partialRecord(z.enum(FONT_USAGE_CATEGORIES), FontChoice).default({}),
      })
      .strict()
      .optional(),
    animations: z.enum(ANIMATIONS).optional(),
  })
  .strict();
export type SiteStylesValue = z.infer<typeof SiteStylesSchema>;

/** A site's styles resolved: the colour themes and their assignments, the fonts of each usage category, the animations. */
export interface ResolvedSiteStyles {
  /** Null while the site keeps its theme's colours. */
  readonly colors: {
    readonly palette: Palette;
    readonly themes: readonly ColorTheme[];
    readonly defaultThemeId: ColorThemeId;
    readonly header: ColorThemeId;
    readonly footer: ColorThemeId;
    readonly pages: Readonly<Record<string, ColorThemeId>>;
  } | null;
  /** Null while the site keeps its theme's fonts. */
  readonly fonts: { readonly activeThemeId: string; readonly usage: Readonly<Record<FontUsageCategory, FontChoice>> } | null;
  readonly animations: Animation;
}

/** Reads stored site styles; a value that does not parse (written by an older version) counts as none. */
export function parseSiteStyles(stored: unknown): SiteStylesValue {
  const parsed = SiteStylesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}

/** The site's styles with every default filled in. */
export function resolveSiteStyles(stored: unknown): ResolvedSiteStyles {
  const value = parseSiteStyles(stored);
  const colors = value.colors
    ? {
        palette: value.colors.palette as unknown as Palette,
        themes: colorThemesOf(value.colors.palette as unknown as Palette, value.colors.themes),
        defaultThemeId: value.colors.defaultThemeId,
        header: value.colors.header ?? value.colors.defaultThemeId,
        footer: value.colors.footer ?? 'dark-2',
        pages: value.colors.pages,
      }
    : null;
  const active = FONT_THEMES.find((t) => t.id === value.fonts?.activeThemeId);
  const overrides = value.fonts?.usageCategories ?? {};
  const fonts =
    value.fonts && (active || Object.keys(overrides).length > 0)
      ? { activeThemeId: value.fonts.activeThemeId, usage: { ...(active ?? FONT_THEMES[0]!).usage, ...overrides } }
      : null;
  return { colors, fonts, animations: value.animations ?? 'none' };
}

/** The colour themes of a stored value, or those the default palette makes (what the dashboard starts from). */
export function colorThemesForEditing(stored: unknown): ColorTheme[] {
  const value = parseSiteStyles(stored);
  return value.colors ? colorThemesOf(value.colors.palette as unknown as Palette, value.colors.themes) : colorThemesOf(DEFAULT_PALETTE);
}

/** The colour pairs of the site's colour themes under WCAG AA (none while the site keeps its theme's colours). */
export function siteStyleContrastProblems(stored: unknown): ContrastProblem[] {
  const { colors } = resolveSiteStyles(stored);
  return colors ? colorThemeContrastProblems(colors.themes) : [];
}
