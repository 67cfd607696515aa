import { colord } from 'colord';
import type { ColorTheme } from './color-themes.js';
import { type CatalogFont, catalogFont, FALLBACK_FONTS, fallbackOverrides } from './font-catalog.js';
import { FONT_USAGE_CATEGORIES, type FontUsageCategory, resolveSiteStyles } from './site-styles.js';

/** What a site's styles add to its page: CSS after the theme's, body classes, and the font files to preload. */
export interface SiteStylesOutput {
  readonly css: string;
  readonly bodyClasses: readonly string[];
  /** URLs of the font files every page uses (headings and body), to preload. */
  readonly preloads: readonly string[];
}

/** The usage categories whose fonts every page shows, so worth preloading. */
const PRELOADED: readonly FontUsageCategory[] = ['headings', 'body'];

const mix = (a: string, b: string, ratio: number) => colord(a).mix(b, ratio).toHex();

/**
 * The custom properties of a colour theme: the names the system stylesheet and both themes
 * read (`--color-bg`, `--color-text`, `--color-accent` for buttons, ...) and the colour theme's
 * own (`--color-heading`, `--color-link`, `--color-button-bg`, `--color-button-text`).
 */
function themeProperties({ colors: c, dark }: ColorTheme): string {
  return [
    `--color-bg:${c.background}`,
    `--color-surface:${mix(c.background, c.text, 0.04)}`,
    `--color-muted-bg:${mix(c.background, c.text, 0.08)}`,
    `--color-text:${c.text}`,
    `--color-text-muted:${mix(c.text, c.background, 0.2)}`,
    `--color-border:${mix(c.background, c.text, 0.2)}`,
    `--color-heading:${c.heading}`,
    `--color-link:${c.link}`,
    `--color-accent:${c.buttonBackground}`,
    `--color-accent-hover:${mix(c.buttonBackground, c.text, 0.15)}`,
    `--color-accent-contrast:${c.buttonText}`,
    `--color-button-bg:${c.buttonBackground}`,
    `--color-button-text:${c.buttonText}`,
    `color-scheme:${dark ? 'dark' : 'light'}`,
  ].join(';');
}

const PAINT = 'background-color:var(--color-bg);color:var(--color-text)';

function colorCss(colors: NonNullable<ReturnType<typeof resolveSiteStyles>['colors']>): string {
  const byId = new Map(colors.themes.map((t) => [t.id, t]));
  const out: string[] = [];
  for (const theme of colors.themes) out.push(`.color-theme-${theme.id}{${themeProperties(theme)};${PAINT}}`);
  out.push(`:root{${themeProperties(byId.get(colors.defaultThemeId)!)}}`);
  for (const [pageId, themeId] of Object.entries(colors.pages)) {
    out.push(`body.collection-${pageId}{${themeProperties(byId.get(themeId)!)};${PAINT}}`);
  }
  for (const region of ['header', 'footer'] as const) {
    out.push(`[data-color-region="${region}"]{${themeProperties(byId.get(colors[region])!)};${PAINT}}`);
  }
  return out.join('\n');
}

const quoted = (name: string) => `"${name}"`;

function fontFaces(font: CatalogFont, url: string): string {
  const fallback = FALLBACK_FONTS[font.category];
  const o = fallbackOverrides(font);
  return [
    `@font-face{font-family:${quoted(font.family)};font-style:normal;font-weight:${font.weights[0]} ${font.weights[1]};font-display:swap;src:url("${url}") format("woff2")}`,
    `@font-face{font-family:${quoted(`${font.family} fallback`)};src:${fallback.local.map((name) => `local(${quoted(name)})`).join(',')};` +
      `size-adjust:${o.sizeAdjust}%;ascent-override:${o.ascentOverride}%;descent-override:${o.descentOverride}%;line-gap-override:${o.lineGapOverride}%}`,
  ].join('\n');
}

const ANIMATION_CSS = {
  fade: '@keyframes site-in{from{opacity:0}to{opacity:1}}',
  slide: '@keyframes site-in{from{opacity:0;transform:translateY(1.5rem)}to{opacity:1;transform:none}}',
};

/**
 * Sections and blocks come in as they scroll into view, by CSS alone (a scroll-driven animation;
 * browsers without one show them at once), and never for visitors who ask for reduced motion.
 */
function animationCss(kind: 'fade' | 'slide'): string {
  return (
    '@media (prefers-reduced-motion:no-preference){@supports (animation-timeline:view()){' +
    `${ANIMATION_CSS[kind]}` +
    `.site-animations-${kind} :is(.sqs-block,.site-main section){animation:site-in linear both;animation-timeline:view();animation-range:entry 0% entry 70%}` +
    '}}'
  );
}

/**
 * The CSS of a site's styles (`settings.siteStyles`), placed after the theme's stylesheet: one
 * class per colour theme (`.color-theme-light-1`), the default colour theme on `:root`, the
 * page's, header's and footer's colour themes (`body.collection-{id}`, `[data-color-region]`),
 * the fonts of the usage categories with their metric-matched fallbacks, and the animation.
 * Every value written is a validated hex colour, a catalogue font or one of our URLs.
 */
export function siteStylesCss(stored: unknown, fontUrl: (font: CatalogFont) => string | undefined): SiteStylesOutput {
  const styles = resolveSiteStyles(stored);
  const css: string[] = [];
  const bodyClasses: string[] = [];
  const preloads: string[] = [];
  if (styles.colors) {
    css.push(colorCss(styles.colors));
    bodyClasses.push('site-color-themes');
  }
  if (styles.fonts) {
    const usage = styles.fonts.usage;
    const faces = new Map<string, string>();
    const properties: string[] = [];
    for (const category of FONT_USAGE_CATEGORIES) {
      const choice = usage[category];
      const font = catalogFont(choice.family);
      const url = font && fontUrl(font);
      if (!font || !url) continue;
      if (!faces.has(font.id)) faces.set(font.id, fontFaces(font, url));
      if (PRELOADED.includes(category) && !preloads.includes(url)) preloads.push(url);
      properties.push(
        `--font-${category}:${quoted(font.family)},${quoted(`${font.family} fallback`)},${font.category}`,
        `--font-${category}-weight:${choice.weight}`,
      );
    }
    css.push(...faces.values(), `:root{${properties.join(';')}}`);
    bodyClasses.push('site-fonts');
  }
  if (styles.animations !== 'none') {
    css.push(animationCss(styles.animations));
    bodyClasses.push(`site-animations-${styles.animations}`);
  }
  return { css: css.join('\n'), bodyClasses, preloads };
}
