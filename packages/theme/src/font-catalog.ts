/** Vertical metrics of a font in its own units (from `@capsizecss/metrics` 4.3.0, read once and kept here). */
export interface FontMetrics {
  readonly ascent: number;
  /** Negative: below the baseline. */
  readonly descent: number;
  readonly lineGap: number;
  readonly unitsPerEm: number;
  /** Average width of a lowercase letter, weighted by how often it occurs in English text. */
  readonly xWidthAvg: number;
}

/** A font family owners may choose: self-hosted from its `@fontsource-variable` package. */
export interface CatalogFont {
  /** Our id of the family, also its URL name. */
  readonly id: string;
  /** The family's name (CSS `font-family`). */
  readonly family: string;
  readonly category: 'serif' | 'sans-serif';
  /** The package holding its files and the latin woff2 (one variable file for every weight). */
  readonly packageName: string;
  readonly file: string;
  /** The weights its variable file covers. */
  readonly weights: readonly [number, number];
  readonly metrics: FontMetrics;
}

/** The system fonts a fallback is tuned to, with the local names that carry the same metrics. */
export const FALLBACK_FONTS = Object.freeze({
  'sans-serif': {
    family: 'Arial',
    local: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'],
    metrics: { ascent: 1854, descent: -434, lineGap: 67, unitsPerEm: 2048, xWidthAvg: 913 },
  },
  serif: {
    family: 'Times New Roman',
    local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Tinos'],
    metrics: { ascent: 1825, descent: -443, lineGap: 87, unitsPerEm: 2048, xWidthAvg: 832 },
  },
} satisfies Record<CatalogFont['category'], { family: string; local: readonly string[]; metrics: FontMetrics }>);

const font = (
  id: string,
  family: string,
  category: CatalogFont['category'],
  weights: readonly [number, number],
  metrics: FontMetrics,
  packageName = `@fontsource-variable/${id}`,
): CatalogFont => Object.freeze({ id, family, category, packageName, file: `${id}-latin-wght-normal.woff2`, weights, metrics });

/** The curated font families (SIL Open Font License), each one latin woff2 file. */
export const FONT_CATALOG: readonly CatalogFont[] = Object.freeze([
  font('inter', 'Inter', 'sans-serif', [100, 900], { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978 }),
  font('work-sans', 'Work Sans', 'sans-serif', [100, 900], { ascent: 930, descent: -243, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 499 }),
  font('space-grotesk', 'Space Grotesk', 'sans-serif', [300, 700], { ascent: 984, descent: -292, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 489 }),
  font('lora', 'Lora', 'serif', [400, 700], { ascent: 1006, descent: -274, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 468 }),
  font('playfair-display', 'Playfair Display', 'serif', [400, 900], { ascent: 1082, descent: -251, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 452 }),
  font('source-serif-4', 'Source Serif 4', 'serif', [200, 900], { ascent: 1036, descent: -335, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 479 }),
]);

/** A font of the catalogue by id. */
export function catalogFont(id: string): CatalogFont | undefined {
  return FONT_CATALOG.find((f) => f.id === id);
}

/** The `@font-face` overrides that make the fallback system font take the space `font` will. */
export interface FallbackOverrides {
  /** Percentages, four decimals. */
  readonly sizeAdjust: number;
  readonly ascentOverride: number;
  readonly descentOverride: number;
  readonly lineGapOverride: number;
}

const percent = (value: number) => Math.round(value * 1_000_000) / 10_000;

/**
 * The fallback's overrides for `font`: scaled so its average letter is as wide as the web
 * font's (`size-adjust`), then ascent, descent and line gap set to the web font's in the scaled
 * em, so lines of text take the same width and height before and after the swap.
 */
export function fallbackOverrides(font: CatalogFont): FallbackOverrides {
  const fallback = FALLBACK_FONTS[font.category].metrics;
  const m = font.metrics;
  const sizeAdjust = m.xWidthAvg / m.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = m.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(m.ascent / em),
    descentOverride: percent(Math.abs(m.descent) / em),
    lineGapOverride: percent(m.lineGap / em),
  };
}
