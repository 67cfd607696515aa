import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLOR_THEME_IDS, colorThemesOf, DEFAULT_PALETTE, type Palette, readableOn } from './color-themes.js';
import { CONTRAST_AA, colorThemeContrastProblems } from './contrast.js';

extend([a11yPlugin]);

const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => colord({ r, g, b }).toHex());

describe('palette to colour themes (issue 26, site styles)', () => {
  it('makes the seven named colour themes, each with the six colours', () => {
    const themes = colorThemesOf(DEFAULT_PALETTE);
    expect(themes.map((t) => t.name)).toEqual(['White', 'Light 1', 'Light 2', 'Accent', 'Dark 1', 'Dark 2', 'Black']);
    expect(themes.map((t) => t.id)).toEqual([...COLOR_THEME_IDS]);
    for (const theme of themes) expect(Object.keys(theme.colors).sort()).toEqual(['background', 'buttonBackground', 'buttonText', 'heading', 'link', 'text']);
  });

  it('takes each background from the palette, lightest to darkest', () => {
    const palette: Palette = ['#f4efe6', '#d9c7a7', '#9a3b1f', '#3d2b22', '#1a1210'];
    const bg = Object.fromEntries(colorThemesOf(palette).map((t) => [t.id, t.colors.background]));
    expect(bg).toMatchObject({ white: '#ffffff', 'light-1': '#f4efe6', 'light-2': '#d9c7a7', accent: '#9a3b1f', 'dark-1': '#3d2b22', 'dark-2': '#1a1210' });
    expect(colord(bg.black!).brightness()).toBeLessThan(colord(bg['dark-2']!).brightness());
  });

  it('writes dark text on light backgrounds and light text on dark ones', () => {
    const themes = colorThemesOf(DEFAULT_PALETTE);
    expect(themes.find((t) => t.id === 'light-1')).toMatchObject({ dark: false, colors: { text: DEFAULT_PALETTE[4] } });
    expect(themes.find((t) => t.id === 'dark-2')).toMatchObject({ dark: true, colors: { text: DEFAULT_PALETTE[0] } });
  });

  it('the default palette makes themes that pass WCAG AA everywhere', () => {
    expect(colorThemeContrastProblems(colorThemesOf(DEFAULT_PALETTE))).toEqual([]);
  });

  it('chooses readable colours whatever the palette: text and links always reach AA against black or white', () => {
    fc.assert(
      fc.property(fc.tuple(hexColor, hexColor, hexColor, hexColor, hexColor), (palette) => {
        for (const theme of colorThemesOf(palette)) {
          expect(colord(theme.colors.text).contrast(theme.colors.background)).toBeGreaterThanOrEqual(CONTRAST_AA);
          expect(colord(theme.colors.link).contrast(theme.colors.background)).toBeGreaterThanOrEqual(CONTRAST_AA);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("keeps the owner's adjustments of a colour theme", () => {
    const themes = colorThemesOf(DEFAULT_PALETTE, { 'light-1': { link: '#aa0000', buttonText: '#ffffff' } });
    expect(themes.find((t) => t.id === 'light-1')?.colors).toMatchObject({ link: '#aa0000', buttonText: '#ffffff' });
  });

  it('readableOn prefers the first candidate that passes, else the best one', () => {
    expect(readableOn('#ffffff', ['#eeeeee', '#333333', '#000000'])).toBe('#333333');
    expect(readableOn('#808080', ['#999999', '#aaaaaa'])).toBe('#aaaaaa');
  });
});

describe('contrast of colour themes', () => {
  it('lists each failing pair by its colour theme name', () => {
    const themes = colorThemesOf(DEFAULT_PALETTE, { accent: { text: '#3a6a55' }, white: { buttonText: '#2f5f4a' } });
    const problems = colorThemeContrastProblems(themes);
    expect(problems).toEqual([
      expect.objectContaining({
        colorTheme: 'White',
        foregroundLabel: 'White: Button text',
        backgroundLabel: 'button',
        foreground: 'colorThemes.white.buttonText',
      }),
      expect.objectContaining({ colorTheme: 'Accent', foregroundLabel: 'Accent: Text', backgroundLabel: 'background', foregroundValue: '#3a6a55' }),
    ]);
    for (const problem of problems) expect(problem.ratio).toBeLessThan(CONTRAST_AA);
  });

  it('checks text, headings and links on the background and button text on the button', () => {
    const themes = colorThemesOf(DEFAULT_PALETTE, { 'light-1': { text: '#fbf9f4', heading: '#fbf9f4', link: '#fbf9f4', buttonText: '#24513d' } });
    const roles = colorThemeContrastProblems(themes).map((p) => `${p.foreground}/${p.background}`);
    expect(roles).toEqual([
      'colorThemes.light-1.text/colorThemes.light-1.background',
      'colorThemes.light-1.heading/colorThemes.light-1.background',
      'colorThemes.light-1.link/colorThemes.light-1.background',
      'colorThemes.light-1.buttonText/colorThemes.light-1.buttonBackground',
    ]);
  });
});
