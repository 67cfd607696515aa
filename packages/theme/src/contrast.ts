import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import namesPlugin from 'colord/plugins/names';
import { COLOR_ROLE_LABELS, type ColorTheme, READ_PAIRS } from './color-themes.js';
import type { Tweak } from './tweaks.js';

// Contrast ratios (a11y) and CSS colour names, which colour settings accept (tweak-values.ts).
extend([a11yPlugin, namesPlugin]);

/** WCAG 2 AA's least contrast for normal text. */
export const CONTRAST_AA = 4.5;

/** A colour read on another whose contrast is below {@link CONTRAST_AA}. */
export interface ContrastProblem {
  /** The text colour's tweak title and label. */
  readonly foreground: string;
  readonly foregroundLabel: string;
  readonly foregroundValue: string;
  /** The background colour's tweak title and label. */
  readonly background: string;
  readonly backgroundLabel: string;
  readonly backgroundValue: string;
  /** The contrast ratio, two decimals (1 to 21). */
  readonly ratio: number;
  /** The name of the site's colour theme the pair belongs to (pairs of site styles only). */
  readonly colorTheme?: string;
}

/**
 * The pairs of a theme's colours (each colour tweak's `readableOn` backgrounds) that are hard to
 * read with `values` (the site's resolved tweak values): contrast under 4.5:1. A pair with a
 * colour that is not opaque, or not a colour at all, is left out: its contrast depends on what is
 * under it.
 */
export function contrastProblems(tweaks: readonly Tweak[], values: Readonly<Record<string, string | undefined>>): ContrastProblem[] {
  const byTitle = new Map(tweaks.map((tweak) => [tweak.title, tweak]));
  const problems: ContrastProblem[] = [];
  for (const tweak of tweaks) {
    if (tweak.type !== 'color' || !tweak.readableOn) continue;
    const text = opaque(values[tweak.title]);
    if (!text) continue;
    for (const title of tweak.readableOn) {
      const other = byTitle.get(title);
      const under = other?.type === 'color' ? opaque(values[title]) : undefined;
      if (!other || !under) continue;
      const ratio = colord(text).contrast(under);
      if (ratio >= CONTRAST_AA) continue;
      problems.push({
        foreground: tweak.title,
        foregroundLabel: tweak.label,
        foregroundValue: text,
        background: other.title,
        backgroundLabel: other.label,
        backgroundValue: under,
        ratio,
      });
    }
  }
  return problems;
}

function opaque(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const color = colord(value);
  return color.isValid() && color.alpha() === 1 ? value : undefined;
}

/**
 * The pairs of each colour theme read as text on one another (text, headings and links on the
 * background, button text on the button) whose contrast is under {@link CONTRAST_AA}; each
 * named by its colour theme (`foreground` is `colorThemes.{id}.{role}`).
 */
export function colorThemeContrastProblems(themes: readonly ColorTheme[]): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const theme of themes) {
    for (const [fore, back] of READ_PAIRS) {
      const text = opaque(theme.colors[fore]);
      const under = opaque(theme.colors[back]);
      if (!text || !under) continue;
      const ratio = colord(text).contrast(under);
      if (ratio >= CONTRAST_AA) continue;
      problems.push({
        foreground: `colorThemes.${theme.id}.${fore}`,
        foregroundLabel: `${theme.name}: ${COLOR_ROLE_LABELS[fore]}`,
        foregroundValue: text,
        background: `colorThemes.${theme.id}.${back}`,
        backgroundLabel: COLOR_ROLE_LABELS[back].toLowerCase(),
        backgroundValue: under,
        ratio,
        colorTheme: theme.name,
      });
    }
  }
  return problems;
}
