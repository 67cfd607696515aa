import { createHash } from 'node:crypto';
import { compileStyles, createStyleCache, resolveTweakValues, tweakBodyClasses } from '@emporium/theme';
import { fontPreloadTags, siteStylesOutput } from '../site-styles/index.js';
import type { ActiveTheme } from './registry.js';

/** Bytes of compiled stylesheets kept in memory across all sites and themes. */
const STYLE_CACHE_BYTES = 16 * 1024 * 1024;

/** A site's look under its theme: the compiled stylesheet and the tweak classes for the body. */
export interface SiteStyle {
  /** The theme's stylesheet compiled with the site's tweak values. */
  readonly css: string;
  /** `tweak-…` body classes of the dropdown and checkbox tweaks. */
  readonly bodyClasses: readonly string[];
  /** Tweak values by title (for `render.tweaks`). */
  readonly values: Readonly<Record<string, string>>;
  /** `<link rel="preload">` tags of the fonts the site styles use on every page. */
  readonly headLinks: string;
}

function valuesKey(values: Readonly<Record<string, string>>): string {
  const sorted = Object.keys(values)
    .sort()
    .map((k) => [k, values[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}

/**
 * Compiles themes' stylesheets with each site's tweak values, once per (theme version, values):
 * sites with the same values share one compile, concurrent first requests wait for one
 * compile, and the cache is bounded by bytes. A stylesheet that fails to compile with stored
 * values (a theme updated under them) falls back to the theme's defaults.
 */
export class SiteStyles {
  private readonly cache = createStyleCache(STYLE_CACHE_BYTES);

  /** The site's look: `stored` tweak values under `theme`, then its site styles (`settings.siteStyles`: colour themes, fonts, animations) after the theme's CSS. */
  async styleOf(theme: ActiveTheme, stored: Readonly<Record<string, unknown>> | undefined, siteStyles?: unknown): Promise<SiteStyle> {
    const { tweaks, source } = theme.compiled;
    const { values } = resolveTweakValues(tweaks, stored ?? {});
    const key = `${theme.id}@${theme.version}:${source.hash.slice(0, 16)}:${valuesKey(values)}`;
    const css = await this.cache.compileOnce(key, async () => {
      const compile = (vals: Readonly<Record<string, string>>) =>
        compileStyles(source.stylesheets, {
          values: vals,
          tweaks,
          readFile: (path) => source.textFiles.get(path),
          assetUrl: (path) => source.assets.get(path.replace(/^\/+/, ''))?.url,
          minify: true,
        });
      const result = await compile(values);
      if (result.css || source.stylesheets.length === 0) return result.css;
      return (await compile(resolveTweakValues(tweaks, {}).values)).css;
    });
    const site = siteStylesOutput(siteStyles);
    return {
      css: site.css ? `${css}\n${site.css}` : css,
      bodyClasses: [...tweakBodyClasses(tweaks, values), ...site.bodyClasses],
      values,
      headLinks: fontPreloadTags(site),
    };
  }
}
