import { COLOR_ROLE_LABELS, COLOR_THEME_ROLES, type ColorTheme, type ColorThemeColors, type ColorThemeId } from '@emporium/theme/color-themes';
import { useState } from 'react';
import { Select } from '../../ui/Select.js';

/** Where each colour theme is used: the site's default, the header, the footer and pages by id. */
export interface ColorAssignments {
  readonly defaultThemeId: ColorThemeId;
  readonly header?: ColorThemeId;
  readonly footer?: ColorThemeId;
  readonly pages: Readonly<Record<string, ColorThemeId>>;
}

interface ColorThemeFieldsProps {
  readonly themes: readonly ColorTheme[];
  readonly assignments: ColorAssignments;
  readonly pages: readonly { readonly id: string; readonly title: string }[];
  readonly onAdjust: (id: ColorThemeId, colors: Partial<ColorThemeColors> | undefined) => void;
  readonly onAssign: (assignments: ColorAssignments) => void;
}

/** Adjusting one colour theme's colours, and choosing the colour theme of the site, its header, footer and each page. */
export function ColorThemeFields({ themes, assignments, pages, onAdjust, onAssign }: ColorThemeFieldsProps) {
  const [editing, setEditing] = useState<ColorThemeId>(themes[1]?.id ?? 'white');
  const theme = themes.find((t) => t.id === editing) ?? themes[0]!;
  const options = themes.map((t) => ({ value: t.id, label: t.name }));
  const inherit = (label: string) => [{ value: '', label }, ...options];
  return (
    <>
      <fieldset className="tweak-group">
        <legend>Colour themes</legend>
        <Select label="Colour theme to adjust" value={editing} options={options} onChange={(event) => setEditing(event.currentTarget.value as ColorThemeId)} />
        <div className="palette-swatches">
          {COLOR_THEME_ROLES.map((role) => (
            <label key={role} className="palette-swatch">
              <input type="color" value={theme.colors[role]} onChange={(event) => onAdjust(theme.id, { [role]: event.currentTarget.value })} />
              <span>
                {theme.name}: {COLOR_ROLE_LABELS[role]}
              </span>
            </label>
          ))}
        </div>
        <button type="button" className="secondary" onClick={() => onAdjust(theme.id, undefined)}>
          Remake {theme.name} from the palette
        </button>
      </fieldset>
      <fieldset className="tweak-group">
        <legend>Where colour themes are used</legend>
        <Select
          label="Site colour theme"
          value={assignments.defaultThemeId}
          options={options}
          onChange={(event) => onAssign({ ...assignments, defaultThemeId: event.currentTarget.value as ColorThemeId })}
        />
        <Select
          label="Header colour theme"
          value={assignments.header ?? ''}
          options={inherit('Same as the site')}
          onChange={(event) => onAssign({ ...assignments, header: (event.currentTarget.value || undefined) as ColorThemeId | undefined })}
        />
        <Select
          label="Footer colour theme"
          value={assignments.footer ?? ''}
          options={inherit('Dark 2 (the default)')}
          onChange={(event) => onAssign({ ...assignments, footer: (event.currentTarget.value || undefined) as ColorThemeId | undefined })}
        />
        {pages.length > 0 && (
          <details>
            <summary>Colour theme of each page</summary>
            <div className="stack">
              {pages.map((page) => (
                <Select
                  key={page.id}
                  label={page.title}
                  value={assignments.pages[page.id] ?? ''}
                  options={inherit('Same as the site')}
                  onChange={(event) => {
                    const { [page.id]: _old, ...rest } = assignments.pages;
                    const chosen = event.currentTarget.value as ColorThemeId | '';
                    onAssign({ ...assignments, pages: chosen ? { ...rest, [page.id]: chosen } : rest });
                  }}
                />
              ))}
            </div>
          </details>
        )}
      </fieldset>
    </>
  );
}
