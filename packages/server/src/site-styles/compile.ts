import { siteStylesCss, type SiteStylesOutput } from '@emporium/theme';
import { fontAssets } from './fonts.js';

/** Most distinct site styles kept compiled (a site's value changes only on publish). */
const KEPT = 500;
const compiled = new Map<string, SiteStylesOutput>();

/**
 * What a site's styles (`settings.siteStyles`, published or drafted) add to its pages: CSS after
 * the theme's stylesheet, body classes and the fonts to preload, served from our own origin.
 * Kept per distinct value (least recently used out first).
 */
export function siteStylesOutput(stored: unknown): SiteStylesOutput {
  if (stored === undefined || stored === null) return siteStylesCss(undefined, () => undefined);
  const key = JSON.stringify(stored);
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  const output = siteStylesCss(stored, fontAssets().urlOf);
  compiled.set(key, output);
  if (compiled.size > KEPT) compiled.delete(compiled.keys().next().value!);
  return output;
}

/** `<link rel="preload">` tags of a page's fonts (same-origin URLs of ours). */
export function fontPreloadTags(output: SiteStylesOutput): string {
  return output.preloads.map((url) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`).join('');
}
