import type { ColorTheme } from '@emporium/theme/color-themes';

const SWATCH_LABELS = ['Lightest', 'Light', 'Accent', 'Dark', 'Darkest'] as const;

interface PaletteFieldsProps {
  readonly palette: readonly string[];
  readonly themes: readonly ColorTheme[];
  readonly onChange: (palette: string[]) => void;
}

/** The five palette colours, lightest to darkest, and a sample of every colour theme they make. */
export function PaletteFields({ palette, themes, onChange }: PaletteFieldsProps) {
  return (
    <fieldset className="tweak-group">
      <legend>Colour palette</legend>
      <p className="hint">Five colours, lightest to darkest. Every colour theme below is made from them.</p>
      <div className="palette-swatches">
        {SWATCH_LABELS.map((label, index) => (
          <label key={label} className="palette-swatch">
            <input
              type="color"
              value={palette[index] ?? '#000000'}
              onChange={(event) => onChange(palette.map((color, i) => (i === index ? event.currentTarget.value : color)))}
            />
            <span>{label} colour</span>
          </label>
        ))}
      </div>
      <ul className="color-theme-samples" aria-label="Colour themes">
        {themes.map((theme) => (
          <li key={theme.id} style={{ background: theme.colors.background, color: theme.colors.text }}>
            <span style={{ color: theme.colors.heading }}>{theme.name}</span>{' '}
            <span style={{ color: theme.colors.link, textDecoration: 'underline' }}>Link</span>{' '}
            <span className="color-theme-button" style={{ background: theme.colors.buttonBackground, color: theme.colors.buttonText }}>
              Button
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
