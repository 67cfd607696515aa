import { describe, expect, it } from 'vitest';
import type { TweakControl, TweakGroups } from './design-calls.js';
import { concernOf, otherCategories, tweaksOfConcern } from './tweak-concerns.js';

const tweak = (title: string, type: TweakControl['type']): TweakControl => ({ title, type, label: title, options: [], default: null, value: null });

const groups: TweakGroups = {
  themeId: 'emporium',
  themeName: 'Emporium',
  contrast: [],
  categories: [
    { name: 'Colors', tweaks: [tweak('accentColor', 'color'), tweak('color-theme', 'dropdown')] },
    { name: 'Fonts', tweaks: [tweak('headingFont', 'font')] },
    { name: 'Sizes', tweaks: [tweak('baseFontSize', 'value')] },
    { name: 'Header', tweaks: [tweak('headerColor', 'color'), tweak('sticky-header', 'checkbox')] },
  ],
};

describe('the theme settings the site styles also decide', () => {
  it('are colours (any colour setting, and the colour category) and fonts (any font setting, and the font category)', () => {
    expect(concernOf('Colors', tweak('color-theme', 'dropdown'))).toBe('colours');
    expect(concernOf('Header', tweak('headerColor', 'color'))).toBe('colours');
    expect(concernOf('Typography', tweak('letterSpacing', 'value'))).toBe('fonts');
    expect(concernOf('Fonts', tweak('headingFont', 'font'))).toBe('fonts');
    expect(concernOf('Sizes', tweak('baseFontSize', 'value'))).toBeUndefined();
  });

  it('move to the site styles; the rest stay with the theme, by category', () => {
    expect(tweaksOfConcern(groups, 'colours').map((t) => t.title)).toEqual(['accentColor', 'color-theme', 'headerColor']);
    expect(tweaksOfConcern(groups, 'fonts').map((t) => t.title)).toEqual(['headingFont']);
    expect(otherCategories(groups).map((c) => [c.name, c.tweaks.map((t) => t.title)])).toEqual([
      ['Sizes', ['baseFontSize']],
      ['Header', ['sticky-header']],
    ]);
  });
});
