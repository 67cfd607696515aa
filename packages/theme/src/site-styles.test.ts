import { describe, expect, it } from 'vitest';
import { catalogFont, fallbackOverrides, FONT_CATALOG } from './font-catalog.js';
import { DEFAULT_PALETTE } from './color-themes.js';
import { parseSiteStyles, SiteStylesSchema, siteStyleContrastProblems } from './site-styles.js';
import { siteStylesCss } from './site-styles-css.js';

const url = (font: { id: string }) => `/static/fonts/${font.id}.abc.woff2`;
const PAGE = 'a'.repeat(32);

describe('site styles: stored value', () => {
  it('accepts a palette, colour themes with adjustments and assignments, fonts and animations', () => {
    const value = {
      colors: {
        palette: [...DEFAULT_PALETTE],
        themes: { 'light-1': { link: '#AA0000' } },
        defaultThemeId: 'light-1',
        header: 'white',
        footer: 'black',
        pages: { [PAGE]: 'dark-1' },
      },
      fonts: { activeThemeId: 'classic', usageCategories: { headings: { family: 'playfair-display', weight: 800 } } },
      animations: 'fade',
    };
    expect(SiteStylesSchema.parse(value).colors?.themes['light-1']?.link).toBe('#AA0000');
  });

  it.each([
    ['a colour that could close the declaration', { colors: { palette: ['#fff;}body{x', '#000000', '#000000', '#000000', '#000000'] } }],
    ['a named colour', { colors: { palette: ['red', '#000000', '#000000', '#000000', '#000000'] } }],
    ['four swatches', { colors: { palette: ['#000000', '#000000', '#000000', '#000000'] } }],
    ['an unknown colour theme', { colors: { palette: [...DEFAULT_PALETTE], defaultThemeId: 'sepia' } }],
    ['a font outside the catalogue', { fonts: { activeThemeId: 'modern', usageCategories: { body: { family: 'Comic Sans', weight: 400 } } } }],
    ['a weight the font lacks', { fonts: { activeThemeId: 'modern', usageCategories: { body: { family: 'lora', weight: 900 } } } }],
    ['a page id that is not one', { colors: { palette: [...DEFAULT_PALETTE], pages: { '"]{}': 'white' } } }],
    ['an unknown key', { sizes: {} }],
  ])('refuses %s', (_name, value) => {
    expect(SiteStylesSchema.safeParse(value).success).toBe(false);
  });

  it('reads a stored value that no longer parses as none', () => {
    expect(parseSiteStyles({ colors: 'nope' })).toEqual({});
  });
});

describe('site styles: CSS', () => {
  it('adds nothing while the site keeps its theme', () => {
    expect(siteStylesCss(undefined, url)).toEqual({ css: '', bodyClasses: [], preloads: [] });
  });

  it('writes a class per colour theme, the default on :root, and the page, header and footer themes', () => {
    const { css, bodyClasses } = siteStylesCss(
      { colors: { palette: [...DEFAULT_PALETTE], defaultThemeId: 'light-1', header: 'white', footer: 'dark-2', pages: { [PAGE]: 'accent' } } },
      url,
    );
    for (const id of ['white', 'light-1', 'light-2', 'accent', 'dark-1', 'dark-2', 'black']) expect(css).toContain(`.color-theme-${id}{`);
    expect(css).toMatch(/:root\{--color-bg:#fbf9f4;/);
    expect(css).toContain(`body.collection-${PAGE}{--color-bg:#24513d;`);
    expect(css).toMatch(/\[data-color-region="header"\]\{--color-bg:#ffffff;/);
    expect(css).toMatch(/\[data-color-region="footer"\]\{--color-bg:#121a15;/);
    expect(css).toContain('--color-button-bg:');
    expect(bodyClasses).toEqual(['site-color-themes']);
  });

  it('self-hosts the chosen fonts with metric-matched fallbacks, preloading only the headings and body fonts', () => {
    const { css, preloads } = siteStylesCss({ fonts: { activeThemeId: 'editorial', usageCategories: { headings: { family: 'lora', weight: 600 } } } }, url);
    expect(css).toContain(
      '@font-face{font-family:"Lora";font-style:normal;font-weight:400 700;font-display:swap;src:url("/static/fonts/lora.abc.woff2") format("woff2")}',
    );
    expect(css).toMatch(
      /@font-face\{font-family:"Lora fallback";src:local\("Times New Roman"\).*size-adjust:[\d.]+%;ascent-override:[\d.]+%;descent-override:[\d.]+%;line-gap-override:0%\}/,
    );
    expect(css).toContain('--font-headings:"Lora","Lora fallback",serif;--font-headings-weight:600');
    expect(css).toContain('--font-body:"Work Sans","Work Sans fallback",sans-serif;--font-body-weight:400');
    expect(css).not.toContain('Playfair');
    expect(preloads).toEqual(['/static/fonts/lora.abc.woff2', '/static/fonts/work-sans.abc.woff2']);
    expect(css).not.toMatch(/https?:/);
  });

  it('matches a fallback to the font: Inter on Arial is about 7% wider', () => {
    expect(fallbackOverrides(catalogFont('inter')!)).toEqual({ sizeAdjust: 107.1194, ascentOverride: 90.4365, descentOverride: 22.518, lineGapOverride: 0 });
    for (const font of FONT_CATALOG) expect(fallbackOverrides(font).sizeAdjust).toBeGreaterThan(80);
  });

  it('animates sections on scroll only for visitors who do not ask for reduced motion', () => {
    const { css, bodyClasses } = siteStylesCss({ animations: 'slide' }, url);
    expect(css.startsWith('@media (prefers-reduced-motion:no-preference){')).toBe(true);
    expect(css).toContain('animation-timeline:view()');
    expect(bodyClasses).toEqual(['site-animations-slide']);
    expect(siteStylesCss({ animations: 'none' }, url).css).toBe('');
  });

  it('reports contrast problems of the colour themes by name', () => {
    const problems = siteStyleContrastProblems({ colors: { palette: [...DEFAULT_PALETTE], themes: { 'dark-1': { link: '#3b4b41' } } } });
    expect(problems.map((p) => p.colorTheme)).toEqual(['Dark 1']);
  });
});
