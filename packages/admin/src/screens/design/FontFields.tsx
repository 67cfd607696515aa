import type { FontUsageCategory } from '@emporium/theme/site-styles';
import type { ReactNode } from 'react';
import { Select } from '../../ui/Select.js';
import { FontPreview } from './FontPreview.js';
import type { FontOption, SiteStylesView } from './site-styles-calls.js';

type Usage = Readonly<Record<FontUsageCategory, { family: string; weight: number }>>;

const CATEGORIES: readonly { readonly id: FontUsageCategory; readonly label: string; readonly sample: string }[] = [
  { id: 'headings', label: 'Headings', sample: 'Linen shirts for long summers' },
  { id: 'body', label: 'Body text', sample: 'Woven in small batches and washed soft before it reaches you.' },
  { id: 'buttons', label: 'Buttons', sample: 'Add to cart' },
  { id: 'meta', label: 'Dates and details', sample: 'June 4, 2026 · 3 min read' },
];

interface FontFieldsProps {
  readonly fontThemes: SiteStylesView['fontThemes'];
  readonly fonts: readonly FontOption[];
  readonly activeThemeId: string;
  readonly usage: Usage | null;
  /** The theme's name, and its own font settings to show while the site uses them. */
  readonly themeName: string;
  readonly themeFonts?: ReactNode;
  /** Whether the theme has font settings of its own (put away while a font theme sets the fonts). */
  readonly hasThemeFonts: boolean;
  readonly onTheme: (id: string) => void;
  readonly onUsage: (category: FontUsageCategory, choice: { family: string; weight: number }) => void;
}

const weightsOf = (font: FontOption | undefined) => {
  const out: { value: string; label: string }[] = [];
  for (let w = font?.weights[0] ?? 400; w <= (font?.weights[1] ?? 400); w += 100) out.push({ value: String(w), label: String(w) });
  return out;
};

/** The font theme and, under it, the family and weight of each use of type, each with a preview; or the theme's own font settings. */
export function FontFields({ fontThemes, fonts, activeThemeId, usage, themeName, themeFonts, hasThemeFonts, onTheme, onUsage }: FontFieldsProps) {
  return (
    <fieldset className="tweak-group">
      <legend>Fonts</legend>
      <Select
        label="Font theme"
        value={activeThemeId}
        options={[{ value: 'theme', label: 'The theme’s own fonts' }, ...fontThemes.map((t) => ({ value: t.id, label: t.name }))]}
        onChange={(event) => onTheme(event.currentTarget.value)}
      />
      {activeThemeId === 'theme' && themeFonts}
      {activeThemeId !== 'theme' && hasThemeFonts && (
        <p className="hint">The font theme sets the site’s fonts. {themeName}’s own font settings are kept for when you use the theme’s own fonts again.</p>
      )}
      {usage &&
        CATEGORIES.map((category) => {
          const choice = usage[category.id];
          const font = fonts.find((f) => f.id === choice.family);
          return (
            <div key={category.id} className="font-usage">
              <Select
                label={`${category.label} font`}
                value={choice.family}
                options={fonts.map((f) => ({ value: f.id, label: f.family }))}
                onChange={(event) => {
                  const next = fonts.find((f) => f.id === event.currentTarget.value);
                  const weight = next ? Math.min(Math.max(choice.weight, next.weights[0]), next.weights[1]) : choice.weight;
                  onUsage(category.id, { family: event.currentTarget.value, weight });
                }}
              />
              <Select
                label={`${category.label} weight`}
                value={String(choice.weight)}
                options={weightsOf(font)}
                onChange={(event) => onUsage(category.id, { family: choice.family, weight: Number(event.currentTarget.value) })}
              />
              {font && <FontPreview font={font} weight={choice.weight} sample={category.sample} />}
            </div>
          );
        })}
    </fieldset>
  );
}
