import { ANIMATIONS, COLOR_THEME_IDS, FONT_USAGE_CATEGORIES, SiteStylesSchema } from '@emporium/theme';
import { z } from '../http/schemas.js';

/** Body of PUT /api/owner/site-styles: the whole value, as the Design screen holds it. */
export const SiteStylesBody = SiteStylesSchema.describe(
  'The site styles: colors (palette of five #rrggbb, lightest to darkest; adjustments of colour themes; default, header, footer and per-page colour themes), fonts (font theme and usage categories) and animations',
);

const Colors = z.object({
  background: z.string(),
  text: z.string(),
  heading: z.string(),
  link: z.string(),
  buttonBackground: z.string(),
  buttonText: z.string(),
});

const Pair = z.object({
  foreground: z.string(),
  foregroundLabel: z.string(),
  foregroundValue: z.string(),
  background: z.string(),
  backgroundLabel: z.string(),
  backgroundValue: z.string(),
  ratio: z.number(),
  colorTheme: z.string().optional(),
});

/** Answer of the site-styles calls: the value owners edit (the draft, else the published one) and what it makes. */
export const SiteStylesView = z.object({
  value: z.record(z.string(), z.unknown()).describe('The stored value ({} while the site keeps its theme’s colours and fonts)'),
  palette: z.array(z.string()).length(5).describe('The palette, or the one a site starts from'),
  colorThemes: z.array(z.object({ id: z.enum(COLOR_THEME_IDS), name: z.string(), dark: z.boolean(), colors: Colors })),
  fontThemes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      usage: z.record(z.enum(FONT_USAGE_CATEGORIES), z.object({ family: z.string(), weight: z.number() })),
    }),
  ),
  animations: z.array(z.enum(ANIMATIONS)),
  contrast: z.array(Pair).describe('Pairs of the colour themes under WCAG AA (4.5:1), by colour theme name'),
});

/** Answer of GET /api/owner/site-styles/fonts. */
export const FontList = z.object({
  fonts: z.array(
    z.object({
      id: z.string(),
      family: z.string(),
      category: z.enum(['serif', 'sans-serif']),
      weights: z.array(z.number()).length(2).describe('Least and greatest weight'),
      url: z.string().describe('The latin woff2, served from our own origin'),
      previewUrl: z.string().describe("The same file on the dashboard's origin"),
    }),
  ),
});
