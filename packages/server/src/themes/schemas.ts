import { TWEAK_TYPES } from '@emporium/theme';
import { z } from '../http/schemas.js';

/** Most style settings one change may carry. */
export const MAX_TWEAKS_PER_CHANGE = 200;

/** A theme a site may use, as the Design screen lists it. */
export const ThemeSummary = z.object({
  id: z.string().describe('The theme id a site names in PUT /api/owner/theme'),
  name: z.string(),
  author: z.string(),
  version: z.number().int().describe('0 for a built-in theme, else the installed version'),
  builtIn: z.boolean().describe('Ships with Emporium (false for themes installed on the server or uploaded by the site)'),
  layouts: z.array(z.object({ id: z.string(), name: z.string() })).describe('The layouts a page may use'),
  navigations: z.array(z.object({ name: z.string(), title: z.string() })).describe('The navigations owners edit'),
  installedAt: z.string().optional().describe('When an installed theme was first installed (ISO 8601)'),
});

/** Answer of GET /api/owner/themes and PUT /api/owner/theme. */
export const ThemeList = z.object({
  currentThemeId: z.string().describe('The theme the site renders with now'),
  themes: z.array(ThemeSummary).describe('The themes the site may use: the built-in ones first, then installed ones by name'),
  pageLayouts: z.record(z.string(), z.string()).describe("The site's layout choices by collection id (pages without one use the theme's default layout)"),
});

/** Body of PUT /api/owner/theme. */
export const ThemeChoice = z
  .object({
    themeId: z
      .string({ error: 'themeId must name a theme.' })
      .trim()
      .min(1, { error: 'themeId must name a theme.' })
      .max(96, { error: 'themeId must name a theme.' })
      .describe('An id from GET /api/owner/themes'),
  })
  .strict();

/** One style setting of the current theme with the site's value. */
export const TweakControl = z.object({
  title: z.string().describe('The key of the value in PUT /api/owner/theme/tweaks'),
  type: z.enum(TWEAK_TYPES),
  label: z.string(),
  options: z.array(z.string()).describe('The choices of a dropdown or font setting'),
  default: z.string().nullable(),
  value: z.string().nullable().describe("The site's value (its default when it has set none)"),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  unit: z.string().optional().describe('The unit of a value setting (px, em, %…), printed after the number'),
  showOnlyWhenPresent: z.string().optional().describe('The setting shows on pages whose body has this class only'),
  target: z.string().optional().describe('The element the setting styles'),
});

/** Answer of the style calls: the current theme's settings grouped by category, in the theme's order. */
export const TweakGroups = z.object({
  themeId: z.string(),
  themeName: z.string(),
  categories: z
    .array(z.object({ name: z.string().describe('The category; empty for settings the theme puts in none'), tweaks: z.array(TweakControl) }))
    .describe('Categories in the order their first setting is declared'),
  contrast: z
    .array(
      z.object({
        foreground: z.string(),
        foregroundLabel: z.string(),
        foregroundValue: z.string(),
        background: z.string(),
        backgroundLabel: z.string(),
        backgroundValue: z.string(),
        ratio: z.number(),
        colorTheme: z.string().optional().describe('The site colour theme the pair belongs to (pairs of the site styles)'),
      }),
    )
    .describe(
      "Colour pairs the theme reads text in (a colour tweak's readableOn), then those of the site's colour themes (text, links, button text), whose contrast is under WCAG AA's 4.5:1 with these values: hard to read",
    ),
});

const tweakValue = z.union([z.string().max(200, { error: 'A value can have at most 200 characters.' }), z.number(), z.boolean()], {
  error: 'A value must be a string, a number or true/false.',
});

/** Body of PUT /api/owner/theme/tweaks. */
export const TweakChange = z
  .object({
    values: z
      .record(z.string().max(100), tweakValue, { error: 'values must be an object of setting titles and values.' })
      .refine((values) => Object.keys(values).length <= MAX_TWEAKS_PER_CHANGE, { error: `Change at most ${MAX_TWEAKS_PER_CHANGE} settings at once.` })
      .default({})
      .describe('New values by setting title; settings not named keep their values'),
    reset: z.boolean({ error: 'reset must be true or false.' }).default(false).describe('Restore every setting to its default first'),
  })
  .strict();

/** A problem found in an uploaded theme. */
export const ThemeProblemBody = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});

/** Answer of POST /api/owner/themes. */
export const ThemeInstalled = z.object({
  theme: ThemeSummary,
  changed: z.boolean().describe('False when the same files were installed already'),
  warnings: z.array(ThemeProblemBody).describe('What the check found odd; the theme is installed nonetheless'),
});

/** Body of PUT /api/owner/page-layouts. */
export const PageLayoutChoice = z
  .object({
    collectionId: z.string({ error: 'collectionId must name a page.' }).min(1, { error: 'collectionId must name a page.' }).max(64),
    layout: z
      .string({ error: 'layout must name a layout.' })
      .min(1, { error: 'layout must name a layout.' })
      .max(100)
      .describe('A layout id of the current theme'),
  })
  .strict();

/** Answer of PUT /api/owner/page-layouts. */
export const PageLayouts = z.object({ pageLayouts: z.record(z.string(), z.string()) });
